// Portable binary64 special functions: the C++/CUDA port of lib/core/math/{log1p,expm1,lgamma,logfactorial,
// erf,ndtri,acos}.ts, bit for bit. The rule of cr_math.h holds: only correctly rounded +, -, *, /, sqrt,
// exact bit manipulation and cr_math.h's cr_log / cr_exp, each operation in the order the TypeScript
// spells it, built without contraction (nvcc -fmad=false, host -ffp-contract=off). Constants are the
// TypeScript's decimal literals with their bit patterns; derivations, sources (fdlibm, Wichura's
// AS 241) and measured errors are in the TypeScript files and docs/accuracy.md. Checked against the
// TypeScript values in test/vectors/special.json by cuda/test/test_special.cpp. Device-safe: no std::,
// no libm beyond floor/fabs/sqrt, the one table a static const array inside its function.
#ifndef CR_SPECIAL_H
#define CR_SPECIAL_H

#include "cr_math.h"

// ---- bits ----------------------------------------------------------------------------------------

/** x with its low 32 bits cleared (lib/core/math/bits.ts clearLowWord). */
CR_HD inline double cr_clear_lo(double x) { return cr_dfrom(cr_dbits(x) & 0xffffffff00000000ull); }

CR_HD inline double cr_inf() { return cr_dfrom(0x7ff0000000000000ull); }
CR_HD inline double cr_nan() { return cr_dfrom(0x7ff8000000000000ull); }

// ---- log1p (lib/core/math/log1p.ts) -------------------------------------------------------------------

CR_HD inline double cr_log1p(double x) {
  const double TWO_THIRDS = 6.666666666666666297e-01; /* 3FE55555 55555555 */
  const double LG1 = 6.666666666666735130e-01;        /* 3FE55555 55555593 */
  const double LG2 = 3.999999999940941908e-01;        /* 3FD99999 9997FA04 */
  const double LG3 = 2.857142874366239149e-01;        /* 3FD24924 94229359 */
  const double LG4 = 2.222219843214978396e-01;        /* 3FCC71C5 1D8E78AF */
  const double LG5 = 1.818357216161805012e-01;        /* 3FC74664 96CB03DE */
  const double LG6 = 1.531383769920937332e-01;        /* 3FC39A09 D078C69F */
  const double LG7 = 1.479819860511658591e-01;        /* 3FC2F112 DF3E5244 */
  const int32_t hx = cr_hiword(x);
  const int32_t ax = hx & 0x7fffffff;
  int k = 1;
  double f = 0.0, c = 0.0;
  int32_t hu = 0;
  if (hx < 0x3fda827a) {
    if (ax >= 0x3ff00000) {
      if (x == -1.0) return -cr_inf();
      return cr_nan();
    }
    if (ax < 0x3e200000) {
      if (ax < 0x3c900000) return x;
      return x - x * x * 0.5;
    }
    if (hx > 0 || hx <= (int32_t)0xbfd2bec4) {
      k = 0;
      f = x;
      hu = 1;
    }
  }
  if (hx >= 0x7ff00000) return x + x;
  if (k != 0) {
    double u;
    if (hx < 0x43400000) {
      u = 1.0 + x;
      hu = cr_hiword(u);
      k = (hu >> 20) - 1023;
      c = k > 0 ? 1.0 - (u - x) : x - (u - 1.0);
      c /= u;
    } else {
      u = x;
      hu = cr_hiword(u);
      k = (hu >> 20) - 1023;
      c = 0.0;
    }
    hu &= 0x000fffff;
    if (hu < 0x6a09e) {
      u = u * cr_pow2(-k);
    } else {
      k += 1;
      u = u * cr_pow2(-k);
      hu = (0x00100000 - hu) >> 2;
    }
    f = u - 1.0;
  }
  const double hfsq = 0.5 * f * f;
  const double dk = (double)k;
  if (hu == 0) {
    if (f == 0.0) {
      c += dk * CR_LN2_LO;
      return dk * CR_LN2_HI + c;
    }
    const double R = hfsq * (1.0 - TWO_THIRDS * f);
    return dk * CR_LN2_HI - ((R - (dk * CR_LN2_LO + c)) - f);
  }
  const double s = f / (2.0 + f);
  const double z = s * s;
  const double R = z * (LG1 + z * (LG2 + z * (LG3 + z * (LG4 + z * (LG5 + z * (LG6 + z * LG7))))));
  if (k == 0) return f - (hfsq - s * (hfsq + R));
  return dk * CR_LN2_HI - ((hfsq - (s * (hfsq + R) + (dk * CR_LN2_LO + c))) - f);
}

// ---- expm1 (lib/core/math/expm1.ts) -------------------------------------------------------------------

CR_HD inline double cr_expm1(double x) {
  const double INV_LN2 = 1.44269504088896338700e+00;     /* 3FF71547 652B82FE */
  const double O_THRESHOLD = 7.09782712893383973096e+02; /* 40862E42 FEFA39EF */
  const double Q1 = -3.33333333333331316428e-02;         /* BFA11111 111110F4 */
  const double Q2 = 1.58730158725481460165e-03;          /* 3F5A01A0 19FE5585 */
  const double Q3 = -7.93650757867487942473e-05;         /* BF14CE19 9EAADBB7 */
  const double Q4 = 4.00821782732936239552e-06;          /* 3ED0CFCA 86E65239 */
  const double Q5 = -2.01099218183624371326e-07;         /* BE8AFDB7 6E09C32D */
  const int32_t hw = cr_hiword(x);
  const bool neg = hw < 0;
  const int32_t hx = hw & 0x7fffffff;
  if (hx >= 0x4043687a) {
    if (x != x) return x + x;
    if (x > O_THRESHOLD) return cr_inf();
    if (neg) return -1.0;
  }
  int k;
  double c = 0.0;
  if (hx > 0x3fd62e42) {
    double hi, lo;
    if (hx < 0x3ff0a2b2) {
      if (!neg) {
        hi = x - CR_LN2_HI;
        lo = CR_LN2_LO;
        k = 1;
      } else {
        hi = x + CR_LN2_HI;
        lo = -CR_LN2_LO;
        k = -1;
      }
    } else {
      k = (int)(INV_LN2 * x + (neg ? -0.5 : 0.5));
      const double t = (double)k;
      hi = x - t * CR_LN2_HI;
      lo = t * CR_LN2_LO;
    }
    x = hi - lo;
    c = (hi - x) - lo;
  } else if (hx < 0x3c900000) {
    return x;
  } else {
    k = 0;
  }
  const double hfx = 0.5 * x;
  const double hxs = x * hfx;
  const double r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
  double t = 3.0 - r1 * hfx;
  double e = hxs * ((r1 - t) / (6.0 - x * t));
  if (k == 0) return x - (x * e - hxs);
  e = x * (e - c) - c;
  e -= hxs;
  if (k == -1) return 0.5 * (x - e) - 0.5;
  if (k == 1) {
    if (x < -0.25) return -2.0 * (e - (x + 0.5));
    return 1.0 + 2.0 * (x - e);
  }
  double y;
  if (k <= -2 || k > 56) {
    y = 1.0 - (e - x);
    if (k == 1024) y = y * 2.0 * cr_pow2(1023);
    else y = y * cr_pow2(k);
    return y - 1.0;
  }
  if (k < 20) {
    t = 1.0 - cr_pow2(-k);
    y = t - (e - x);
    y = y * cr_pow2(k);
  } else {
    t = cr_pow2(-k);
    y = x - (e + t);
    y += 1.0;
    y = y * cr_pow2(k);
  }
  return y;
}

// ---- lgamma, x > 0 (lib/core/math/lgamma.ts) ----------------------------------------------------------

CR_HD inline double cr_lgamma(double x) {
  const double A0 = 7.72156649015328655494e-02;  /* 3FB3C467 E37DB0C8 */
  const double A1 = 3.22467033424113591611e-01;  /* 3FD4A34C C4A60FAD */
  const double A2 = 6.73523010531292681824e-02;  /* 3FB13E00 1A5562A7 */
  const double A3 = 2.05808084325167332806e-02;  /* 3F951322 AC92547B */
  const double A4 = 7.38555086081402883957e-03;  /* 3F7E404F B68FEFE8 */
  const double A5 = 2.89051383673415629091e-03;  /* 3F67ADD8 CCB7926B */
  const double A6 = 1.19270763183362067845e-03;  /* 3F538A94 116F3F5D */
  const double A7 = 5.10069792153511336608e-04;  /* 3F40B6C6 89B99C00 */
  const double A8 = 2.20862790713908385557e-04;  /* 3F2CF2EC ED10E54D */
  const double A9 = 1.08011567247583939954e-04;  /* 3F1C5088 987DFB07 */
  const double A10 = 2.52144565451257326939e-05; /* 3EFA7074 428CFA52 */
  const double A11 = 4.48640949618915160150e-05; /* 3F07858E 90A45837 */
  const double TC = 1.46163214496836224576e+00;  /* 3FF762D8 6356BE3F */
  const double TF = -1.21486290535849611461e-01; /* BFBF19B9 BCC38A42 */
  const double TT = -3.63867699703950536541e-18; /* BC50C7CA A48A971F */
  const double T0 = 4.83836122723810047042e-01;  /* 3FDEF72B C8EE38A2 */
  const double T1 = -1.47587722994593911752e-01; /* BFC2E427 8DC6C509 */
  const double T2 = 6.46249402391333854778e-02;  /* 3FB08B42 94D5419B */
  const double T3 = -3.27885410759859649565e-02; /* BFA0C9A8 DF35B713 */
  const double T4 = 1.79706750811820387126e-02;  /* 3F9266E7 970AF9EC */
  const double T5 = -1.03142241298341437450e-02; /* BF851F9F BA91EC6A */
  const double T6 = 6.10053870246291332635e-03;  /* 3F78FCE0 E370E344 */
  const double T7 = -3.68452016781138256760e-03; /* BF6E2EFF B3E914D7 */
  const double T8 = 2.25964780900612472250e-03;  /* 3F6282D3 2E15C915 */
  const double T9 = -1.40346469989232843813e-03; /* BF56FE8E BF2D1AF1 */
  const double T10 = 8.81081882437654011382e-04; /* 3F4CDF0C EF61A8E9 */
  const double T11 = -5.38595305356740546715e-04; /* BF41A610 9C73E0EC */
  const double T12 = 3.15632070903625950361e-04;  /* 3F34AF6D 6C0EBBF7 */
  const double T13 = -3.12754168375120860518e-04; /* BF347F24 ECC38C38 */
  const double T14 = 3.35529192635519073543e-04;  /* 3F35FD3E E8C2D3F4 */
  const double U0 = -7.72156649015328655494e-02; /* BFB3C467 E37DB0C8 */
  const double U1 = 6.32827064025093366517e-01;  /* 3FE4401E 8B005DFF */
  const double U2 = 1.45492250137234768737e+00;  /* 3FF7475C D119BD6F */
  const double U3 = 9.77717527963372745603e-01;  /* 3FEF4976 44EA8450 */
  const double U4 = 2.28963728064692451092e-01;  /* 3FCD4EAE F6010924 */
  const double U5 = 1.33810918536787660377e-02;  /* 3F8B678B BF2BAB09 */
  const double V1 = 2.45597793713041134822e+00;  /* 4003A5D7 C2BD619C */
  const double V2 = 2.12848976379893395361e+00;  /* 40010725 A42B18F5 */
  const double V3 = 7.69285150456672783825e-01;  /* 3FE89DFB E45050AF */
  const double V4 = 1.04222645593369134254e-01;  /* 3FBAAE55 D6537C88 */
  const double V5 = 3.21709242282423911810e-03;  /* 3F6A5ABB 57D0CF61 */
  const double S0 = -7.72156649015328655494e-02; /* BFB3C467 E37DB0C8 */
  const double S1 = 2.14982415960608852501e-01;  /* 3FCB848B 36E20878 */
  const double S2 = 3.25778796408930981787e-01;  /* 3FD4D98F 4F139F59 */
  const double S3 = 1.46350472652464452805e-01;  /* 3FC2BB9C BEE5F2F7 */
  const double S4 = 2.66422703033638609560e-02;  /* 3F9B481C 7E939961 */
  const double S5 = 1.84028451407337715652e-03;  /* 3F5E26B6 7368F239 */
  const double S6 = 3.19475326584100867617e-05;  /* 3F00BFEC DD17E945 */
  const double R1 = 1.39200533467621045958e+00;  /* 3FF645A7 62C4AB74 */
  const double R2 = 7.21935547567138069525e-01;  /* 3FE71A18 93D3DCDC */
  const double R3 = 1.71933865632803078993e-01;  /* 3FC601ED CCFBDF27 */
  const double R4 = 1.86459191715652901344e-02;  /* 3F9317EA 742ED475 */
  const double R5 = 7.77942496381893596434e-04;  /* 3F497DDA CA41A95B */
  const double R6 = 7.32668430744625636189e-06;  /* 3EDEBAF7 A5B38140 */
  const double W0 = 4.18938533204672725052e-01;  /* 3FDACFE3 90C97D69 */
  const double W1 = 8.33333333333329678849e-02;  /* 3FB55555 5555553B */
  const double W2 = -2.77777777728775536470e-03; /* BF66C16C 16B02E5C */
  const double W3 = 7.93650558643019558500e-04;  /* 3F4A019F 98CF38B6 */
  const double W4 = -5.95187557450339963135e-04; /* BF4380CB 8C0FE741 */
  const double W5 = 8.36339918996282139126e-04;  /* 3F4B67BA 4CDAD5D1 */
  const double W6 = -1.63092934096575273989e-03; /* BF5AB89D 0B9E43E4 */
  if (!(x > 0.0)) {
    if (x == 0.0) return cr_inf();
    return cr_nan();
  }
  const int32_t hx = cr_hiword(x);
  if (hx >= 0x7ff00000) return cr_inf();
  if (hx < 0x3b900000) return -cr_log(x);
  double r;
  if (x == 1.0 || x == 2.0) {
    r = 0.0;
  } else if (hx < 0x40000000) {
    double y;
    int i;
    if (hx <= 0x3feccccc) {
      r = -cr_log(x);
      if (hx >= 0x3fe76944) {
        y = 1.0 - x;
        i = 0;
      } else if (hx >= 0x3fcda661) {
        y = x - (TC - 1.0);
        i = 1;
      } else {
        y = x;
        i = 2;
      }
    } else {
      r = 0.0;
      if (hx >= 0x3ffbb4c3) {
        y = 2.0 - x;
        i = 0;
      } else if (hx >= 0x3ff3b4c4) {
        y = x - TC;
        i = 1;
      } else {
        y = x - 1.0;
        i = 2;
      }
    }
    if (i == 0) {
      const double z = y * y;
      const double p1 = A0 + z * (A2 + z * (A4 + z * (A6 + z * (A8 + z * A10))));
      const double p2 = z * (A1 + z * (A3 + z * (A5 + z * (A7 + z * (A9 + z * A11)))));
      const double p = y * p1 + p2;
      r += p - 0.5 * y;
    } else if (i == 1) {
      const double z = y * y;
      const double w = z * y;
      const double p1 = T0 + w * (T3 + w * (T6 + w * (T9 + w * T12)));
      const double p2 = T1 + w * (T4 + w * (T7 + w * (T10 + w * T13)));
      const double p3 = T2 + w * (T5 + w * (T8 + w * (T11 + w * T14)));
      const double p = z * p1 - (TT - w * (p2 + y * p3));
      r += TF + p;
    } else {
      const double p1 = y * (U0 + y * (U1 + y * (U2 + y * (U3 + y * (U4 + y * U5)))));
      const double p2 = 1.0 + y * (V1 + y * (V2 + y * (V3 + y * (V4 + y * V5))));
      r += -0.5 * y + p1 / p2;
    }
  } else if (hx < 0x40200000) {
    const int i = (int)floor(x);
    const double y = x - (double)i;
    const double p = y * (S0 + y * (S1 + y * (S2 + y * (S3 + y * (S4 + y * (S5 + y * S6))))));
    const double q = 1.0 + y * (R1 + y * (R2 + y * (R3 + y * (R4 + y * (R5 + y * R6)))));
    r = 0.5 * y + p / q;
    if (i >= 3) {
      double z = 1.0;
      for (int j = i - 1; j >= 2; j--) z *= y + (double)j;
      r += cr_log(z);
    }
  } else if (hx < 0x43900000) {
    const double t = cr_log(x);
    const double z = 1.0 / x;
    const double y = z * z;
    const double w = W0 + z * (W1 + y * (W2 + y * (W3 + y * (W4 + y * (W5 + y * W6)))));
    r = (x - 0.5) * (t - 1.0) + w;
  } else {
    r = x * (cr_log(x) - 1.0);
  }
  return r;
}

// ---- log k! (lib/core/math/logfactorial.ts) -----------------------------------------------------------

/** log(k!) for an integer-valued k >= 0; NaN for negative or non-integer k. */
CR_HD inline double cr_log_factorial(double k) {
  // log(k!) for k = 0..170, correctly rounded (scripts/gen-log-factorial-table.mjs)
  static const double LOG_FACTORIAL[171] = {
      0.0, /* 0: 00000000 00000000 */
      0.0, /* 1: 00000000 00000000 */
      0.6931471805599453, /* 2: 3FE62E42 FEFA39EF */
      1.791759469228055, /* 3: 3FFCAB0B FA2A2002 */
      3.1780538303479458, /* 4: 40096CA7 7C922CF9 */
      4.787491742782046, /* 5: 40132664 3C4479C9 */
      6.579251212010101, /* 6: 401A5127 3ACF01CA */
      8.525161361065415, /* 7: 40210CE1 F32DCC30 */
      10.60460290274525, /* 8: 4025358E 82FCB70D */
      12.801827480081469, /* 9: 40299A89 21A7F7CF */
      15.104412573075516, /* 10: 402E3575 90954D15 */
      17.502307845873887, /* 11: 40318097 3F3A8D74 */
      19.987214495661885, /* 12: 4033FCBA 16D50143 */
      22.552163853123425, /* 13: 40368D5A 9C3B32CE */
      25.19122118273868, /* 14: 403930F3 DF162A42 */
      27.89927138384089, /* 15: 403BE636 A63FD346 */
      30.671860106080672, /* 16: 403EABFF 061F1A84 */
      33.50507345013689, /* 17: 4040C0A6 3F2F353A */
      36.39544520803305, /* 18: 4042329D F2D5EE52 */
      39.339884187199495, /* 19: 4043AB81 53363985 */
      42.335616460753485, /* 20: 40452AF5 7AED77BE */
      45.38013889847691, /* 21: 4046B0A8 643472A9 */
      48.47118135183523, /* 22: 40483C4F ABA84F06 */
      51.60667556776438, /* 23: 4049CDA7 8B856A45 */
      54.78472939811232, /* 24: 404B6472 034E8D14 */
      58.00360522298052, /* 25: 404D0076 22CD65E7 */
      61.261701761002, /* 26: 404EA17F 717C6794 */
      64.55753862700634, /* 27: 405023AE B67E4FEF */
      67.88974313718154, /* 28: 4050F8F1 8D330240 */
      71.25703896716801, /* 29: 4051D073 53917231 */
      74.65823634883016, /* 30: 4052AA20 8B59D0E5 */
      78.0922235533153, /* 31: 405385E6 FD9E5A40 */
      81.55795945611504, /* 32: 405463B5 9B942084 */
      85.05446701758152, /* 33: 4055437C 633ACE4A */
      88.58082754219768, /* 34: 4056252C 474896BA */
      92.1361756036871, /* 35: 405708B7 19E11658 */
      95.7196945421432, /* 36: 4057EE0F 79B26758 */
      99.33061245478743, /* 37: 4058D528 C1243D96 */
      102.96819861451381, /* 38: 4059BDF6 F75257A3 */
      106.63176026064346, /* 39: 405AA86E C2969812 */
      110.32063971475739, /* 40: 405B9485 5C702BA2 */
      114.0342117814617, /* 41: 405C8230 869CA105 */
      117.77188139974507, /* 42: 405D7166 813E12EE */
      121.53308151543864, /* 43: 405E621E 01EEBA4F */
      125.3172711493569, /* 44: 405F544E 2BA69CF1 */
      129.12393363912722, /* 45: 406023F7 43ADDD9F */
      132.95257503561632, /* 46: 40609E7B 7EA41EA9 */
      136.80272263732635, /* 47: 406119AF E762626B */
      140.67392364823425, /* 48: 40619590 C853A559 */
      144.5657439463449, /* 49: 4062121A 930C6EC3 */
      148.47776695177302, /* 50: 40628F49 DDEB1F31 */
      152.40959258449735, /* 51: 40630D1B 61E86335 */
      156.3608363030788, /* 52: 40638B8B F8931DDB */
      160.3311282166309, /* 53: 40640A98 9A33A6CD */
      164.32011226319517, /* 54: 40648A3E 5C12AF19 */
      168.32744544842765, /* 55: 40650A7A 6EE08711 */
      172.3527971391628, /* 56: 40658B4A 1D39DA73 */
      176.39584840699735, /* 57: 40660CAA CA474746 */
      180.45629141754378, /* 58: 40668E99 F0757979 */
      184.53382886144948, /* 59: 40671115 2043B2C4 */
      188.6281734236716, /* 60: 40679419 FF26DC59 */
      192.7390472878449, /* 61: 406817A6 467F6FB9 */
      196.86618167289, /* 62: 40689BB7 C2A0AEA1 */
      201.00931639928152, /* 63: 4069204C 51E7C761 */
      205.1681994826412, /* 64: 4069A561 E3E1A4BD */
      209.34258675253685, /* 65: 406A2AF6 787E4609 */
      213.53224149456327, /* 66: 406AB108 1F509726 */
      217.73693411395422, /* 67: 406B3794 F6D9D7AF */
      221.95644181913033, /* 68: 406BBE9B 2BDFB621 */
      226.1905483237276, /* 69: 406C4618 F8CC56F7 */
      230.43904356577696, /* 70: 406CCE0C A5179100 */
      234.70172344281826, /* 71: 406D5674 84B8B7B6 */
      238.97838956183432, /* 72: 406DDF4E F7A05A70 */
      243.2688490029827, /* 73: 406E689A 69396BEF */
      247.57291409618688, /* 74: 406EF255 4FF15148 */
      251.8904022097232, /* 75: 406F7C7E 2CC66183 */
      256.22113555000954, /* 76: 40700389 C56E3462 */
      260.5649409718632, /* 77: 40704909 FF8B652B */
      264.9216497985528, /* 78: 40708EBF 13DBF263 */
      269.2910976510198, /* 79: 4070D4A8 5602B129 */
      273.6731242856937, /* 80: 40711AC5 1DF8932A */
      278.0675734403661, /* 81: 40716114 C7E34736 */
      282.4742926876304, /* 82: 4071A796 B3EDE1AC */
      286.893133295427, /* 83: 4071EE4A 46236D3E */
      291.3239500942703, /* 84: 4072352E E64B46D5 */
      295.76660135076065, /* 85: 40727C43 FFC72962 */
      300.22094864701415, /* 86: 4072C389 0172D057 */
      304.6868567656687, /* 87: 40730AFD 5D851956 */
      309.1641935801469, /* 88: 407352A0 89728F1B */
      313.65282994987905, /* 89: 40739A71 FDD14947 */
      318.1526396202093, /* 90: 4073E271 363E0DF7 */
      322.66349912672615, /* 91: 40742A9D B142A36A */
      327.1852877037752, /* 92: 407472F6 F03D410C */
      331.7178871969285, /* 93: 4074BB7C 77491066 */
      336.26118197919845, /* 94: 4075042D CD27AF64 */
      340.815058870799, /* 95: 40754D0A 7B2BA658 */
      345.37940706226686, /* 96: 40759612 0D23C4EC */
      349.95411804077025, /* 97: 4075DF44 11475A1C */
      354.5390855194408, /* 98: 407628A0 18233BED */
      359.1342053695754, /* 99: 40767225 B4879462 */
      363.73937555556347, /* 100: 4076BBD4 7B7669B6 */
      368.35449607240474, /* 101: 407705AC 0412D89F */
      372.979468885689, /* 102: 40774FAB E790F7BE */
      377.61419787391867, /* 103: 407799D3 C1265C0E */
      382.25858877306, /* 104: 4077E423 2DFB367D */
      386.91254912321756, /* 105: 40782E99 CD1C0368 */
      391.5759882173296, /* 106: 40787937 3F6BC4FE */
      396.24881705179155, /* 107: 4078C3FB 2796C21C */
      400.93094827891576, /* 108: 40790EE5 2A05C35F */
      405.6222961611449, /* 109: 407959F4 ECD1C8B3 */
      410.32277652693733, /* 110: 4079A52A 17B831CC */
      415.03230672824964, /* 111: 4079F084 540F545E */
      419.7508055995447, /* 112: 407A3C03 4CBB7B2C */
      424.4781934182571, /* 113: 407A87A6 AE24493A */
      429.21439186665157, /* 114: 407AD36E 262A7CC0 */
      433.9593239950148, /* 115: 407B1F59 641E0DB5 */
      438.71291418612117, /* 116: 407B6B68 18B4A3EB */
      443.47508812091894, /* 117: 407BB799 F600610A */
      448.2457727453846, /* 118: 407C03EE AF66FACD */
      453.0248962384961, /* 119: 407C5065 F9992226 */
      457.81238798127816, /* 120: 407C9CFF 8A8A340D */
      462.6081785268749, /* 121: 407CE9BB 196830EA */
      467.4121995716082, /* 122: 407D3698 5E93F7B8 */
      472.2243839269806, /* 123: 407D8397 1399C213 */
      477.04466549258564, /* 124: 407DD0B6 F329DEA4 */
      481.87297922988796, /* 125: 407E1DF7 B911A74C */
      486.7092611368394, /* 126: 407E6B59 2234B0C9 */
      491.553448223298, /* 127: 407EB8DA EC863182 */
      496.40547848721764, /* 128: 407F067C D7029D4D */
      501.2652908915793, /* 129: 407F543E A1A97428 */
      506.1328253420349, /* 130: 407FA220 0D7741EB */
      511.008022665236, /* 131: 407FF020 DC5FCD0C */
      515.8908245878224, /* 132: 40801F20 68A4395C */
      520.7811737160441, /* 133: 4080463F D801573C */
      525.679013515995, /* 134: 40806D6E 9EA365ED */
      530.5842882944335, /* 135: 408094AC 9F576038 */
      535.4969431801695, /* 136: 4080BBF9 BD589663 */
      540.4169241059976, /* 137: 4080E355 DC4E4164 */
      545.3441777911548, /* 138: 40810AC0 E0492828 */
      550.2786517242855, /* 139: 4081323A ADC1563E */
      555.2202941468948, /* 140: 408159C3 2993E34F */
      560.169054037273, /* 141: 4081815A 3900CAC1 */
      565.1248810948744, /* 142: 4081A8FF C1A8D2FE */
      570.0877257251342, /* 143: 4081D0B3 A98B83C1 */
      575.0575390247102, /* 144: 4081F875 D7052AFE */
      580.0342727671308, /* 145: 40822046 30CCEFC3 */
      585.0178793888391, /* 146: 40824824 9DF2F2B1 */
      590.0083119756179, /* 147: 40827011 05DE7B8D */
      595.005524249382, /* 148: 4082980B 504C3372 */
      600.0094705553274, /* 149: 4082C013 654C6B40 */
      605.0201058494237, /* 150: 4082E829 2D416DDD */
      610.0373856862386, /* 151: 4083104C 90DDDDDE */
      615.0612662070849, /* 152: 4083387D 79231E3D */
      620.0917041284773, /* 153: 408360BB CF5FC5BF */
      625.128656730891, /* 154: 40838907 7D2E1CB2 */
      630.1720818478102, /* 155: 4083B160 6C72A4A4 */
      635.2219378550598, /* 156: 4083D9C6 875AA9CF */
      640.278183660408, /* 157: 40840239 B85ADDDF */
      645.340778693435, /* 158: 40842AB9 EA2DFBD1 */
      650.4096828956552, /* 159: 40845347 07D3748F */
      655.4848567108891, /* 160: 40847BE0 FC8E241E */
      660.5662610758735, /* 161: 4084A487 B3E30EFF */
      665.653857411106, /* 162: 4084CD3B 19982794 */
      670.7476076119127, /* 163: 4084F5FB 19B31B3F */
      675.8474740397369, /* 164: 40851EC7 A0782708 */
      680.9534195136374, /* 165: 408547A0 9A68F387 */
      686.065407301994, /* 166: 40857085 F44377DF */
      691.1834011144108, /* 167: 40859977 9B00E38E */
      696.307365093814, /* 168: 4085C275 7BD48EE8 */
      701.437263808737, /* 169: 4085EB7F 842AF200 */
      706.5730622457874, /* 170: 40861495 A1A8A1D5 */
  };
  if (!(k >= 0.0) || floor(k) != k) return cr_nan();
  if (k <= 170.0) return LOG_FACTORIAL[(int)k];
  return cr_lgamma(k + 1.0);
}

// ---- erf, erfc (lib/core/math/erf.ts) -----------------------------------------------------------------

#define CR_ERX 8.45062911510467529297e-01 /* 3FEB0AC1 60000000 */

/** x R(x^2) on |x| < 0.84375. */
CR_HD inline double cr_erf_small_r(double x) {
  const double PP0 = 1.28379167095512558561e-01;  /* 3FC06EBA 8214DB68 */
  const double PP1 = -3.25042107247001499370e-01; /* BFD4CD7D 691CB913 */
  const double PP2 = -2.84817495755985104766e-02; /* BF9D2A51 DBD7194F */
  const double PP3 = -5.77027029648944159157e-03; /* BF77A291 236668E4 */
  const double PP4 = -2.37630166566501626084e-05; /* BEF8EAD6 120016AC */
  const double QQ1 = 3.97917223959155352819e-01;  /* 3FD97779 CDDADC09 */
  const double QQ2 = 6.50222499887672944485e-02;  /* 3FB0A54C 5536CEBA */
  const double QQ3 = 5.08130628187576562776e-03;  /* 3F74D022 C4D36B0F */
  const double QQ4 = 1.32494738004321644526e-04;  /* 3F215DC9 221C1A10 */
  const double QQ5 = -3.96022827877536812320e-06; /* BED09C43 42A26120 */
  const double z = x * x;
  const double r = PP0 + z * (PP1 + z * (PP2 + z * (PP3 + z * PP4)));
  const double s = 1.0 + z * (QQ1 + z * (QQ2 + z * (QQ3 + z * (QQ4 + z * QQ5))));
  return r / s;
}

/** P1(s)/Q1(s), s = |x| - 1, on 0.84375 <= |x| < 1.25. */
CR_HD inline double cr_erf_near_one(double ax) {
  const double PA0 = -2.36211856075265944077e-03; /* BF6359B8 BEF77538 */
  const double PA1 = 4.14856118683748331666e-01;  /* 3FDA8D00 AD92B34D */
  const double PA2 = -3.72207876035701323847e-01; /* BFD7D240 FBB8C3F1 */
  const double PA3 = 3.18346619901161753674e-01;  /* 3FD45FCA 805120E4 */
  const double PA4 = -1.10894694282396677476e-01; /* BFBC6398 3D3E28EC */
  const double PA5 = 3.54783043256182359371e-02;  /* 3FA22A36 599795EB */
  const double PA6 = -2.16637559486879084300e-03; /* BF61BF38 0A96073F */
  const double QA1 = 1.06420880400844228286e-01;  /* 3FBB3E66 18EEE323 */
  const double QA2 = 5.40397917702171048937e-01;  /* 3FE14AF0 92EB6F33 */
  const double QA3 = 7.18286544141962662868e-02;  /* 3FB2635C D99FE9A7 */
  const double QA4 = 1.26171219808761642112e-01;  /* 3FC02660 E763351F */
  const double QA5 = 1.36370839120290507362e-02;  /* 3F8BEDC2 6B51DD1C */
  const double QA6 = 1.19844998467991074170e-02;  /* 3F888B54 5735151D */
  const double s = ax - 1.0;
  const double P = PA0 + s * (PA1 + s * (PA2 + s * (PA3 + s * (PA4 + s * (PA5 + s * PA6)))));
  const double Q = 1.0 + s * (QA1 + s * (QA2 + s * (QA3 + s * (QA4 + s * (QA5 + s * QA6)))));
  return P / Q;
}

/** x erfc(x) for x = |x| >= 1.25 (low: the [1.25, 1/0.35) fit). */
CR_HD inline double cr_erfc_tail(double ax, bool low) {
  const double RA0 = -9.86494403484714822705e-03; /* BF843412 600D6435 */
  const double RA1 = -6.93858572707181764372e-01; /* BFE63416 E4BA7360 */
  const double RA2 = -1.05586262253232909814e+01; /* C0251E04 41B0E726 */
  const double RA3 = -6.23753324503260060396e+01; /* C04F300A E4CBA38D */
  const double RA4 = -1.62396669462573470355e+02; /* C0644CB1 84282266 */
  const double RA5 = -1.84605092906711035994e+02; /* C067135C EBCCABB2 */
  const double RA6 = -8.12874355063065934246e+01; /* C0545265 57E4D2F2 */
  const double RA7 = -9.81432934416914548592e+00; /* C023A0EF C69AC25C */
  const double SA1 = 1.96512716674392571292e+01;  /* 4033A6B9 BD707687 */
  const double SA2 = 1.37657754143519042600e+02;  /* 4061350C 526AE721 */
  const double SA3 = 4.34565877475229228821e+02;  /* 407B290D D58A1A71 */
  const double SA4 = 6.45387271733267880336e+02;  /* 40842B19 21EC2868 */
  const double SA5 = 4.29008140027567833386e+02;  /* 407AD021 57700314 */
  const double SA6 = 1.08635005541779435134e+02;  /* 405B28A3 EE48AE2C */
  const double SA7 = 6.57024977031928170135e+00;  /* 401A47EF 8E484A93 */
  const double SA8 = -6.04244152148580987438e-02; /* BFAEEFF2 EE749A62 */
  const double RB0 = -9.86494292470009928597e-03; /* BF843412 39E86F4A */
  const double RB1 = -7.99283237680523006574e-01; /* BFE993BA 70C285DE */
  const double RB2 = -1.77579549177547519889e+01; /* C031C209 555F995A */
  const double RB3 = -1.60636384855821916062e+02; /* C064145D 43C5ED98 */
  const double RB4 = -6.37566443368389627722e+02; /* C083EC88 1375F228 */
  const double RB5 = -1.02509513161107724954e+03; /* C0900461 6A2E5992 */
  const double RB6 = -4.83519191608651397019e+02; /* C07E384E 9BDC383F */
  const double SB1 = 3.03380607434824582924e+01;  /* 403E568B 261D5190 */
  const double SB2 = 3.25792512996573918826e+02;  /* 40745CAE 221B9F0A */
  const double SB3 = 1.53672958608443695994e+03;  /* 409802EB 189D5118 */
  const double SB4 = 3.19985821950859553908e+03;  /* 40A8FFB7 688C246A */
  const double SB5 = 2.55305040643316442583e+03;  /* 40A3F219 CEDF3BE6 */
  const double SB6 = 4.74528541206955367215e+02;  /* 407DA874 E79FE763 */
  const double SB7 = -2.24409524465858183362e+01; /* C03670E2 42712D62 */
  const double s = 1.0 / (ax * ax);
  double R, S;
  if (low) {
    R = RA0 + s * (RA1 + s * (RA2 + s * (RA3 + s * (RA4 + s * (RA5 + s * (RA6 + s * RA7))))));
    S = 1.0 + s * (SA1 + s * (SA2 + s * (SA3 + s * (SA4 + s * (SA5 + s * (SA6 + s * (SA7 + s * SA8)))))));
  } else {
    R = RB0 + s * (RB1 + s * (RB2 + s * (RB3 + s * (RB4 + s * (RB5 + s * RB6)))));
    S = 1.0 + s * (SB1 + s * (SB2 + s * (SB3 + s * (SB4 + s * (SB5 + s * (SB6 + s * SB7))))));
  }
  const double z = cr_clear_lo(ax);
  return cr_exp(-z * z - 0.5625) * cr_exp((z - ax) * (z + ax) + R / S);
}

CR_HD inline double cr_erf(double x) {
  const double EFX = 1.28379167095512586316e-01;  /* 3FC06EBA 8214DB69 */
  const double EFX8 = 1.02703333676410069053e+00; /* 3FF06EBA 8214DB69 */
  const int32_t hx = cr_hiword(x);
  const int32_t ix = hx & 0x7fffffff;
  if (ix >= 0x7ff00000) {
    if (x != x) return x + x;
    return hx < 0 ? -1.0 : 1.0;
  }
  if (ix < 0x3feb0000) {
    if (ix < 0x3e300000) {
      if (ix < 0x00800000) return (8.0 * x + EFX8 * x) / 8.0;
      return x + EFX * x;
    }
    return x + x * cr_erf_small_r(x);
  }
  if (ix < 0x3ff40000) {
    const double pq = cr_erf_near_one(fabs(x));
    return hx >= 0 ? CR_ERX + pq : -CR_ERX - pq;
  }
  if (ix >= 0x40180000) return hx >= 0 ? 1.0 : -1.0;
  const double ax = fabs(x);
  const double r = cr_erfc_tail(ax, ix < 0x4006db6e);
  return hx >= 0 ? 1.0 - r / ax : r / ax - 1.0;
}

CR_HD inline double cr_erfc(double x) {
  const int32_t hx = cr_hiword(x);
  const int32_t ix = hx & 0x7fffffff;
  if (ix >= 0x7ff00000) {
    if (x != x) return x + x;
    return hx < 0 ? 2.0 : 0.0;
  }
  if (ix < 0x3feb0000) {
    if (ix < 0x3c700000) return 1.0 - x;
    const double y = cr_erf_small_r(x);
    if (hx < 0x3fd00000) return 1.0 - (x + x * y);
    double r = x * y;
    r += x - 0.5;
    return 0.5 - r;
  }
  if (ix < 0x3ff40000) {
    const double pq = cr_erf_near_one(fabs(x));
    if (hx >= 0) return (1.0 - CR_ERX) - pq;
    return 1.0 + (CR_ERX + pq);
  }
  if (ix < 0x403c0000) {
    if (hx < 0 && ix >= 0x40180000) return 2.0;
    const double ax = fabs(x);
    const double r = cr_erfc_tail(ax, ix < 0x4006db6d);
    return hx > 0 ? r / ax : 2.0 - r / ax;
  }
  return hx > 0 ? 0.0 : 2.0;
}

// ---- ndtri (lib/core/math/ndtri.ts) -------------------------------------------------------------------

CR_HD inline double cr_ndtri(double p) {
  const double SPLIT1 = 0.425;      /* 3FDB3333 33333333 */
  const double CONST1 = 0.180625;   /* 3FC71EB8 51EB851F */
  const double SPLIT2 = 5.0;        /* 40140000 00000000 */
  const double CONST2 = 1.6;        /* 3FF99999 9999999A */
  const double A0 = 3.3871328727963665; /* 400B18D9 1E9EEF75 */
  const double A1 = 133.14166789178438; /* 4060A488 8B1A436E */
  const double A2 = 1971.5909503065513; /* 409ECE5D 2213C0CC */
  const double A3 = 13731.69376550946;  /* 40CAD1D8 CD4EE71D */
  const double A4 = 45921.95393154987;  /* 40E66C3E 869B752A */
  const double A5 = 67265.7709270087;   /* 40F06C1C 55B78F20 */
  const double A6 = 33430.57558358813;  /* 40E052D2 6B2E45E4 */
  const double A7 = 2509.0809287301227; /* 40A39A29 6F7D925E */
  const double B1 = 42.31333070160091;  /* 4045281B 386E1AB5 */
  const double B2 = 687.1870074920579;  /* 4085797E FDC8B3F7 */
  const double B3 = 5394.196021424751;  /* 40B51232 2E75C89F */
  const double B4 = 21213.794301586597; /* 40D4B772 D5D65266 */
  const double B5 = 39307.89580009271;  /* 40E3317C AA64F4BE */
  const double B6 = 28729.085735721943; /* 40DC0E45 7CB1AE76 */
  const double B7 = 5226.495278852854;  /* 40B46A7E CA984B69 */
  const double C0 = 1.4234371107496835;   /* 3FF6C665 FDE9526A */
  const double C1 = 4.630337846156546;    /* 40128577 48CAB19B */
  const double C2 = 5.769497221460691;    /* 401713F7 1462256A */
  const double C3 = 3.6478483247632045;   /* 400D2ECB 1A3D02C4 */
  const double C4 = 1.2704582524523684;   /* 3FF453CC 085375B2 */
  const double C5 = 0.2417807251774506;   /* 3FCEF2AB B9B85C37 */
  const double C6 = 0.022723844989269184; /* 3F9744EB 6C45EC67 */
  const double C7 = 7.745450142783414e-4; /* 3F49615A C0B7ACE9 */
  const double D1 = 2.053191626637759;    /* 40006CEF BB46A449 */
  const double D2 = 1.6763848301838038;   /* 3FFAD278 E6526633 */
  const double D3 = 0.6897673349851;      /* 3FE61292 F23385C9 */
  const double D4 = 0.14810397642748008;  /* 3FC2F512 3394F040 */
  const double D5 = 0.015198666563616457; /* 3F8F207A 7EAB17BF */
  const double D6 = 5.475938084995345e-4; /* 3F41F18C BFDF2728 */
  const double D7 = 1.0507500716444169e-9; /* 3E120D3F 686439E4 */
  const double E0 = 6.657904643501103;     /* 401AA1B1 C13EE526 */
  const double E1 = 5.463784911164114;     /* 4015DAEA 6E875003 */
  const double E2 = 1.7848265399172913;    /* 3FFC8EA6 461FA445 */
  const double E3 = 0.29656057182850487;   /* 3FD2FAD9 315255CF */
  const double E4 = 0.026532189526576124;  /* 3F9B2B41 193B4EE7 */
  const double E5 = 0.0012426609473880784; /* 3F545C19 08425345 */
  const double E6 = 2.7115555687434876e-5; /* 3EFC6EC6 CC59E02A */
  const double E7 = 2.0103343992922881e-7; /* 3E8AFB74 D693BF93 */
  const double F1 = 0.599832206555888;     /* 3FE331D3 4FC7D77F */
  const double F2 = 0.1369298809227358;    /* 3FC186EB 183443FB */
  const double F3 = 0.014875361290850615;  /* 3F8E76F9 3215462A */
  const double F4 = 7.868691311456133e-4;  /* 3F49C8BC 979DC5D7 */
  const double F5 = 1.8463183175100548e-5; /* 3EF35C2C 496374BF */
  const double F6 = 1.421511758316446e-7;  /* 3E831446 F740B9E0 */
  const double F7 = 2.0442631033899397e-15; /* 3CE269BF F1F8C190 */
  const double NEWTON_LIMIT = 37.0;            /* 40428000 00000000 */
  const double S_HI = 0.7071067811865476;      /* 3FE6A09E 667F3BCD */
  const double S_LO = -4.833646656726457e-17;  /* BC8BDD34 13B26456 */
  const double S_H1 = 0.7071067839860916;      /* 3FE6A09E 68000000 */
  const double S_H2 = -2.7995440410322203e-9;  /* BE280C43 30000000 */
  const double SPLIT = 134217729.0;            /* 41A00000 02000000 */
  const double INV_SQRT_2PI = 0.3989422804014327; /* 3FD98845 33D43651 */
  const double SQRT2 = 1.4142135623730951;     /* 3FF6A09E 667F3BCD */
  if (!(p >= 0.0 && p <= 1.0)) return cr_nan();
  if (p == 0.0) return -cr_inf();
  if (p == 1.0) return cr_inf();
  const double q = p - 0.5;
  double x;
  const bool central = fabs(q) <= SPLIT1;
  const double pt = q < 0.0 ? p : 1.0 - p;
  if (central) {
    const double r = CONST1 - q * q;
    x = (q * (((((((A7 * r + A6) * r + A5) * r + A4) * r + A3) * r + A2) * r + A1) * r + A0)) /
        (((((((B7 * r + B6) * r + B5) * r + B4) * r + B3) * r + B2) * r + B1) * r + 1.0);
    if (x == 0.0) return x;
  } else {
    double r = sqrt(-cr_log(pt));
    if (r <= SPLIT2) {
      r = r - CONST2;
      x = (((((((C7 * r + C6) * r + C5) * r + C4) * r + C3) * r + C2) * r + C1) * r + C0) /
          (((((((D7 * r + D6) * r + D5) * r + D4) * r + D3) * r + D2) * r + D1) * r + 1.0);
    } else {
      r = r - SPLIT2;
      x = (((((((E7 * r + E6) * r + E5) * r + E4) * r + E3) * r + E2) * r + E1) * r + E0) /
          (((((((F7 * r + F6) * r + F5) * r + F4) * r + F3) * r + F2) * r + F1) * r + 1.0);
    }
    if (!(x < NEWTON_LIMIT)) return q < 0.0 ? -x : x;
    if (q < 0.0) x = -x;
  }
  const double a = fabs(x);
  const double t = a * S_HI;
  const double c = SPLIT * a;
  const double a1 = c - (c - a);
  const double a2 = a - a1;
  const double dt = ((((a1 * S_H1 - t) + a1 * S_H2) + a2 * S_H1) + a2 * S_H2) + a * S_LO;
  const double phi = cr_exp(-0.5 * a * a) * INV_SQRT_2PI;
  const double corr = SQRT2 * phi * dt;
  if (central) {
    const double qlo = p - (q + 0.5);
    const double h = 0.5 * cr_erf(t) + corr;
    const double res = ((x < 0.0 ? -h : h) - q) - qlo;
    return x - res / phi;
  }
  const double d = ((0.5 * cr_erfc(t) - corr) - pt) / phi;
  return q < 0.0 ? x - d : x + d;
}

// ---- acos (lib/core/math/acos.ts) ---------------------------------------------------------------------

/** z R(z) = pS(z) / qS(z) of fdlibm's asin/acos. */
CR_HD inline double cr_acos_r(double z) {
  const double PS0 = 1.66666666666666657415e-01;  /* 3FC55555 55555555 */
  const double PS1 = -3.25565818622400915405e-01; /* BFD4D612 03EB6F7D */
  const double PS2 = 2.01212532134862925881e-01;  /* 3FC9C155 0E884455 */
  const double PS3 = -4.00555345006794114027e-02; /* BFA48228 B5688F3B */
  const double PS4 = 7.91534994289814532176e-04;  /* 3F49EFE0 7501B288 */
  const double PS5 = 3.47933107596021167570e-05;  /* 3F023DE1 0DFDF709 */
  const double QS1 = -2.40339491173441421878e+00; /* C0033A27 1C8A2D4B */
  const double QS2 = 2.02094576023350569471e+00;  /* 40002AE5 9C598AC8 */
  const double QS3 = -6.88283971605453293030e-01; /* BFE6066C 1B8D0159 */
  const double QS4 = 7.70381505559019352791e-02;  /* 3FB3B8C5 B12E9282 */
  const double p = z * (PS0 + z * (PS1 + z * (PS2 + z * (PS3 + z * (PS4 + z * PS5)))));
  const double q = 1.0 + z * (QS1 + z * (QS2 + z * (QS3 + z * QS4)));
  return p / q;
}

CR_HD inline double cr_acos(double x) {
  const double PI = 3.14159265358979311600e+00;      /* 400921FB 54442D18 */
  const double PIO2_HI = 1.57079632679489655800e+00; /* 3FF921FB 54442D18 */
  const double PIO2_LO = 6.12323399573676603587e-17; /* 3C91A626 33145C07 */
  const int32_t hx = cr_hiword(x);
  const int32_t ix = hx & 0x7fffffff;
  if (ix >= 0x3ff00000) {
    if (x == 1.0) return 0.0;
    if (x == -1.0) return PI + 2.0 * PIO2_LO;
    return cr_nan();
  }
  if (ix < 0x3fe00000) {
    if (ix <= 0x3c600000) return PIO2_HI + PIO2_LO;
    const double r = cr_acos_r(x * x);
    return PIO2_HI - (x - (PIO2_LO - x * r));
  }
  if (hx < 0) {
    const double z = (1.0 + x) * 0.5;
    const double r = cr_acos_r(z);
    const double s = sqrt(z);
    const double w = r * s - PIO2_LO;
    return PI - 2.0 * (s + w);
  }
  const double z = (1.0 - x) * 0.5;
  const double s = sqrt(z);
  const double df = cr_clear_lo(s);
  const double c = (z - df * df) / (s + df);
  const double r = cr_acos_r(z);
  const double w = r * s + c;
  return 2.0 * (df + w);
}

#endif  // CR_SPECIAL_H
