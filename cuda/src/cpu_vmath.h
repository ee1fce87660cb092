// cr_math.h's log, exp and sincos2pi, cr_special.h's log1p, and sqrt, on W binary64 lanes at once (GCC
// vector extensions): the math policy (cr_transforms.h, "Each transform is written once over a math
// policy") of the host SIMD kernels, as lib/wasm/samplers.cc's two-lane policy is the WebAssembly one.
// Lane by lane the same operations in the same order as the scalar functions, so the same bits (the
// build has no FMA contraction: -ffp-contract=off); a lane outside a function's fast path sends the
// vector (log1p: that lane) to the scalar port. ndtri runs the scalar port lane by lane.
//
// Included by each instruction set's file (cpu_kernels_avx512.cpp: W = 8, cpu_kernels_avx2.cpp: W = 4)
// inside an anonymous namespace under that file's `#pragma GCC target`, so that every function here,
// and every cr_transforms.h template instantiated with it, is compiled for that instruction set only
// and has internal linkage (no copy of it can be linked into code that runs on another CPU).
#ifndef CR_CPU_VMATH_H
#define CR_CPU_VMATH_H

/** W binary64 lanes and W int64 lanes (spelled per W: GCC drops a vector_size that depends on a template
 *  parameter). */
template <int W>
struct cr_vtypes;
template <>
struct cr_vtypes<8> {
  typedef double T __attribute__((vector_size(64)));
  typedef int64_t I __attribute__((vector_size(64)));
};
template <>
struct cr_vtypes<4> {
  typedef double T __attribute__((vector_size(32)));
  typedef int64_t I __attribute__((vector_size(32)));
};

template <int W>
struct cr_vmath {
  using T = typename cr_vtypes<W>::T;
  using I = typename cr_vtypes<W>::I;

  static T splat(double x) { return x - (T){}; }

  /** Some lane of mask m (lanes 0 or -1) is set. */
  static bool any(I m) {
    if constexpr (W == 8) return _mm512_test_epi64_mask((__m512i)m, (__m512i)m) != 0;
    else return !_mm256_testz_si256((__m256i)m, (__m256i)m);
  }
  static T sqrt(T x) {
    if constexpr (W == 8) return (T)_mm512_sqrt_pd((__m512d)x);
    else return (T)_mm256_sqrt_pd((__m256d)x);
  }
  static T floor(T x) {
    if constexpr (W == 8) return (T)_mm512_roundscale_pd((__m512d)x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    else return (T)_mm256_floor_pd((__m256d)x);
  }
  /** The integer k (|k| < 2^51) as a double, exactly: the bits of 2^52 + 2^51 + k, less 2^52 + 2^51. */
  static T to_double(I k) { return (T)(k + 0x4338000000000000ll) - 6755399441055744.0; }
  /** c ? a : b per lane (c: a comparison's lanes, 0 or -1). */
  static T select(I c, T a, T b) { return c ? a : b; }
  static T select(I c, double a, T b) { return c ? splat(a) : b; }
  static T select(I c, T a, double b) { return c ? a : splat(b); }

  /** cr_log per lane; zero, negative, subnormal, infinite and NaN lanes send the vector to cr_log. */
  static T log(T x) {
    const I bits = (I)x;
    const I hx = bits >> 32;  // the high word, sign-extended: negative for x < 0
    if (__builtin_expect(any((hx < 0x00100000) | (hx >= 0x7ff00000)), 0)) return each(x, cr_log);
    const I hm = hx & 0x000fffff;
    // i = 1 exactly when the mantissa is >= sqrt(2) (lib/core/math/log.ts); e = exponent + i
    const I i1 = ((hm + 0x95f64) & 0x100000) >> 20;
    const I e = (hx >> 20) - 1023 + i1;
    // x / 2^e exactly: the mantissa under the exponent field 0x3ff - i (x is normal)
    const T f = (T)((bits & 0x000fffffffffffffll) | ((0x3ff - i1) << 52)) - 1.0;
    const T s = f / (2.0 + f);
    const T dk = to_double(e);
    const T z = s * s;
    const T w = z * z;
    const T t1 = w * (3.999999999940941908e-01 + w * (2.222219843214978396e-01 + w * 1.531383769920937332e-01));
    const T t2 = z * (6.666666666666735130e-01 + w * (2.857142874366239149e-01 +
                                                      w * (1.818357216161805012e-01 + w * 1.479819860511658591e-01)));
    const T R = t2 + t1;
    // fdlibm's choice of form, per lane: mantissas in (1.3799, 1.4200) use the f^2/2 form
    const I form = ((hm - 0x6147a) | (0x6b851 - hm)) > 0;
    const T hfsq = 0.5 * f * f;
    const T a = dk * CR_LN2_HI - ((hfsq - (s * (hfsq + R) + dk * CR_LN2_LO)) - f);
    const T b = dk * CR_LN2_HI - ((s * (f - R) - dk * CR_LN2_LO) - f);
    return select(form, a, b);
  }

  /** cr_exp per lane; lanes whose k = floor(x/ln2 + 1/2) is outside [-1021, 1023] (overflow, results
   *  near or below the subnormal range, NaN) send the vector to cr_exp. */
  static T exp(T x) {
    const T kd = floor(x * 1.44269504088896338700e+00 + 0.5);
    // !(-1022 < kd < 1024) is true for NaN too
    if (__builtin_expect(any(!((kd > -1022.0) & (kd < 1024.0))), 0)) return each(x, cr_exp);
    const T hi = x - kd * CR_LN2_HI;
    const T lo = kd * CR_LN2_LO;
    const T r = hi - lo;
    const T t = r * r;
    const T c = r - t * (1.66666666666666019037e-01 +
                         t * (-2.77777777770155933842e-03 +
                              t * (6.61375632143793436117e-05 +
                                   t * (-1.65339022054652515390e-06 + t * 4.13813679705723846039e-08))));
    const T y = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi);
    // 2^k from its bits (k + 1023) << 52: k + 1023 is the low mantissa bits of kd + 2^52 + 1023 (exact)
    return y * (T)((I)(kd + 4503599627371519.0) << 52);
  }

  /** cr_log1p per lane for x in (−0.2929, 0.4142), its k = 0 form (f = x, no reduction), and |x| < 2^-29;
   *  the lanes outside take the scalar port one by one. The deviances of the count log-pmfs, whose
   *  x = (k − μ)/μ lies there for counts within a few standard deviations of a mean μ past ~100. */
  static T log1p(T x) {
    const I hx = (I)x >> 32;  // the high word, sign-extended
    const I ax = hx & 0x7fffffff;
    const I tiny = ax < 0x3e200000;
    // cr_log1p's k = 0 branch: 0 < hx < 0x3fda827a, or x < 0 with hx <= (int32)0xbfd2bec4
    const I direct = tiny | ((hx > 0) & (hx < 0x3fda827a)) | ((hx < 0) & (ax <= 0x3fd2bec4));
    const T f = x;
    const T hfsq = 0.5 * f * f;
    const T s = f / (2.0 + f);
    const T z = s * s;
    const T R = z * (6.666666666666735130e-01 +
                     z * (3.999999999940941908e-01 +
                          z * (2.857142874366239149e-01 +
                               z * (2.222219843214978396e-01 +
                                    z * (1.818357216161805012e-01 +
                                         z * (1.531383769920937332e-01 + z * 1.479819860511658591e-01))))));
    T r = f - (hfsq - s * (hfsq + R));
    r = select(tiny, select(ax < 0x3c900000, x, x - x * x * 0.5), r);
    if (__builtin_expect(!all(direct), 0)) {
      for (int l = 0; l < W; ++l)
        if (!direct[l]) r[l] = cr_log1p(x[l]);
    }
    return r;
  }

  /** Every lane of mask m is set. */
  static bool all(I m) { return !any(~m); }

  static T ndtri(T x) { return each(x, cr_ndtri); }

  /** cr_sincos2pi per lane: the exact quarter-turn reduction, the Dekker product with the two-part 2 pi,
   *  fdlibm's kernels, the quadrant by selects (a negation flips the sign bit, as the scalar's does).
   *  Lanes with |r| < 2^-969 (the scalar's scaled reduction) or u outside [0, 1) send the vector to
   *  the scalar port. */
  static void sincos2pi(T u, T* sOut, T* cOut) {
    const T qd = floor(4.0 * u + 0.5);
    const T r = u - qd * 0.25;
    const T ar = (T)((I)r & 0x7fffffffffffffffll);
    if (__builtin_expect(any((ar < 2.004168360008973e-292) | !((u >= 0.0) & (u < 1.0))), 0)) {
      for (int l = 0; l < W; ++l) {
        double sl, cl;
        cr_sincos2pi(u[l], &sl, &cl);
        (*sOut)[l] = sl;
        (*cOut)[l] = cl;
      }
      return;
    }
    // cr_two_pi_times(r)
    const T p = r * 6.283185307179586;
    const T cc = 134217729.0 * r;
    const T r1 = cc - (cc - r);
    const T r2 = r - r1;
    const T e = (((r1 * 6.283185362815857 - p) + r1 * -5.563627070159782e-8) + r2 * 6.283185362815857) +
                r2 * -5.563627070159782e-8;
    const T lo = e + r * 2.4492935982947064e-16;
    const T th = p + lo;
    const T tl = lo - (th - p);
    // cr_kernel_sin(th, tl), cr_kernel_cos(th, tl)
    const T z = th * th;
    const T w = z * z;
    const T rs = 8.33333333332248946124e-03 + z * (-1.98412698298579493134e-04 + z * 2.75573137070700676789e-06) +
                 z * w * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10);
    const T v = z * th;
    const T sn = th - ((z * (0.5 * tl - v * rs) - tl) - v * -1.66666666666666324348e-01);
    const T rc = z * (4.16666666666666019037e-02 + z * (-1.38888888888741095749e-03 + z * 2.48015872894767294178e-05)) +
                 w * w * (-2.75573143513906633035e-07 +
                          z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11));
    const T hz = 0.5 * z;
    const T ww = 1.0 - hz;
    const T cs = ww + (((1.0 - ww) - hz) + (z * rc - th * tl));
    // q = qd mod 4: (s, c) = (sn, cs), (cs, -sn), (-sn, -cs), (-cs, sn)
    const I q = ((I)(qd + 6755399441055744.0)) & 3;
    *sOut = select(q == 0, sn, select(q == 1, cs, select(q == 2, -sn, -cs)));
    *cOut = select(q == 0, cs, select(q == 1, -sn, select(q == 2, -cs, sn)));
  }

  template <class F>
  __attribute__((noinline, cold)) static T each(T x, F f) {
    T r;
    for (int l = 0; l < W; ++l) r[l] = f(x[l]);
    return r;
  }
};

/** Lanes g … g + W − 1 of x[0, m): `pad` in the lanes past m. */
template <int W>
typename cr_vmath<W>::T cr_lanes_load(const double* x, unsigned g, unsigned m, double pad) {
  typename cr_vmath<W>::T v = cr_vmath<W>::splat(pad);
  if (g + W <= m) __builtin_memcpy(&v, x + g, sizeof v);
  else for (unsigned l = 0; g + l < m; ++l) v[l] = x[g + l];
  return v;
}

/** The lanes of v below m − g into res[g …]. */
template <int W>
void cr_lanes_store(double* res, unsigned g, unsigned m, typename cr_vmath<W>::T v) {
  if (g + W <= m) __builtin_memcpy(res + g, &v, sizeof v);
  else for (unsigned l = 0; g + l < m; ++l) res[g + l] = v[l];
}

#endif  // CR_CPU_VMATH_H
