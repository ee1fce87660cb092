// Portable binary64 log, exp and sincos(2 pi u): the C++/CUDA port of lib/core/math/*.ts, bit for bit.
// Only correctly rounded +, -, *, /, sqrt and exact bit manipulation are used, each operation in the
// order the TypeScript spells it, so any IEEE 754 binary64 implementation gives the same bits —
// provided nothing fuses a multiply and an add: build device code with nvcc -fmad=false and host
// code with -ffp-contract=off (see docs/accuracy.md). Constants, derivations and error bounds are
// documented in the TypeScript sources; the comments here give only the binary64 bit patterns.
#ifndef CR_MATH_H
#define CR_MATH_H

#include "cr_target.h"

#include <stdint.h>
#include <math.h>
#include <string.h>

#ifndef CR_HD
#ifdef __CUDACC__
#define CR_HD __host__ __device__
#else
#define CR_HD
#endif
#endif

// ---- exact bit access ----------------------------------------------------------------------------

CR_HD inline uint64_t cr_dbits(double x) {
#if CR_DEVICE_CODE
  return (uint64_t)__double_as_longlong(x);
#else
  uint64_t u;
  memcpy(&u, &x, 8);
  return u;
#endif
}

CR_HD inline double cr_dfrom(uint64_t u) {
#if CR_DEVICE_CODE
  return __longlong_as_double((long long)u);
#else
  double x;
  memcpy(&x, &u, 8);
  return x;
#endif
}

/** High 32 bits of x as a signed int (lib/core/math/bits.ts highWord). */
CR_HD inline int32_t cr_hiword(double x) { return (int32_t)(uint32_t)(cr_dbits(x) >> 32); }

/** 2^k for k in [-1074, 1023], exact (lib/core/math/bits.ts POW2[k + 1074]). */
CR_HD inline double cr_pow2(int k) {
  if (k >= -1022) return cr_dfrom((uint64_t)(k + 1023) << 52);
  return cr_dfrom((uint64_t)1 << (k + 1074));
}

// ---- log (lib/core/math/log.ts) -----------------------------------------------------------------------

#define CR_LN2_HI 6.93147180369123816490e-01 /* 3FE62E42 FEE00000 */
#define CR_LN2_LO 1.90821492927058770002e-10 /* 3DEA39EF 35793C76 */

CR_HD inline double cr_log(double x) {
  const double TWO54 = 1.80143985094819840000e+16; /* 43500000 00000000 */
  const double LG1 = 6.666666666666735130e-01;     /* 3FE55555 55555593 */
  const double LG2 = 3.999999999940941908e-01;     /* 3FD99999 9997FA04 */
  const double LG3 = 2.857142874366239149e-01;     /* 3FD24924 94229359 */
  const double LG4 = 2.222219843214978396e-01;     /* 3FCC71C5 1D8E78AF */
  const double LG5 = 1.818357216161805012e-01;     /* 3FC74664 96CB03DE */
  const double LG6 = 1.531383769920937332e-01;     /* 3FC39A09 D078C69F */
  const double LG7 = 1.479819860511658591e-01;     /* 3FC2F112 DF3E5244 */
  int32_t hx = cr_hiword(x);
  int k = 0;
  if (hx < 0x00100000) {
    if (x == 0.0) return -cr_dfrom(0x7ff0000000000000ull);  // -Infinity
    if (!(x > 0.0)) return cr_dfrom(0x7ff8000000000000ull);  // NaN
    k = -54;
    x *= TWO54;
    hx = cr_hiword(x);
  }
  if (hx >= 0x7ff00000) return x + x;
  const int32_t i = ((hx & 0x000fffff) + 0x95f64) & 0x100000;
  const int e = (hx >> 20) - 1023 + (i >> 20);
  k += e;
  x = x * cr_pow2(-e);
  const double f = x - 1.0;
  const double s = f / (2.0 + f);
  const double dk = (double)k;
  const double z = s * s;
  const double w = z * z;
  const double t1 = w * (LG2 + w * (LG4 + w * LG6));
  const double t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
  const double R = t2 + t1;
  const int32_t hm = hx & 0x000fffff;
  if (((hm - 0x6147a) | (0x6b851 - hm)) > 0) {
    const double hfsq = 0.5 * f * f;
    return dk * CR_LN2_HI - ((hfsq - (s * (hfsq + R) + dk * CR_LN2_LO)) - f);
  }
  return dk * CR_LN2_HI - ((s * (f - R) - dk * CR_LN2_LO) - f);
}

// ---- exp (lib/core/math/exp.ts) -----------------------------------------------------------------------

CR_HD inline double cr_exp(double x) {
  const double INV_LN2 = 1.44269504088896338700e+00;      /* 3FF71547 652B82FE */
  const double O_THRESHOLD = 7.09782712893383973096e+02;  /* 40862E42 FEFA39EF */
  const double U_THRESHOLD = -7.45133219101941108420e+02; /* C0874910 D52D3051 */
  const double TWO_M1000 = 9.33263618503218878990e-302;   /* 01700000 00000000 */
  const double P1 = 1.66666666666666019037e-01;           /* 3FC55555 5555553E */
  const double P2 = -2.77777777770155933842e-03;          /* BF66C16C 16BEBD93 */
  const double P3 = 6.61375632143793436117e-05;           /* 3F11566A AF25DE2C */
  const double P4 = -1.65339022054652515390e-06;          /* BEBBBD41 C5D26BF1 */
  const double P5 = 4.13813679705723846039e-08;           /* 3E663769 72BEA4D0 */
  if (!(x <= O_THRESHOLD)) return x > O_THRESHOLD ? cr_dfrom(0x7ff0000000000000ull) : x + x;
  if (x < U_THRESHOLD) return 0.0;
  const double kd = floor(x * INV_LN2 + 0.5);
  const int k = (int)kd;
  const double hi = x - kd * CR_LN2_HI;
  const double lo = kd * CR_LN2_LO;
  const double r = hi - lo;
  const double t = r * r;
  const double c = r - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  const double y = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi);
  if (k >= -1021) {
    if (k == 1024) return y * 2.0 * cr_pow2(1023);
    return y * cr_pow2(k);
  }
  return y * cr_pow2(k + 1000) * TWO_M1000;
}

// ---- sin(2 pi u), cos(2 pi u) (lib/core/math/sincos.ts) ------------------------------------------------

/** th + tl = r * 2 pi (Dekker product, no FMA; valid for |r| >= 2^-969). */
CR_HD inline void cr_two_pi_times(double r, double* th, double* tl) {
  const double TWO_PI_HI = 6.283185307179586;     /* 401921FB 54442D18 */
  const double TWO_PI_LO = 2.4492935982947064e-16; /* 3CB1A626 33145C07 */
  const double TWO_PI_H1 = 6.283185362815857;     /* 401921FB 58000000 */
  const double TWO_PI_H2 = -5.563627070159782e-8; /* BE6DDE97 40000000 */
  const double SPLIT = 134217729.0;               /* 2^27 + 1 */
  const double p = r * TWO_PI_HI;
  const double c = SPLIT * r;
  const double r1 = c - (c - r);
  const double r2 = r - r1;
  const double e = (((r1 * TWO_PI_H1 - p) + r1 * TWO_PI_H2) + r2 * TWO_PI_H1) + r2 * TWO_PI_H2;
  const double lo = e + r * TWO_PI_LO;
  const double h = p + lo;
  *th = h;
  *tl = lo - (h - p);
}

CR_HD inline double cr_kernel_sin(double x, double y) {
  const double S1 = -1.66666666666666324348e-01; /* BFC55555 55555549 */
  const double S2 = 8.33333333332248946124e-03;  /* 3F811111 1110F8A6 */
  const double S3 = -1.98412698298579493134e-04; /* BF2A01A0 19C161D5 */
  const double S4 = 2.75573137070700676789e-06;  /* 3EC71DE3 57B1FE7D */
  const double S5 = -2.50507602534068634195e-08; /* BE5AE5E6 8A2B9CEB */
  const double S6 = 1.58969099521155010221e-10;  /* 3DE5D93A 5ACFD57C */
  const double z = x * x;
  const double w = z * z;
  const double r = S2 + z * (S3 + z * S4) + z * w * (S5 + z * S6);
  const double v = z * x;
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

CR_HD inline double cr_kernel_cos(double x, double y) {
  const double C1 = 4.16666666666666019037e-02;  /* 3FA55555 5555554C */
  const double C2 = -1.38888888888741095749e-03; /* BF56C16C 16C15177 */
  const double C3 = 2.48015872894767294178e-05;  /* 3EFA01A0 19CB1590 */
  const double C4 = -2.75573143513906633035e-07; /* BE927E4F 809C52AD */
  const double C5 = 2.08757232129817482790e-09;  /* 3E21EE9E BDB4B1C4 */
  const double C6 = -1.13596475577881948265e-11; /* BDA8FAE9 BE8838D4 */
  const double z = x * x;
  double w = z * z;
  const double r = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
  const double hz = 0.5 * z;
  w = 1.0 - hz;
  return w + (((1.0 - w) - hz) + (z * r - x * y));
}

/** *s = sin(2 pi u), *c = cos(2 pi u) for u in [0, 1). */
CR_HD inline void cr_sincos2pi(double u, double* s, double* c) {
  const double TINY = 2.004168360008973e-292;     /* 2^-969 = 03600000 00000000 */
  const double TWO_P600 = 4.149515568880993e+180;  /* 65700000 00000000 */
  const double TWO_M600 = 2.409919865102884e-181;  /* 1A700000 00000000 */
  const double qd = floor(4.0 * u + 0.5);
  const double r = u - qd * 0.25;
  const int q = ((int)qd) & 3;
  double th, tl;
  if (fabs(r) < TINY) {
    cr_two_pi_times(r * TWO_P600, &th, &tl);
    th = (th + tl) * TWO_M600;
    tl = 0.0;
  } else {
    cr_two_pi_times(r, &th, &tl);
  }
  const double sn = cr_kernel_sin(th, tl);
  const double cs = cr_kernel_cos(th, tl);
  if (q == 0) { *s = sn; *c = cs; }
  else if (q == 1) { *s = cs; *c = -sn; }
  else if (q == 2) { *s = -sn; *c = -cs; }
  else { *s = -cs; *c = sn; }
}

/** cos(2 pi u): the cosine of cr_sincos2pi. */
CR_HD inline double cr_cos2pi(double u) {
  double s, c;
  cr_sincos2pi(u, &s, &c);
  return c;
}

#endif  // CR_MATH_H
