// WebAssembly SIMD samplers: Box–Muller, exponential, Marsaglia polar and Marsaglia–Tsang gamma, two
// binary64 lanes per f64x2, the transforms of cuda/include/cr_transforms.h over their base values and
// the element samplers of cuda/include/cr_elements.h (Wald and von Mises in vectors, any other scalar),
// bit-identical to the TypeScript specification (lib/kernels/normal.ts, gamma.ts, transform.ts,
// element.ts, lib/core/math/*.ts).
//
// Why the bits are the same. WebAssembly's f64/f64x2 add, sub, mul, div and sqrt are IEEE 754
// correctly rounded, floor and the integer<->double conversions used here are exact, and nothing is
// fused (no relaxed-simd; built with -ffp-contract=off). Every vector function below performs, in
// each lane, exactly the operations of its TypeScript original in the same order — the fdlibm forms
// of lib/core/math included — so each lane gets the bits the scalar code gets. Where the scalar code
// branches on the data, the vector code evaluates both sides and selects per lane (the results of
// the untaken side are discarded, so they cannot change the bits). Inputs that need the scalar
// code's rare paths (log of zero/subnormal/negative/inf/NaN, exp beyond the normal range,
// sin/cos of a turn within 2^-969 of a quarter) are finished by the scalar C++ ports in
// cuda/include (cr_math.h, cr_normal.h, cr_gamma.h: host-tested bit for bit against the same
// TypeScript), for both lanes of that vector. Rejected proposals of polar and gamma continue with
// those scalar ports too, from the next proposal index, so the value is still the first accepted.
//
// Philox4x32-10 runs here as well (four counter blocks per i32x4, like lib/core/wasm/philox.wat): each
// call alternates a Philox pass over up to 256 blocks into a 4 KiB buffer and a math pass over it,
// so no words cross into JavaScript and nothing is copied but the results.
//
// Build: scripts/build-wasm-samplers.mjs (clang 14, wasm32, -O2 -msimd128 -ffp-contract=off,
// freestanding; lib/wasm/shim has the two libc headers cr_math.h includes). The result is committed
// as base64 in lib/wasm/samplers.wasm.ts; lib/wasm/samplers.ts drives it.
//
// Memory: static buffers, addresses exported by buffer(i). The module rounds work up to whole 8-block
// steps and writes the extra results into the buffers' padding.
#include <stdint.h>
#include <wasm_simd128.h>

#include "cr_count_tables.h"
#include "cr_counts.h"
#include "cr_discrete.h"
#include "cr_elements.h"
#include "cr_gamma.h"
#include "cr_transforms.h"

#define EXPORT(name) extern "C" __attribute__((export_name(#name)))
#define INLINE static inline __attribute__((always_inline))
#define COLD static __attribute__((noinline, cold))

typedef double v2d __attribute__((vector_size(16)));

// ---- buffers ------------------------------------------------------------------------------------

/** Blocks per bm/expo call (16 bytes of output each), elements per gamma call. */
#define CHUNK_BLOCKS 4096
#define CHUNK_ELEMS 4096
/** Slack for the last group's extra elements (a group is at most 8 blocks = 128 bytes). */
#define PAD 64

static double OUT[2 * CHUNK_BLOCKS + PAD] __attribute__((aligned(16)));  // 64 KiB of results
static double AUX[CHUNK_ELEMS + PAD] __attribute__((aligned(16)));       // boost uniforms / cos
static double ALPHA[CHUNK_ELEMS + PAD] __attribute__((aligned(16)));     // shapes / math inputs
static double DS[CHUNK_ELEMS + PAD] __attribute__((aligned(16)));        // d = α' - 1/3
static double CS[CHUNK_ELEMS + PAD] __attribute__((aligned(16)));        // c = 1/sqrt(9d)

/** Byte address of buffer i: 0 OUT, 1 AUX, 2 ALPHA, 3 DS, 4 CS. */
EXPORT(buffer) uint32_t buffer(uint32_t i) {
  double* const b[5] = {OUT, AUX, ALPHA, DS, CS};
  return i < 5 ? (uint32_t)(uintptr_t)b[i] : 0;
}

// ---- small vector helpers -----------------------------------------------------------------------

INLINE v2d splat(double x) { return (v2d){x, x}; }
INLINE v2d vsqrt(v2d x) { return (v2d)wasm_f64x2_sqrt((v128_t)x); }
INLINE v2d vfloor(v2d x) { return (v2d)wasm_f64x2_floor((v128_t)x); }
INLINE v2d vabs(v2d x) { return (v2d)wasm_f64x2_abs((v128_t)x); }
/** Lane-wise m ? a : b for an all-ones/all-zeros lane mask m. */
INLINE v2d sel(v128_t m, v2d a, v2d b) { return (v2d)wasm_v128_bitselect((v128_t)a, (v128_t)b, m); }
INLINE bool any(v128_t m) { return wasm_v128_any_true(m); }
/** u32 lanes 0, 1 as exact doubles. */
INLINE v2d u32lo(v128_t w) { return (v2d)wasm_f64x2_convert_low_u32x4(w); }
/** u32 lanes 2, 3 as exact doubles. */
INLINE v2d u32hi(v128_t w) { return (v2d)wasm_f64x2_convert_low_u32x4(wasm_i32x4_shuffle(w, w, 2, 3, 2, 3)); }
/** Non-negative i32 lanes 0, 1 or 2, 3 as exact doubles (the signed conversion is one instruction). */
INLINE v2d i32lo(v128_t w) { return (v2d)wasm_f64x2_convert_low_i32x4(w); }
INLINE v2d i32hi(v128_t w) { return (v2d)wasm_f64x2_convert_low_i32x4(wasm_i32x4_shuffle(w, w, 2, 3, 2, 3)); }
/** i32 lanes 0, 1 sign-extended to i64 lane masks/values. */
INLINE v128_t wide_lo(v128_t v) { return wasm_i64x2_extend_low_i32x4(v); }

INLINE void store2(double* p, v2d v) { wasm_v128_store(p, (v128_t)v); }
/** Two f64x2 rounded to float32 (round to nearest even, as a Float32Array store) into 4 floats. */
INLINE v128_t demote4(v2d a, v2d b) {
  return wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero((v128_t)a), wasm_f32x4_demote_f64x2_zero((v128_t)b), 0, 1, 4, 5);
}

// ---- constants ------------------------------------------------------------------------------------

// Every constant of the vector code is read from this table in memory, not written as an immediate:
// V8 (Node 20) materialises each v128.const with three instructions through a general register
// (movq r10, imm64; vmovq; vpunpcklqdq), while a splat load from memory is one instruction, and
// the table is not const so that clang cannot fold it back into immediates. Values and bit patterns
// are those of lib/core/math and cuda/include/cr_math.h.
struct Consts {
  v2d one, two, half, quarter, four, zero, m_zero, m_two;
  // log
  v2d ln2_hi, ln2_lo, lg1, lg2, lg3, lg4, lg5, lg6, lg7;
  // exp
  v2d inv_ln2, p1, p2, p3, p4, p5, k_min, k_max;
  // sincos2pi
  v2d tiny, two_pi_hi, two_pi_lo, two_pi_h1, two_pi_h2, split;
  v2d s1, s2, s3, s4, s5, s6, c1, c2, c3, c4, c5, c6;
  // uniform maps and samplers
  v2d two_p26, two_m32, two_m53, two_p52, two_p52_bias, two_p32, squeeze;
  // gamma's Erlang shapes: d = α' - fl(1/3) for α' = 1, 2, 3 (cr_gamma_erlang)
  v2d erl_d1, erl_d2, erl_d3;
  // integer masks on high words
  v128_t hi_min_normal, hi_inf, hi_mant, hi_sqrt2_carry, hi_bit20, bias, exp_one, form_lo, form_hi;
  // Philox multipliers, lane offsets
  v128_t m0, m1, iota;
};

#define D2(x) {x, x}
#define I4(x) {x, x, x, x}
extern "C" Consts K;
Consts K = {
    .one = D2(1.0), .two = D2(2.0), .half = D2(0.5), .quarter = D2(0.25), .four = D2(4.0), .zero = D2(0.0), .m_zero = D2(-0.0), .m_two = D2(-2.0),
    .ln2_hi = D2(CR_LN2_HI),               /* 3FE62E42 FEE00000 */
    .ln2_lo = D2(CR_LN2_LO),               /* 3DEA39EF 35793C76 */
    .lg1 = D2(6.666666666666735130e-01),   /* 3FE55555 55555593 */
    .lg2 = D2(3.999999999940941908e-01),   /* 3FD99999 9997FA04 */
    .lg3 = D2(2.857142874366239149e-01),   /* 3FD24924 94229359 */
    .lg4 = D2(2.222219843214978396e-01),   /* 3FCC71C5 1D8E78AF */
    .lg5 = D2(1.818357216161805012e-01),   /* 3FC74664 96CB03DE */
    .lg6 = D2(1.531383769920937332e-01),   /* 3FC39A09 D078C69F */
    .lg7 = D2(1.479819860511658591e-01),   /* 3FC2F112 DF3E5244 */
    .inv_ln2 = D2(1.44269504088896338700e+00), /* 3FF71547 652B82FE */
    .p1 = D2(1.66666666666666019037e-01),  /* 3FC55555 5555553E */
    .p2 = D2(-2.77777777770155933842e-03), /* BF66C16C 16BEBD93 */
    .p3 = D2(6.61375632143793436117e-05),  /* 3F11566A AF25DE2C */
    .p4 = D2(-1.65339022054652515390e-06), /* BEBBBD41 C5D26BF1 */
    .p5 = D2(4.13813679705723846039e-08),  /* 3E663769 72BEA4D0 */
    .k_min = D2(-1022.0), .k_max = D2(1024.0),
    .tiny = D2(2.004168360008973e-292),    /* 2^-969 */
    .two_pi_hi = D2(6.283185307179586),    /* 401921FB 54442D18 */
    .two_pi_lo = D2(2.4492935982947064e-16), /* 3CB1A626 33145C07 */
    .two_pi_h1 = D2(6.283185362815857),    /* 401921FB 58000000 */
    .two_pi_h2 = D2(-5.563627070159782e-8), /* BE6DDE97 40000000 */
    .split = D2(134217729.0),              /* 2^27 + 1 */
    .s1 = D2(-1.66666666666666324348e-01), /* BFC55555 55555549 */
    .s2 = D2(8.33333333332248946124e-03),  /* 3F811111 1110F8A6 */
    .s3 = D2(-1.98412698298579493134e-04), /* BF2A01A0 19C161D5 */
    .s4 = D2(2.75573137070700676789e-06),  /* 3EC71DE3 57B1FE7D */
    .s5 = D2(-2.50507602534068634195e-08), /* BE5AE5E6 8A2B9CEB */
    .s6 = D2(1.58969099521155010221e-10),  /* 3DE5D93A 5ACFD57C */
    .c1 = D2(4.16666666666666019037e-02),  /* 3FA55555 5555554C */
    .c2 = D2(-1.38888888888741095749e-03), /* BF56C16C 16C15177 */
    .c3 = D2(2.48015872894767294178e-05),  /* 3EFA01A0 19CB1590 */
    .c4 = D2(-2.75573143513906633035e-07), /* BE927E4F 809C52AD */
    .c5 = D2(2.08757232129817482790e-09),  /* 3E21EE9E BDB4B1C4 */
    .c6 = D2(-1.13596475577881948265e-11), /* BDA8FAE9 BE8838D4 */
    .two_p26 = D2(67108864.0), .two_m32 = D2(2.3283064365386963e-10), .two_m53 = D2(1.1102230246251565e-16),
    .two_p52 = D2(4503599627370496.0), .two_p52_bias = D2(4503599627371519.0), .two_p32 = D2(4294967296.0),
    .squeeze = D2(0.0331),
    .erl_d1 = D2(1.0 - CR_GAMMA_THIRD), .erl_d2 = D2(2.0 - CR_GAMMA_THIRD), .erl_d3 = D2(3.0 - CR_GAMMA_THIRD),
    .hi_min_normal = I4(0x00100000), .hi_inf = I4(0x7ff00000), .hi_mant = I4(0x000fffff), .hi_sqrt2_carry = I4(0x95f64),
    .hi_bit20 = I4(0x100000), .bias = I4(1023), .exp_one = I4(0x3ff), .form_lo = I4(0x6147a), .form_hi = I4(0x6b851),
    .m0 = I4((int32_t)CR_PHILOX_M4x32_0), .m1 = I4((int32_t)CR_PHILOX_M4x32_1), .iota = {0, 1, 2, 3},
};

/** A table constant (one v128.load). */
#define V(name) (K.name)
#define I(name) (K.name)

// ---- Philox4x32-10, four blocks per i32x4 -------------------------------------------------------

struct Group {
  v128_t x0, x1, x2, x3;  // word j of blocks b..b+3 in lanes 0..3
};

/** Counters of blocks (bhi:blo) + off + (0..3) with the carry of philoxStream, plane (c2, c3). */
INLINE Group counters(uint32_t blo, uint32_t bhi, uint32_t off, uint32_t c2, uint32_t c3) {
  const uint32_t lo = blo + off;
  if (lo < blo) bhi += 1;
  const v128_t base = wasm_i32x4_splat((int32_t)lo);
  Group g;
  g.x0 = wasm_i32x4_add(base, K.iota);
  // The add wrapped iff the sum is below base (unsigned): then c1 = bhi + 1 (mask = -1).
  g.x1 = wasm_i32x4_sub(wasm_i32x4_splat((int32_t)bhi), wasm_u32x4_lt(g.x0, base));
  g.x2 = wasm_i32x4_splat((int32_t)c2);
  g.x3 = wasm_i32x4_splat((int32_t)c3);
  return g;
}

// The 64-bit products of 32-bit lanes (0, 1) or (2, 3). Written as inline assembly because clang
// turns wasm_u64x2_extmul_*_u32x4 with a constant operand into extends and i64x2.mul, which V8
// emulates with several instructions, instead of the one-instruction extmul (pmuludq).
INLINE v128_t extmul_lo(v128_t a, v128_t b) {
  v128_t r;
  __asm__("local.get %1\n\tlocal.get %2\n\ti64x2.extmul_low_i32x4_u\n\tlocal.set %0" : "=r"(r) : "r"(a), "r"(b));
  return r;
}
INLINE v128_t extmul_hi(v128_t a, v128_t b) {
  v128_t r;
  __asm__("local.get %1\n\tlocal.get %2\n\ti64x2.extmul_high_i32x4_u\n\tlocal.set %0" : "=r"(r) : "r"(a), "r"(b));
  return r;
}

INLINE void round1(Group& g, v128_t k0, v128_t k1) {
  const v128_t pl = extmul_lo(g.x0, K.m0);
  const v128_t ph = extmul_hi(g.x0, K.m0);
  const v128_t ql = extmul_lo(g.x2, K.m1);
  const v128_t qh = extmul_hi(g.x2, K.m1);
  g.x0 = wasm_v128_xor(wasm_v128_xor(wasm_i32x4_shuffle(ql, qh, 1, 3, 5, 7), g.x1), k0);
  g.x1 = wasm_i32x4_shuffle(ql, qh, 0, 2, 4, 6);
  g.x2 = wasm_v128_xor(wasm_v128_xor(wasm_i32x4_shuffle(pl, ph, 1, 3, 5, 7), g.x3), k1);
  g.x3 = wasm_i32x4_shuffle(pl, ph, 0, 2, 4, 6);
}

/** Ten rounds on two groups at once (independent, so their multiplies overlap). */
INLINE void philox2(Group& a, Group& b, uint32_t k0, uint32_t k1) {
  for (int r = 0; r < 10; ++r) {
    const v128_t kk0 = wasm_i32x4_splat((int32_t)k0);
    const v128_t kk1 = wasm_i32x4_splat((int32_t)k1);
    round1(a, kk0, kk1);
    round1(b, kk0, kk1);
    k0 += CR_PHILOX_W32_0;
    k1 += CR_PHILOX_W32_1;
  }
}

/** Advances the 64-bit block index (bhi:blo) by n. */
INLINE void advance(uint32_t& blo, uint32_t& bhi, uint32_t n) {
  const uint32_t l = blo + n;
  if (l < blo) bhi += 1;
  blo = l;
}

/** The high 27 and 26 bits of words, for k53(a, b) = (a >>> 5)·2^26 + (b >>> 6) < 2^53. */
INLINE v128_t hi27(v128_t a) { return wasm_u32x4_shr(a, 5); }
INLINE v128_t hi26(v128_t b) { return wasm_u32x4_shr(b, 6); }

// The vector math below works on N vectors at once (2N lanes), statement by statement: each
// statement runs for all N before the next, so the N dependency chains sit side by side in the
// instruction stream and the out-of-order core overlaps them. (One vector at a time is latency
// bound: a log is a ~75-cycle chain, longer than the reorder window covers.) Rare inputs send all N
// vectors to the scalar port.
#define EACH for (int i = 0; i < N; ++i)

// ---- log (lib/core/math/log.ts) ----------------------------------------------------------------------

template <int N>
COLD void log_scalar(const v2d* x, v2d* r) {
  for (int i = 0; i < N; ++i) r[i] = (v2d){cr_log(x[i][0]), cr_log(x[i][1])};
}

/**
 * r[i] = log(x[i]) per lane, as lib/core/math/log.ts. The fast path takes positive normal finite lanes
 * (high word in [0x00100000, 0x7ff00000)); anything else goes to the scalar port. r may alias x.
 */
template <int N>
INLINE void vlog(const v2d* x, v2d* r) {
  v128_t bits[N], hx[N], rare = wasm_i32x4_splat(0);
  EACH {
    bits[i] = (v128_t)x[i];
    hx[i] = wasm_i32x4_shuffle(bits[i], bits[i], 1, 3, 1, 3);  // high words in lanes 0, 1
    rare = wasm_v128_or(rare, wasm_v128_or(wasm_i32x4_lt(hx[i], I(hi_min_normal)), wasm_i32x4_ge(hx[i], I(hi_inf))));
  }
  if (__builtin_expect(any(rare), 0)) {
    log_scalar<N>(x, r);
    return;
  }
  v128_t hm[N], i1[N], e[N];
  v2d f[N], s[N], dk[N], z[N], w[N], t1[N], t2[N], R[N];
  EACH hm[i] = wasm_v128_and(hx[i], I(hi_mant));
  // i = 0x100000 exactly when the mantissa is >= sqrt(2) (see log.ts); i >> 20 is 0 or 1.
  EACH i1[i] = wasm_u32x4_shr(wasm_v128_and(wasm_i32x4_add(hm[i], I(hi_sqrt2_carry)), I(hi_bit20)), 20);
  EACH e[i] = wasm_i32x4_add(wasm_i32x4_sub(wasm_i32x4_shr(hx[i], 20), I(bias)), i1[i]);
  // x / 2^e exactly: the same mantissa under the exponent field 0x3ff - (i >> 20) (x is normal).
  EACH {
    const v128_t nhi = wasm_v128_or(hm[i], wasm_i32x4_shl(wasm_i32x4_sub(I(exp_one), i1[i]), 20));
    f[i] = (v2d)wasm_i32x4_shuffle(bits[i], nhi, 0, 4, 2, 5) - V(one);
  }
  EACH s[i] = f[i] / (V(two) + f[i]);
  EACH dk[i] = (v2d)wasm_f64x2_convert_low_i32x4(e[i]);
  EACH z[i] = s[i] * s[i];
  EACH w[i] = z[i] * z[i];
  EACH t1[i] = w[i] * (V(lg2) + w[i] * (V(lg4) + w[i] * V(lg6)));
  EACH t2[i] = z[i] * (V(lg1) + w[i] * (V(lg3) + w[i] * (V(lg5) + w[i] * V(lg7))));
  EACH R[i] = t2[i] + t1[i];
  EACH {
    // fdlibm's choice of form, per lane: mantissas in (1.3799, 1.4200) use the f^2/2 form.
    const v128_t form = wide_lo(wasm_i32x4_gt(
        wasm_v128_or(wasm_i32x4_sub(hm[i], I(form_lo)), wasm_i32x4_sub(I(form_hi), hm[i])), wasm_i32x4_splat(0)));
    const v2d hfsq = V(half) * f[i] * f[i];
    const v2d a = dk[i] * V(ln2_hi) - ((hfsq - (s[i] * (hfsq + R[i]) + dk[i] * V(ln2_lo))) - f[i]);
    const v2d b = dk[i] * V(ln2_hi) - ((s[i] * (f[i] - R[i]) - dk[i] * V(ln2_lo)) - f[i]);
    r[i] = sel(form, a, b);
  }
}

// ---- exp (lib/core/math/exp.ts) ----------------------------------------------------------------------

template <int N>
COLD void exp_scalar(const v2d* x, v2d* r) {
  for (int i = 0; i < N; ++i) r[i] = (v2d){cr_exp(x[i][0]), cr_exp(x[i][1])};
}

/**
 * r[i] = exp(x[i]) per lane, as lib/core/math/exp.ts. The fast path takes lanes whose k = floor(x/ln2 +
 * 1/2) is in [-1021, 1023], where the result is y·2^k with 2^k normal; anything else (overflow,
 * results in or below the subnormal range, NaN) goes to the scalar port. r may alias x.
 */
template <int N>
INLINE void vexp(const v2d* x, v2d* r) {
  v2d kd[N], hi[N], lo[N], rr[N], t[N], c[N], y[N];
  v128_t ok = wasm_i32x4_splat(-1);
  EACH {
    kd[i] = vfloor(x[i] * V(inv_ln2) + V(half));
    // (-1022 < kd < 1024) is false for NaN too.
    ok = wasm_v128_and(ok, wasm_v128_and(wasm_f64x2_gt((v128_t)kd[i], (v128_t)V(k_min)), wasm_f64x2_lt((v128_t)kd[i], (v128_t)V(k_max))));
  }
  if (__builtin_expect(!wasm_i64x2_all_true(ok), 0)) {
    exp_scalar<N>(x, r);
    return;
  }
  EACH hi[i] = x[i] - kd[i] * V(ln2_hi);
  EACH lo[i] = kd[i] * V(ln2_lo);
  EACH rr[i] = hi[i] - lo[i];
  EACH t[i] = rr[i] * rr[i];
  EACH c[i] = rr[i] - t[i] * (V(p1) + t[i] * (V(p2) + t[i] * (V(p3) + t[i] * (V(p4) + t[i] * V(p5)))));
  EACH y[i] = V(one) - ((lo[i] - (rr[i] * c[i]) / (V(two) - c[i])) - hi[i]);
  EACH {
    // 2^k from its bits, (k + 1023) << 52, k in [-1021, 1023]: k + 1023 is the low mantissa bits of
    // kd + (2^52 + 1023) (exact), and the shift drops the exponent bits above them.
    r[i] = y[i] * (v2d)wasm_i64x2_shl((v128_t)(kd[i] + V(two_p52_bias)), 52);
  }
}

// ---- sin(2 pi u), cos(2 pi u) (lib/core/math/sincos.ts) ----------------------------------------------

template <int N>
COLD void sincos_scalar(const v2d* u, v2d* s, v2d* c) {
  for (int i = 0; i < N; ++i) {
    double s0, c0, s1, c1;
    cr_sincos2pi(u[i][0], &s0, &c0);
    cr_sincos2pi(u[i][1], &s1, &c1);
    s[i] = (v2d){s0, s1};
    c[i] = (v2d){c0, c1};
  }
}

/**
 * s[i] = sin(2 pi u[i]), c[i] = cos(2 pi u[i]) per lane, u in [0, 1), as lib/core/math/sincos.ts: exact
 * quarter-turn reduction, Dekker product with the two-part 2 pi, fdlibm kernels, the quadrant table
 * by selects and exact multiplications by ±1. Lanes with |r| < 2^-969 (the scaled reduction) go to
 * the scalar port.
 */
template <int N>
INLINE void vsincos2pi(const v2d* u, v2d* sOut, v2d* cOut) {
  v2d qd[N], r[N];
  v128_t rare = wasm_i32x4_splat(0);
  EACH {
    qd[i] = vfloor(V(four) * u[i] + V(half));
    r[i] = u[i] - qd[i] * V(quarter);
    // |r| < 2^-969, or u outside [0, 1) (not a sampler input; the scalar port then decides)
    rare = wasm_v128_or(rare, wasm_v128_or(wasm_f64x2_lt((v128_t)vabs(r[i]), (v128_t)V(tiny)),
                                           wasm_v128_not(wasm_v128_and(wasm_f64x2_ge((v128_t)u[i], (v128_t)V(zero)),
                                                                       wasm_f64x2_lt((v128_t)u[i], (v128_t)V(one))))));
  }
  if (__builtin_expect(any(rare), 0)) {
    sincos_scalar<N>(u, sOut, cOut);
    return;
  }
  v2d p[N], r1[N], r2[N], e[N], lo[N], th[N], tl[N], z[N], w[N], rs[N], rc[N], v[N], sn[N], cs[N];
  // twoPiTimes(r)
  EACH p[i] = r[i] * V(two_pi_hi);
  EACH {
    const v2d cc = V(split) * r[i];
    r1[i] = cc - (cc - r[i]);
  }
  EACH r2[i] = r[i] - r1[i];
  EACH e[i] = (((r1[i] * V(two_pi_h1) - p[i]) + r1[i] * V(two_pi_h2)) + r2[i] * V(two_pi_h1)) + r2[i] * V(two_pi_h2);
  EACH lo[i] = e[i] + r[i] * V(two_pi_lo);
  EACH th[i] = p[i] + lo[i];
  EACH tl[i] = lo[i] - (th[i] - p[i]);
  // kernelSin(th, tl) and kernelCos(th, tl)
  EACH z[i] = th[i] * th[i];
  EACH w[i] = z[i] * z[i];
  EACH rs[i] = V(s2) + z[i] * (V(s3) + z[i] * V(s4)) + z[i] * w[i] * (V(s5) + z[i] * V(s6));
  EACH rc[i] = z[i] * (V(c1) + z[i] * (V(c2) + z[i] * V(c3))) + w[i] * w[i] * (V(c4) + z[i] * (V(c5) + z[i] * V(c6)));
  EACH v[i] = z[i] * th[i];
  EACH sn[i] = th[i] - ((z[i] * (V(half) * tl[i] - v[i] * rs[i]) - tl[i]) - v[i] * V(s1));
  EACH {
    const v2d hz = V(half) * z[i];
    const v2d ww = V(one) - hz;
    cs[i] = ww + (((V(one) - ww) - hz) + (z[i] * rc[i] - th[i] * tl[i]));
  }
  EACH {
    // Quadrant q = qd mod 4 (qd in [0, 4]: the low mantissa bits of qd + 2^52). SIN_SIGN[q] =
    // [1, -1, -1, 1], COS_SIGN[q] = [1, 1, -1, -1]; odd q swaps sin and cos. Multiplying by -1 is
    // exactly flipping the sign bit, which is what the xors do.
    const v128_t qb = (v128_t)(qd[i] + V(two_p52));
    const v128_t sg_odd = wasm_i64x2_shl(qb, 63);                                  // sign bit = q & 1
    const v128_t sg_c = wasm_v128_and(wasm_i64x2_shl(qb, 62), (v128_t)V(m_zero));  // sign bit = q & 2
    const v128_t odd = wasm_i64x2_eq(sg_odd, (v128_t)V(m_zero));
    const v2d ss = (v2d)wasm_v128_xor((v128_t)sn[i], wasm_v128_xor(sg_odd, sg_c));  // q = 1, 2
    const v2d sc = (v2d)wasm_v128_xor((v128_t)cs[i], sg_c);                         // q = 2, 3
    sOut[i] = sel(odd, sc, ss);
    cOut[i] = sel(odd, ss, sc);
  }
}

// ---- Philox pass --------------------------------------------------------------------------------

/** Blocks per Philox pass: 4 KiB of words, which the math pass reads back from L1. */
#define SUB_BLOCKS 256
/** Words of SUB_BLOCKS blocks, group-major: group g (blocks 4g..4g+3) is x0, x1, x2, x3 at 4g. */
static v128_t WORDS[SUB_BLOCKS] __attribute__((aligned(16)));

/**
 * WORDS = blocks (bhi:blo) + [0, n) of plane (c2, c3), n <= SUB_BLOCKS (rounded up to 8). The
 * samplers run Philox in this pass and the math in a second pass over WORDS, so that neither loop
 * runs out of registers (V8 has 16 xmm registers).
 */
static void philox_pass(uint32_t k0, uint32_t k1, uint32_t blo, uint32_t bhi, uint32_t n, uint32_t c2, uint32_t c3) {
  v128_t* w = WORDS;
  for (uint32_t i = 0; i < n; i += 8, w += 8) {
    Group a = counters(blo, bhi, i, c2, c3);
    Group b = counters(blo, bhi, i + 4, c2, c3);
    philox2(a, b, k0, k1);
    w[0] = a.x0, w[1] = a.x1, w[2] = a.x2, w[3] = a.x3;
    w[4] = b.x0, w[5] = b.x1, w[6] = b.x2, w[7] = b.x3;
  }
}

/** The four words of block b of the last Philox pass (WORDS is group-major: lane b & 3). */
INLINE void block_words(uint32_t b, uint32_t w[4]) {
  const uint32_t* p = (const uint32_t*)(WORDS + 4 * (b >> 2));
  for (int c = 0; c < 4; ++c) w[c] = p[4 * c + (b & 3)];
}

/** Blocks of the next pass: all that is left up to SUB_BLOCKS, in whole 8-block steps. */
INLINE uint32_t pass_blocks(uint32_t left) { return left < SUB_BLOCKS ? (left + 7) & ~7u : SUB_BLOCKS; }

/** The float64 uniform k53(a, b)·2^-53 of u32 lanes (0, 1) (h = 0) or (2, 3) (h = 1) of words a, b. */
INLINE v2d k53(v128_t a, v128_t b, int h) {
  const v128_t x = hi27(a), y = hi26(b);
  return (h ? i32hi(x) : i32lo(x)) * V(two_p26) + (h ? i32hi(y) : i32lo(y));
}
/** The u32 lanes (0, 1) (h = 0) or (2, 3) (h = 1) of w as doubles. */
INLINE v2d w32(v128_t w, int h) { return h ? u32hi(w) : u32lo(w); }

/** Interleaves lanes: (a[0], b[0]) and (a[1], b[1]) stored at p, p + 2. */
INLINE void store_zip(double* p, v2d a, v2d b) {
  store2(p, (v2d)wasm_i64x2_shuffle((v128_t)a, (v128_t)b, 0, 2));
  store2(p + 2, (v2d)wasm_i64x2_shuffle((v128_t)a, (v128_t)b, 1, 3));
}

// ---- Box–Muller (lib/kernels/normal.ts boxMuller) ---------------------------------------------------

/** o0 = mean + std·(r cos), o1 = mean + std·(r sin), r = sqrt(-2 log u1), angle 2 pi u2. */
template <int N>
INLINE void bm(const v2d* u1, const v2d* u2, v2d mean, v2d std, v2d* o0, v2d* o1) {
  v2d r[N], s[N], c[N];
  vlog<N>(u1, r);
  vsincos2pi<N>(u2, s, c);
  EACH r[i] = vsqrt(V(m_two) * r[i]);
  EACH o0[i] = mean + std * (r[i] * c[i]);
  EACH o1[i] = mean + std * (r[i] * s[i]);
}

/**
 * Raw-stream blocks [b, b + nblocks), b = (bhi:blo), into OUT, 16 bytes per block: wide (float64):
 * block p is pair p (u1 = (k53(w0, w1) + 1)·2^-53, u2 = k53(w2, w3)·2^-53), elements 2p, 2p+1 as
 * doubles; float32: block b holds pairs 2b (u1 = (w0 + 1)·2^-32, u2 = w1·2^-32) and 2b+1 (words 2,
 * 3), elements 4b..4b+3 as floats.
 */
template <bool WIDE, bool BASE64 = false>
static void bm_impl(uint32_t k0, uint32_t k1, uint32_t blo, uint32_t bhi, uint32_t nblocks, double mean_, double std_) {
  const v2d mean = splat(mean_), std = splat(std_);
  double* out = OUT;
  for (uint32_t left = nblocks; left > 0;) {
    const uint32_t n = pass_blocks(left);
    philox_pass(k0, k1, blo, bhi, n, 0, CR_TAG_RAW);
    advance(blo, bhi, n);
    left = left > n ? left - n : 0;
    for (uint32_t g = 0; g < n; g += 4) {
      const v128_t x0 = WORDS[g], x1 = WORDS[g + 1], x2 = WORDS[g + 2], x3 = WORDS[g + 3];
      if (WIDE) {
        // lanes = pairs (blocks) 0, 1 and 2, 3
        const v2d u1[2] = {(k53(x0, x1, 0) + V(one)) * V(two_m53), (k53(x0, x1, 1) + V(one)) * V(two_m53)};
        const v2d u2[2] = {k53(x2, x3, 0) * V(two_m53), k53(x2, x3, 1) * V(two_m53)};
        v2d o0[2], o1[2];
        bm<2>(u1, u2, mean, std, o0, o1);
        store_zip(out, o0[0], o1[0]);
        store_zip(out + 4, o0[1], o1[1]);
        out += 8;
      } else {
        // vectors: pairs 2b of blocks (0, 1), (2, 3), then pairs 2b+1 of blocks (0, 1), (2, 3)
        const v2d u1[4] = {(w32(x0, 0) + V(one)) * V(two_m32), (w32(x0, 1) + V(one)) * V(two_m32),
                           (w32(x2, 0) + V(one)) * V(two_m32), (w32(x2, 1) + V(one)) * V(two_m32)};
        const v2d u2[4] = {w32(x1, 0) * V(two_m32), w32(x1, 1) * V(two_m32), w32(x3, 0) * V(two_m32),
                           w32(x3, 1) * V(two_m32)};
        v2d o0[4], o1[4];
        bm<4>(u1, u2, mean, std, o0, o1);
        if (BASE64) {  // the binary64 values of the float32 stream (transforms): 4 doubles per block
          for (int h = 0; h < 2; ++h) {
            for (int l = 0; l < 2; ++l, out += 4) {
              out[0] = o0[h][l];
              out[1] = o1[h][l];
              out[2] = o0[h + 2][l];
              out[3] = o1[h + 2][l];
            }
          }
          continue;
        }
        // block j's floats: cos, sin of pair 2j, then of pair 2j+1
        for (int h = 0; h < 2; ++h) {
          const v128_t t0 = demote4(o0[h], o1[h]);          // a0[0] a0[1] a1[0] a1[1]
          const v128_t t1 = demote4(o0[h + 2], o1[h + 2]);  // b0[0] b0[1] b1[0] b1[1]
          float* f = (float*)out;
          wasm_v128_store(f, wasm_i32x4_shuffle(t0, t1, 0, 2, 4, 6));
          wasm_v128_store(f + 4, wasm_i32x4_shuffle(t0, t1, 1, 3, 5, 7));
          out += 4;
        }
      }
    }
  }
}

/** wide: 1 float64 (2 doubles per block), 0 float32 (4 floats per block), 2 the float32 stream's values in
 *  binary64 (4 doubles per block, at most CHUNK_BLOCKS / 2 blocks: Student's t takes z unrounded). */
EXPORT(bm_fill) void bm_fill(uint32_t k0, uint32_t k1, uint32_t blo, uint32_t bhi, uint32_t nblocks, uint32_t wide,
                             double mean, double std) {
  if (wide == 1) bm_impl<true>(k0, k1, blo, bhi, nblocks, mean, std);
  else if (wide == 2) bm_impl<false, true>(k0, k1, blo, bhi, nblocks, mean, std);
  else bm_impl<false>(k0, k1, blo, bhi, nblocks, mean, std);
}

// ---- exponential (lib/kernels/gamma.ts exponentialKernel) -------------------------------------------

/** r = (0 - log u) / rate. */
template <int N>
INLINE void expo(const v2d* u, v2d rate, v2d* r) {
  vlog<N>(u, r);
  EACH r[i] = (V(zero) - r[i]) / rate;
}

/**
 * Raw-stream blocks [b, b + nblocks) into OUT, 16 bytes per block: wide: elements 2b, 2b+1 (u =
 * (k53 + 1)·2^-53 from words (0, 1) and (2, 3)) as doubles; float32: elements 4b..4b+3 (u = (w +
 * 1)·2^-32 of one word each) as floats.
 */
template <bool WIDE, bool BASE64 = false>
static void expo_impl(uint32_t k0, uint32_t k1, uint32_t blo, uint32_t bhi, uint32_t nblocks, double rate_) {
  const v2d rate = splat(rate_);
  double* out = OUT;
  for (uint32_t left = nblocks; left > 0;) {
    const uint32_t n = pass_blocks(left);
    philox_pass(k0, k1, blo, bhi, n, 0, CR_TAG_RAW);
    advance(blo, bhi, n);
    left = left > n ? left - n : 0;
    for (uint32_t g = 0; g < n; g += 4) {
      const v128_t x0 = WORDS[g], x1 = WORDS[g + 1], x2 = WORDS[g + 2], x3 = WORDS[g + 3];
      if (WIDE) {
        // vectors: elements 2b of blocks (0, 1), (2, 3), then 2b+1 of blocks (0, 1), (2, 3)
        v2d u[4] = {(k53(x0, x1, 0) + V(one)) * V(two_m53), (k53(x0, x1, 1) + V(one)) * V(two_m53),
                    (k53(x2, x3, 0) + V(one)) * V(two_m53), (k53(x2, x3, 1) + V(one)) * V(two_m53)};
        if (!BASE64) expo<4>(u, rate, u);
        store_zip(out, u[0], u[2]);
        store_zip(out + 4, u[1], u[3]);
        out += 8;
      } else {
        // vectors: word j of blocks (0, 1) and (2, 3), j = 0..3
        v2d u[8];
        const v128_t xs[4] = {x0, x1, x2, x3};
        for (int j = 0; j < 4; ++j)
          for (int h = 0; h < 2; ++h) u[2 * j + h] = (w32(xs[j], h) + V(one)) * V(two_m32);
        if (BASE64) {  // u itself, binary64, 4 doubles per block: word j of block (h, lane)
          for (int h = 0; h < 2; ++h) {
            for (int l = 0; l < 2; ++l, out += 4)
              for (int j = 0; j < 4; ++j) out[j] = u[2 * j + h][l];
          }
          continue;
        }
        expo<8>(u, rate, u);
        for (int h = 0; h < 2; ++h) {
          const v128_t t0 = demote4(u[h], u[2 + h]);      // e0[0] e0[1] e1[0] e1[1]
          const v128_t t1 = demote4(u[4 + h], u[6 + h]);  // e2[0] e2[1] e3[0] e3[1]
          float* f = (float*)out;
          wasm_v128_store(f, wasm_i32x4_shuffle(t0, t1, 0, 2, 4, 6));
          wasm_v128_store(f + 4, wasm_i32x4_shuffle(t0, t1, 1, 3, 5, 7));
          out += 4;
        }
      }
    }
  }
}

EXPORT(expo_fill) void expo_fill(uint32_t k0, uint32_t k1, uint32_t blo, uint32_t bhi, uint32_t nblocks, uint32_t wide,
                                 double rate) {
  if (wide) expo_impl<true>(k0, k1, blo, bhi, nblocks, rate);
  else expo_impl<false>(k0, k1, blo, bhi, nblocks, rate);
}

// ---- transforms (lib/kernels/transform.ts; cuda/include/cr_transforms.h) ----------------------------

/** The vector math as a transform policy (cr_transforms.h): each transform's one body, two lanes at a
 *  time, with the bits of cr_scalar_math (vlog/vexp finish rare lanes by the scalar ports). */
struct VecMath {
  static v2d exp(v2d x) {
    v2d r;
    vexp<1>(&x, &r);
    return r;
  }
  static v2d log(v2d x) {
    v2d r;
    vlog<1>(&x, &r);
    return r;
  }
  static v2d sqrt(v2d x) { return vsqrt(x); }  // correctly rounded, as the scalar sqrt
  static v2d ndtri(v2d x) { return (v2d){cr_ndtri(x[0]), cr_ndtri(x[1])}; }  // rare in samplers: the scalar port
  static void sincos2pi(v2d u, v2d* s, v2d* c) { vsincos2pi<1>(&u, s, c); }
  /** Per lane m ? a : b, m a comparison's lane mask; a scalar operand stands for both lanes. */
  template <class Mask>
  static v2d select(Mask m, v2d a, v2d b) { return sel((v128_t)m, a, b); }
  template <class Mask>
  static v2d select(Mask m, double a, v2d b) { return sel((v128_t)m, splat(a), b); }
  template <class Mask>
  static v2d select(Mask m, v2d a, double b) { return sel((v128_t)m, a, splat(b)); }
};

/** OUT[0 .. n) ← f(OUT[i]) two at a time, in place (wide) or rounded to floats at the start of OUT: the
 *  floats of pair i land on bytes 4i .. 4i + 8, never past the doubles not yet read (8i on). */
template <class F>
INLINE void map_out(uint32_t n, uint32_t wide, const double* p, F f) {
  float* out32 = (float*)OUT;
  for (uint32_t i = 0; i < n; i += 2) {
    const v2d v = f((v2d)wasm_v128_load(OUT + i), p);
    if (wide) {
      store2(OUT + i, v);
    } else {
      out32[i] = (float)v[0];
      out32[i + 1] = (float)v[1];
    }
  }
}

/**
 * Transform `id` of cr_transforms.h over raw-stream blocks [b, b + nblocks) into OUT: the base values
 * in binary64 — Box–Muller z (mean 0, std 1) or exponential's open uniform u, from the vector code
 * above — then f(x), the body the CUDA kernels run instantiated with the vector math, rounded once to
 * float32 when !wide. float32 needs 4 doubles per block: at most CHUNK_BLOCKS / 2 blocks per call.
 * Returns 0, or 1 for an id cr_transforms.h does not have (then nothing is computed).
 */
EXPORT(transform_fill) int32_t transform_fill(uint32_t k0, uint32_t k1, uint32_t blo, uint32_t bhi, uint32_t nblocks,
                                              uint32_t wide, int32_t id, double p0, double p1, double p2, double p3,
                                              double p4, double p5, double p6, double p7) {
  const double p[CR_TRANSFORM_MAX_PARAMS] = {p0, p1, p2, p3, p4, p5, p6, p7};
  const int base = cr_transform_base(id);
  // An id this build lacks (a module older than the registry) must not leave OUT as it was: the caller
  // would read the last call's values as this one's. 1 tells it so; nothing is written.
  if (base < 0) return 1;
  const bool normal = base == CR_BASE_NORMAL;
  if (wide) {
    if (normal) bm_impl<true>(k0, k1, blo, bhi, nblocks, 0.0, 1.0);
    else expo_impl<true, true>(k0, k1, blo, bhi, nblocks, 1.0);
  } else {
    if (normal) bm_impl<false, true>(k0, k1, blo, bhi, nblocks, 0.0, 1.0);
    else expo_impl<false, true>(k0, k1, blo, bhi, nblocks, 1.0);
  }
  const uint32_t n = ((nblocks + 7) & ~7u) * (wide ? 2 : 4);  // whole 8-block steps were written (even)
  switch (id) {
#define CR_TF_FILL(ID, NAME, BASE, NP)                                                                \
  case ID:                                                                                            \
    map_out(n, wide, p, [](v2d x, const double* q) { return cr_tf_##NAME<VecMath>(x, q); });          \
    return 0;
    CR_TRANSFORMS(CR_TF_FILL)
#undef CR_TF_FILL
  }
  return 1;
}

// ---- element samplers (lib/kernels/element.ts; cuda/include/cr_elements.h) --------------------------

INLINE void store_value(uint32_t at, uint32_t wide, double x) {
  if (wide) OUT[at] = x;
  else ((float*)OUT)[at] = (float)x;  // float at bytes 4·at: below every double not yet written
}

/** Elements at, at + 1's values x (store_value two lanes at a time). */
INLINE void store_pair(uint32_t at, uint32_t wide, v2d x) {
  if (wide) {
    store2(OUT + at, x);
  } else {
    ((float*)OUT)[at] = (float)x[0];
    ((float*)OUT)[at + 1] = (float)x[1];
  }
}

/** Elements [e, e + count) of one element sampler, scalar per element (F: its cr_el_ type), into OUT. */
template <class F>
static void element_run(uint32_t k0, uint32_t k1, uint64_t e, uint32_t count, uint32_t wide, const double* p) {
  for (uint32_t j = 0; j < count; ++j) store_value(j, wide, F::value(k0, k1, e + j, p));
}

/** Plane 1's uniform u of the elements of one Philox pass (wald_vec). */
static double WALD_U[SUB_BLOCKS] __attribute__((aligned(16)));

/**
 * Wald elements [e, e + count), e = (ehi:elo), p = (mean, scale): cr_wald_element operation by operation,
 * two lanes per f64x2 (lane = element = block of planes 0 and 1 of CR_TAG_WALD). Its only rare inputs are
 * vlog's (v is in (0, 1]: never) and sincos2pi's tiny turns, which the vector functions finish by the
 * scalar ports themselves. Whole 8-element steps: the extra values land in OUT's padding.
 */
static void wald_vec(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t count, uint32_t wide,
                     const double* p) {
  const v2d mean = splat(p[0]), four_scale = splat(4.0 * p[1]);
  uint32_t j = 0;
  for (uint32_t left = count; left > 0;) {
    const uint32_t n = pass_blocks(left);
    const uint32_t pe = elo + j, ph = ehi + (pe < elo ? 1 : 0);
    // block 1: u = k53(w0, w1)·2^-53
    philox_pass(k0, k1, pe, ph, n, 1u, CR_TAG_WALD);
    for (uint32_t g = 0; g < n; g += 4) {
      store2(WALD_U + g, k53(WORDS[g], WORDS[g + 1], 0) * V(two_m53));
      store2(WALD_U + g + 2, k53(WORDS[g], WORDS[g + 1], 1) * V(two_m53));
    }
    // block 0: z = sqrt(0 - 2 log v)·cos 2πu1, u1 = k53(w0, w1)·2^-53, v = (k53(w2, w3) + 1)·2^-53
    philox_pass(k0, k1, pe, ph, n, 0u, CR_TAG_WALD);
    for (uint32_t g = 0; g < n; g += 8) {
      constexpr int N = 4;  // vector i: blocks g + 2i, g + 2i + 1
      v2d u1[N], v[N], lg[N], sn[N], cs[N];
      EACH {
        const v128_t* w = WORDS + g + 4 * (i >> 1);
        u1[i] = k53(w[0], w[1], i & 1) * V(two_m53);
        v[i] = (k53(w[2], w[3], i & 1) + V(one)) * V(two_m53);
      }
      vlog<N>(v, lg);
      vsincos2pi<N>(u1, sn, cs);
      EACH {
        const v2d z = vsqrt(V(zero) - V(two) * lg[i]) * cs[i];
        const v2d a = (mean * (z * z)) / four_scale;
        const v2d t = vsqrt(a) + vsqrt(a + V(one));
        const v2d r = t * t;
        const v2d u = (v2d)wasm_v128_load(WALD_U + g + 2 * i);
        const v128_t small = wasm_f64x2_le((v128_t)(u * (V(one) + V(one) / r)), (v128_t)V(one));
        const v2d x = sel(small, mean / r, mean * r);
        store_pair(j + g + 2 * i, wide, x);
      }
    }
    j += n;
    left = left > n ? left - n : 0;
  }
}

/**
 * Best–Fisher's test (cr_von_mises_element, mode 1) of 8 proposals whose words are group-major in w[0..8)
 * (w[4h + c]: word c of proposals 4h..4h+3), two lanes per f64x2: ok[l], and wv[l] for the acos. The log of
 * a lane the first test accepts (or with y <= 0, given log 1) is computed and discarded.
 */
INLINE void vm_test(const v128_t* w, v2d s, v2d kappa, bool ok[8], double wv[8]) {
  constexpr int N = 4;  // vector i: proposals 2i, 2i + 1
  v2d u[N], v[N], hu[N], sn[N], cs[N], W[N], y[N], q[N], lq[N];
  v128_t acc[N], pos[N];
  EACH {
    const v128_t* g = w + 4 * (i >> 1);
    u[i] = k53(g[0], g[1], i & 1) * V(two_m53);
    v[i] = (k53(g[2], g[3], i & 1) + V(one)) * V(two_m53);
    hu[i] = V(half) * u[i];
  }
  vsincos2pi<N>(hu, sn, cs);
  EACH {
    W[i] = (V(one) + s * cs[i]) / (s + cs[i]);
    y[i] = kappa * (s - W[i]);
    acc[i] = wasm_f64x2_ge((v128_t)(y[i] * (V(two) - y[i]) - v[i]), (v128_t)V(zero));
    pos[i] = wasm_f64x2_gt((v128_t)y[i], (v128_t)V(zero));
    q[i] = sel(pos[i], y[i] / v[i], V(one));
  }
  vlog<N>(q, lq);
  EACH {
    const v128_t test2 = wasm_f64x2_ge((v128_t)(lq[i] + V(one) - y[i]), (v128_t)V(zero));
    acc[i] = wasm_v128_or(acc[i], wasm_v128_and(pos[i], test2));
    ok[2 * i] = wasm_i64x2_extract_lane(acc[i], 0) != 0;
    ok[2 * i + 1] = wasm_i64x2_extract_lane(acc[i], 1) != 0;
    wv[2 * i] = W[i][0];
    wv[2 * i + 1] = W[i][1];
  }
}

/** An accepted proposal's value: acos of wv clamped, negated when its word 0 is odd, mu added and wrapped. */
INLINE double vm_finish(double wv, uint32_t w0, double mu) {
  const double PI = 3.141592653589793, TWO_PI = 6.283185307179586;
  double r = cr_acos(wv > 1.0 ? 1.0 : wv < -1.0 ? -1.0 : wv);
  if (w0 & 1u) r = -r;
  const double x = r + mu;
  return x < -PI ? x + TWO_PI : x >= PI ? x - TWO_PI : x;
}

/**
 * Proposal t's blocks (lo, hi, t, tag) of the rejected elements i … i + 7 of a pending list (LO/HI: their
 * 64-bit indices; entries past `pending` are element 0's, computed and never used), as two Philox groups:
 * w[0..4) the first four blocks' words x0..x3, w[4..8) the next four's (the retries of von Mises and beta).
 */
INLINE void pending_blocks(const uint32_t* LO, const uint32_t* HI, uint32_t i, uint32_t pending, uint32_t t,
                           uint32_t tag, uint32_t k0, uint32_t k1, v128_t w[8]) {
  Group gr[2];
  for (int h = 0; h < 2; ++h) {
    uint32_t lo[4] = {0, 0, 0, 0}, hi[4] = {0, 0, 0, 0};
    for (uint32_t l = 0; l < 4 && i + 4 * h + l < pending; ++l) {
      lo[l] = LO[i + 4 * h + l];
      hi[l] = HI[i + 4 * h + l];
    }
    gr[h].x0 = wasm_v128_load(lo);
    gr[h].x1 = wasm_v128_load(hi);
    gr[h].x2 = wasm_i32x4_splat((int32_t)t);
    gr[h].x3 = wasm_i32x4_splat((int32_t)tag);
  }
  philox2(gr[0], gr[1], k0, k1);
  w[0] = gr[0].x0, w[1] = gr[0].x1, w[2] = gr[0].x2, w[3] = gr[0].x3;
  w[4] = gr[1].x0, w[5] = gr[1].x1, w[6] = gr[1].x2, w[7] = gr[1].x3;
}

/** Elements of one pass whose proposal t - 1 was rejected: index (hi:lo) and output slot. */
static uint32_t VM_LO[SUB_BLOCKS], VM_HI[SUB_BLOCKS], VM_AT[SUB_BLOCKS];

/**
 * von Mises elements [e, e + count), e = (ehi:elo), of a mode-1 row p = (1, s, kappa, mu, c), in vectors:
 * proposal 0 of every element from the pass's contiguous blocks (e, 0, CR_TAG_VON_MISES); the elements it
 * rejects, proposal 1 from blocks (e, 1, tag) eight at a time through the vector Philox, and so on until
 * none is left — each element's first accepted proposal, as cr_von_mises_element. The acos and the wrap
 * are scalar. Whole 8-element steps: the extra values land in OUT's padding.
 */
static void von_mises_vec(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t count, uint32_t wide,
                          const double* p) {
  const v2d s = splat(p[1]), kappa = splat(p[2]);
  bool ok[8];
  double wv[8];
  uint32_t j = 0;
  for (uint32_t left = count; left > 0;) {
    const uint32_t n = pass_blocks(left);
    const uint32_t pe = elo + j, ph = ehi + (pe < elo ? 1 : 0);
    philox_pass(k0, k1, pe, ph, n, 0u, CR_TAG_VON_MISES);
    uint32_t pending = 0;
    for (uint32_t g = 0; g < n; g += 8) {
      vm_test(WORDS + g, s, kappa, ok, wv);
      const uint32_t* w0 = (const uint32_t*)(WORDS + g);  // lanes of word 0: w0[l] (l < 4), w0[16 + l - 4]
      for (uint32_t l = 0; l < 8; ++l) {
        const uint32_t b = g + l;
        if (ok[l]) {
          store_value(j + b, wide, vm_finish(wv[l], w0[l < 4 ? l : 12 + l], p[3]));
        } else {
          const uint32_t lo = pe + b;
          VM_LO[pending] = lo;
          VM_HI[pending] = ph + (lo < pe ? 1 : 0);
          VM_AT[pending++] = j + b;
        }
      }
    }
    for (uint32_t t = 1; pending > 0; ++t) {
      uint32_t next = 0;  // the still rejected, compacted in place (next <= the entry being read)
      for (uint32_t i = 0; i < pending; i += 8) {
        v128_t w[8];
        pending_blocks(VM_LO, VM_HI, i, pending, t, CR_TAG_VON_MISES, k0, k1, w);
        vm_test(w, s, kappa, ok, wv);
        for (uint32_t q = 0; q < 8 && i + q < pending; ++q) {
          uint32_t w0[4];
          wasm_v128_store(w0, w[4 * (q >> 2)]);
          if (ok[q]) {
            store_value(VM_AT[i + q], wide, vm_finish(wv[q], w0[q & 3], p[3]));
          } else {
            VM_LO[next] = VM_LO[i + q];
            VM_HI[next] = VM_HI[i + q];
            VM_AT[next++] = VM_AT[i + q];
          }
        }
      }
      pending = next;
    }
    j += n;
    left = left > n ? left - n : 0;
  }
}

/**
 * von Mises elements [e, e + count) of a mode-0 (uniform: π(2u − 1)) or mode-2 row (the normal limit:
 * c·sqrt(0 − 2 log v)·cos 2πu), which accept proposal 0 always: cr_von_mises_element's operations and its
 * wrap, two lanes per f64x2. Whole 8-element steps, as von_mises_vec.
 */
static void von_mises_direct(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t count, uint32_t wide,
                             const double* p) {
  const v2d pi = splat(3.141592653589793), two_pi = splat(6.283185307179586), c = splat(p[4]), mu = splat(p[3]);
  const bool normal = p[0] == 2.0;
  uint32_t j = 0;
  for (uint32_t left = count; left > 0;) {
    const uint32_t n = pass_blocks(left);
    const uint32_t pe = elo + j, ph = ehi + (pe < elo ? 1 : 0);
    philox_pass(k0, k1, pe, ph, n, 0u, CR_TAG_VON_MISES);
    for (uint32_t g = 0; g < n; g += 8) {
      constexpr int N = 4;  // vector i: blocks g + 2i, g + 2i + 1
      v2d u[N], v[N], r[N], sn[N], cs[N];
      EACH {
        const v128_t* w = WORDS + g + 4 * (i >> 1);
        u[i] = k53(w[0], w[1], i & 1) * V(two_m53);
        v[i] = (k53(w[2], w[3], i & 1) + V(one)) * V(two_m53);
      }
      if (normal) {
        vlog<N>(v, r);
        vsincos2pi<N>(u, sn, cs);
        EACH r[i] = c * (vsqrt(V(zero) - V(two) * r[i]) * cs[i]);
      } else {
        EACH r[i] = pi * (V(two) * u[i] - V(one));
      }
      EACH {
        const v2d x = r[i] + mu;
        const v2d y = sel(wasm_f64x2_lt((v128_t)x, (v128_t)(V(zero) - pi)), x + two_pi,
                          sel(wasm_f64x2_ge((v128_t)x, (v128_t)pi), x - two_pi, x));
        store_pair(j + g + 2 * i, wide, y);
      }
    }
    j += n;
    left = left > n ? left - n : 0;
  }
}

/**
 * Element sampler `id` of cr_elements.h for elements [e, e + count), e = (ehi:elo), count <= 2·CHUNK_BLOCKS,
 * parameter row p: OUT[j] (doubles, wide) or its floats (rounded once, as a Float32Array store). Every
 * sampler of the table runs the very function the CUDA kernels run, one element at a time (scalar Philox
 * blocks of its own sub-stream); Wald and von Mises have vector versions above, which `generic` (tests)
 * turns off. Returns 0, or 1 for an id cr_elements.h does not have (then nothing is written:
 * transform_fill's rule).
 */
EXPORT(element_fill) int32_t element_fill(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t count,
                                          uint32_t wide, int32_t id, uint32_t generic, double p0, double p1,
                                          double p2, double p3, double p4, double p5, double p6, double p7) {
  const double p[CR_ELEMENT_MAX_PARAMS] = {p0, p1, p2, p3, p4, p5, p6, p7};
  const uint64_t e = ((uint64_t)ehi << 32) | elo;
  // generic: the table's scalar path even where a vector one exists (tests keep it checked for every sampler)
  if (!generic && id == CR_ELEMENT_wald) {  // no rejection: the whole element in vectors
    wald_vec(k0, k1, elo, ehi, count, wide, p);
    return 0;
  }
  if (!generic && id == CR_ELEMENT_von_mises) {  // mode 1 Best–Fisher; 0 and 2: κ's extremes (von-mises.ts)
    if (p[0] == 1.0) von_mises_vec(k0, k1, elo, ehi, count, wide, p);
    else von_mises_direct(k0, k1, elo, ehi, count, wide, p);
    return 0;
  }
  switch (id) {
#define CR_EL_FILL(ID, NAME, TAG, NP)                  \
  case ID:                                             \
    element_run<cr_el_##NAME>(k0, k1, e, count, wide, p); \
    return 0;
    CR_ELEMENTS(CR_EL_FILL)
#undef CR_EL_FILL
  }
  return 1;
}

// ---- bounded integers (lib/kernels/integers.ts; cuda/include/cr_discrete.h) ---------------------------

/** Rows of a group: r_b = words 0..3 of block b (elements 4b..4b+3 in order), from the group-major
 *  x_j = word j of blocks 0..3. */
INLINE void transpose4(v128_t x0, v128_t x1, v128_t x2, v128_t x3, v128_t r[4]) {
  const v128_t t0 = wasm_i32x4_shuffle(x0, x1, 0, 4, 1, 5), t1 = wasm_i32x4_shuffle(x2, x3, 0, 4, 1, 5);
  const v128_t t2 = wasm_i32x4_shuffle(x0, x1, 2, 6, 3, 7), t3 = wasm_i32x4_shuffle(x2, x3, 2, 6, 3, 7);
  r[0] = wasm_i32x4_shuffle(t0, t1, 0, 1, 4, 5);
  r[1] = wasm_i32x4_shuffle(t0, t1, 2, 3, 6, 7);
  r[2] = wasm_i32x4_shuffle(t2, t3, 0, 1, 4, 5);
  r[3] = wasm_i32x4_shuffle(t2, t3, 2, 3, 6, 7);
}

/** Element e's value when its proposal 0 (words a, b) was rejected: the scalar port's loop. */
COLD int64_t integer_retry(const cr_int_plan& p, uint32_t k0, uint32_t k1, uint64_t e, uint32_t a, uint32_t b) {
  return cr_integers_value(p, k0, k1, e, a, b);
}

/** Narrow elements of one pass whose proposal 0 was rejected: their element index and output slot. */
static uint32_t RETRY_LO[4 * SUB_BLOCKS], RETRY_HI[4 * SUB_BLOCKS], RETRY_AT[4 * SUB_BLOCKS];

/**
 * The values of the `count` rejected narrow elements listed in RETRY_*: their retry blocks 1 eight at a
 * time through the vector Philox (a range just above a power of two rejects nearly half of all words,
 * too many for the scalar Philox), the four proposals of each in order; an element whose four are all
 * rejected goes on from block 2 by the scalar port. Written like the pass's accepted values.
 */
static void integer_retries(const cr_int_plan& p, uint32_t k0, uint32_t k1, uint32_t count, uint32_t f64) {
  for (uint32_t i = 0; i < count; i += 8) {
    Group g[2];
    for (int h = 0; h < 2; ++h) {
      uint32_t lo[4] = {0, 0, 0, 0}, hi[4] = {0, 0, 0, 0};
      for (uint32_t l = 0; l < 4 && i + 4 * h + l < count; ++l) lo[l] = RETRY_LO[i + 4 * h + l], hi[l] = RETRY_HI[i + 4 * h + l];
      g[h].x0 = wasm_v128_load(lo);
      g[h].x1 = wasm_v128_load(hi);
      g[h].x2 = wasm_i32x4_splat(1);
      g[h].x3 = wasm_i32x4_splat((int32_t)CR_TAG_INTEGERS);
    }
    philox2(g[0], g[1], k0, k1);
    uint32_t w[2][4][4];  // [group][word][lane]
    for (int h = 0; h < 2; ++h) {
      wasm_v128_store(w[h][0], g[h].x0), wasm_v128_store(w[h][1], g[h].x1);
      wasm_v128_store(w[h][2], g[h].x2), wasm_v128_store(w[h][3], g[h].x3);
    }
    for (uint32_t q = 0; q < 8 && i + q < count; ++q) {
      const uint32_t* const x[4] = {&w[q >> 2][0][q & 3], &w[q >> 2][1][q & 3], &w[q >> 2][2][q & 3], &w[q >> 2][3][q & 3]};
      uint64_t k = 0;
      bool ok = false;
      for (int c = 0; c < 4 && !ok; ++c) ok = cr_int_narrow(*x[c], p, &k);
      const uint64_t e = ((uint64_t)RETRY_HI[i + q] << 32) | RETRY_LO[i + q];
      for (uint32_t c = 2; !ok; ++c) ok = cr_int_retry(p, k0, k1, e, c, &k);
      const int64_t v = p.low + (int64_t)k;
      if (f64) OUT[RETRY_AT[i + q]] = (double)v;
      else ((uint32_t*)OUT)[RETRY_AT[i + q]] = (uint32_t)(uint64_t)v;
    }
  }
}

/**
 * Wide proposals x = a·2^32 + b of u32 lanes (2h, 2h + 1) of a and b: x·r as 64-bit lanes hi and lo,
 * from 32-bit partial products as cr_mul64 forms them (r = rh·2^32 + rl).
 */
template <int H>
INLINE void mul_wide(v128_t a, v128_t b, v128_t rl, v128_t rh, v128_t& hi, v128_t& lo) {
  const v128_t m32 = wasm_i64x2_splat(0xffffffff);
  const v128_t ll = H ? extmul_hi(b, rl) : extmul_lo(b, rl), hl = H ? extmul_hi(a, rl) : extmul_lo(a, rl);
  const v128_t lh = H ? extmul_hi(b, rh) : extmul_lo(b, rh), hh = H ? extmul_hi(a, rh) : extmul_lo(a, rh);
  const v128_t mid = wasm_i64x2_add(wasm_i64x2_add(wasm_u64x2_shr(ll, 32), wasm_v128_and(lh, m32)), wasm_v128_and(hl, m32));
  lo = wasm_v128_or(wasm_i64x2_shl(mid, 32), wasm_v128_and(ll, m32));
  hi = wasm_i64x2_add(wasm_i64x2_add(hh, wasm_u64x2_shr(lh, 32)), wasm_i64x2_add(wasm_u64x2_shr(hl, 32), wasm_u64x2_shr(mid, 32)));
}

/** u64 lanes below 2^53 as doubles (exact: hi32·2^32 + lo32). */
INLINE v2d u53_to_f64(v128_t x) {
  return u32lo(wasm_i32x4_shuffle(x, x, 1, 3, 1, 3)) * V(two_p32) + u32lo(wasm_i32x4_shuffle(x, x, 0, 2, 0, 2));
}

/**
 * Blocks [b, b + nblocks) of the tag-7 plane into OUT. Narrow (r ≤ 2^32): elements 4b..4b+3 per block,
 * as uint32 words (low + k) mod 2^32 (f64 = 0: the bits of int32 and uint32 outputs) or as doubles;
 * Lemire's test four lanes at a time (k, l = the high and low words of x·r), rejected lanes through
 * integer_retries. Wide: elements 2b, 2b+1 as doubles, Lemire's 128-bit test two lanes at a time
 * (mul_wide), a rejected lane (probability below 2^-11) by the scalar port. low and high are safe
 * integers (exact as doubles), low < high, high − low ≤ 2^53.
 */
EXPORT(integers_fill) void integers_fill(uint32_t k0, uint32_t k1, uint32_t blo, uint32_t bhi, uint32_t nblocks,
                                         uint32_t f64, double low, double high) {
  const cr_int_plan p = cr_integers_plan((int64_t)low, (int64_t)high);
  const bool full = p.r == 4294967296ull;  // x·2^32: k = x, never rejected
  const v128_t R = wasm_i32x4_splat((int32_t)(uint32_t)p.r), T = wasm_i32x4_splat((int32_t)(uint32_t)p.t);
  const v128_t RH = wasm_i32x4_splat((int32_t)(uint32_t)(p.r >> 32));
  // unsigned 64-bit lo >= t as a signed comparison of both with the sign bit flipped
  const v128_t SIGN = wasm_i64x2_splat((int64_t)0x8000000000000000ull);
  const v128_t T64 = wasm_v128_xor(wasm_i64x2_splat((int64_t)p.t), SIGN);
  const v128_t LOW = wasm_i32x4_splat((int32_t)(uint32_t)(uint64_t)p.low);
  const v2d LOWD = splat(low);
  uint32_t* out32 = (uint32_t*)OUT;
  double* out64 = OUT;
  for (uint32_t left = nblocks; left > 0;) {
    const uint32_t n = pass_blocks(left);
    philox_pass(k0, k1, blo, bhi, n, 0, CR_TAG_INTEGERS);
    const uint64_t b0 = ((uint64_t)bhi << 32) | blo;
    advance(blo, bhi, n);
    left = left > n ? left - n : 0;
    uint32_t retries = 0;
    for (uint32_t g = 0; g < n; g += 4) {
      const v128_t x0 = WORDS[g], x1 = WORDS[g + 1], x2 = WORDS[g + 2], x3 = WORDS[g + 3];
      if (p.wide) {
        // lanes: elements 2b (words 0, 1) and 2b+1 (words 2, 3) of blocks (0, 1), then (2, 3)
        for (int h = 0; h < 2; ++h) {
          v128_t hi[2], lo[2];
          if (h) mul_wide<1>(x0, x1, R, RH, hi[0], lo[0]), mul_wide<1>(x2, x3, R, RH, hi[1], lo[1]);
          else mul_wide<0>(x0, x1, R, RH, hi[0], lo[0]), mul_wide<0>(x2, x3, R, RH, hi[1], lo[1]);
          store_zip(out64, LOWD + u53_to_f64(hi[0]), LOWD + u53_to_f64(hi[1]));
          const v128_t ok = wasm_v128_and(wasm_i64x2_ge(wasm_v128_xor(lo[0], SIGN), T64), wasm_i64x2_ge(wasm_v128_xor(lo[1], SIGN), T64));
          if (__builtin_expect(!wasm_i64x2_all_true(ok), 0)) {
            for (int l = 0; l < 4; ++l) {  // element 2(b0 + g + 2h + (l >> 1)) + (l & 1) at out64[l]
              const uint32_t bl = 2 * h + (l >> 1);
              uint32_t w[4];
              block_words(g + bl, w);
              uint64_t k;
              const uint32_t a = w[2 * (l & 1)], bb = w[2 * (l & 1) + 1];
              if (!cr_int_wide(a, bb, p, &k)) out64[l] = (double)integer_retry(p, k0, k1, 2 * (b0 + g + bl) + (l & 1), a, bb);
            }
          }
          out64 += 4;
        }
        continue;
      }
      v128_t rows[4];
      transpose4(x0, x1, x2, x3, rows);
      for (int j = 0; j < 4; ++j) {
        const v128_t x = rows[j];
        v128_t k4 = x;
        if (!full) {
          const v128_t ml = extmul_lo(x, R), mh = extmul_hi(x, R);
          k4 = wasm_i32x4_shuffle(ml, mh, 1, 3, 5, 7);
          const uint32_t bad = ~wasm_i32x4_bitmask(wasm_u32x4_ge(wasm_i32x4_shuffle(ml, mh, 0, 2, 4, 6), T)) & 15u;
          if (bad) {
            const uint64_t e = 4 * (b0 + g + j);
            const uint32_t at = (uint32_t)(f64 ? out64 - OUT : out32 - (uint32_t*)OUT);
            for (uint32_t l = 0; l < 4; ++l) {
              if (!(bad >> l & 1)) continue;
              RETRY_LO[retries] = (uint32_t)(e + l), RETRY_HI[retries] = (uint32_t)((e + l) >> 32);
              RETRY_AT[retries++] = at + l;
            }
          }
        }
        if (f64) {
          store2(out64, LOWD + u32lo(k4));
          store2(out64 + 2, LOWD + u32hi(k4));
          out64 += 4;
        } else {
          wasm_v128_store(out32, wasm_i32x4_add(k4, LOW));
          out32 += 4;
        }
      }
    }
    if (retries) integer_retries(p, k0, k1, retries, f64);
  }
}

// ---- Bernoulli (lib/kernels/bernoulli.ts) -------------------------------------------------------------

/**
 * Raw-stream blocks [b, b + nblocks) into OUT as bytes: elements 2b (words 0, 1) and 2b+1 (words 2, 3),
 * 1 when u = k53·2^-53 < p, else 0 — the comparison of the specification, two lanes at a time.
 */
EXPORT(bernoulli_fill) void bernoulli_fill(uint32_t k0, uint32_t k1, uint32_t blo, uint32_t bhi, uint32_t nblocks,
                                           double p) {
  const v2d P = splat(p);
  uint8_t* out = (uint8_t*)OUT;
  for (uint32_t left = nblocks; left > 0;) {
    const uint32_t n = pass_blocks(left);
    philox_pass(k0, k1, blo, bhi, n, 0, CR_TAG_RAW);
    advance(blo, bhi, n);
    left = left > n ? left - n : 0;
    for (uint32_t g = 0; g < n; g += 4, out += 8) {
      const v128_t x0 = WORDS[g], x1 = WORDS[g + 1], x2 = WORDS[g + 2], x3 = WORDS[g + 3];
      // lanes: even elements 2b of blocks (0, 1), (2, 3); odd elements 2b+1 likewise
      const v128_t e01 = wasm_f64x2_lt((v128_t)(k53(x0, x1, 0) * V(two_m53)), (v128_t)P);
      const v128_t e23 = wasm_f64x2_lt((v128_t)(k53(x0, x1, 1) * V(two_m53)), (v128_t)P);
      const v128_t o01 = wasm_f64x2_lt((v128_t)(k53(x2, x3, 0) * V(two_m53)), (v128_t)P);
      const v128_t o23 = wasm_f64x2_lt((v128_t)(k53(x2, x3, 1) * V(two_m53)), (v128_t)P);
      // byte 2b = even lane b, byte 2b+1 = odd lane b (an all-ones lane is −1: keep bit 0)
      out[0] = (uint8_t)(wasm_i64x2_extract_lane(e01, 0) & 1);
      out[1] = (uint8_t)(wasm_i64x2_extract_lane(o01, 0) & 1);
      out[2] = (uint8_t)(wasm_i64x2_extract_lane(e01, 1) & 1);
      out[3] = (uint8_t)(wasm_i64x2_extract_lane(o01, 1) & 1);
      out[4] = (uint8_t)(wasm_i64x2_extract_lane(e23, 0) & 1);
      out[5] = (uint8_t)(wasm_i64x2_extract_lane(o23, 0) & 1);
      out[6] = (uint8_t)(wasm_i64x2_extract_lane(e23, 1) & 1);
      out[7] = (uint8_t)(wasm_i64x2_extract_lane(o23, 1) & 1);
    }
  }
}

// ---- geometric (lib/kernels/geometric.ts) -------------------------------------------------------------

/**
 * Raw-stream blocks [b, b + nblocks) into OUT as doubles: elements 2b, 2b+1, floor(log(v) / L) + 1 with v
 * = (k53 + 1)·2^-53 exponential's open uniform (expo_impl's float64 base values) and L = log1p(−p) from
 * the caller (the specification's constant); four at a time through vlog.
 */
EXPORT(geometric_fill) void geometric_fill(uint32_t k0, uint32_t k1, uint32_t blo, uint32_t bhi, uint32_t nblocks,
                                           double L_) {
  expo_impl<true, true>(k0, k1, blo, bhi, nblocks, 1.0);
  const uint32_t n = ((nblocks + 7) & ~7u) * 2;  // whole 8-block steps were written (a multiple of 16)
  const v2d L = splat(L_);
  for (uint32_t i = 0; i < n; i += 4) {
    v2d v[2] = {(v2d)wasm_v128_load(OUT + i), (v2d)wasm_v128_load(OUT + i + 2)}, r[2];
    vlog<2>(v, r);
    store2(OUT + i, vfloor(r[0] / L) + V(one));
    store2(OUT + i + 2, vfloor(r[1] / L) + V(one));
  }
}

// ---- Marsaglia polar (lib/kernels/normal.ts polar) --------------------------------------------------

/** Pair (hi:lo) after its proposal 0 was rejected: proposals 1, 2, ... by the scalar port. */
COLD void polar_retry(uint32_t k0, uint32_t k1, uint32_t lo, uint32_t hi, bool wide, double* z0, double* z1) {
  for (uint32_t t = 1;; ++t) {
    uint32_t w[4];
    cr_block(k0, k1, lo, hi, t, CR_TAG_POLAR, w);
    if (cr_polar_try(w, wide, z0, z1)) return;
  }
}

/**
 * Polar pairs [e, e + npairs), e = (ehi:elo), into OUT as mean + std·z, two values per pair (doubles
 * or floats). Proposal 0 of every pair (block (lo(e), hi(e), 0, TAG_POLAR)) is evaluated in vectors,
 * lanes = pairs; rejected lanes continue by the scalar port from proposal 1.
 */
template <bool WIDE>
static void polar_impl(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t npairs, double mean_, double std_) {
  const v2d mean = splat(mean_), std = splat(std_);
  double* out = OUT;
  float* outf = (float*)OUT;
  for (uint32_t left = npairs; left > 0;) {
    const uint32_t n = pass_blocks(left);
    philox_pass(k0, k1, elo, ehi, n, 0, CR_TAG_POLAR);
    for (uint32_t g = 0; g < n; g += 4) {
      const v128_t x0 = WORDS[g], x1 = WORDS[g + 1], x2 = WORDS[g + 2], x3 = WORDS[g + 3];
      v2d x[2], y[2], s[2], f[2];
      for (int h = 0; h < 2; ++h) {
        if (WIDE) {
          // x = ((k53 - 2^52)·2 + 1)·2^-53
          x[h] = ((k53(x0, x1, h) - V(two_p52)) * V(two) + V(one)) * V(two_m53);
          y[h] = ((k53(x2, x3, h) - V(two_p52)) * V(two) + V(one)) * V(two_m53);
        } else {
          // x = (2w + 1 - 2^32)·2^-32
          x[h] = (V(two) * w32(x0, h) + V(one) - V(two_p32)) * V(two_m32);
          y[h] = (V(two) * w32(x1, h) + V(one) - V(two_p32)) * V(two_m32);
        }
      }
      v128_t ok[2];
      for (int h = 0; h < 2; ++h) {
        s[h] = x[h] * x[h] + y[h] * y[h];
        ok[h] = wasm_v128_and(wasm_f64x2_lt((v128_t)s[h], (v128_t)V(one)), wasm_f64x2_gt((v128_t)s[h], (v128_t)V(zero)));
        // log of rejected lanes is discarded: give them 1/2 so the vector log stays on its fast path.
        s[h] = sel(ok[h], s[h], V(half));
      }
      vlog<2>(s, f);
      for (int h = 0; h < 2; ++h) {
        f[h] = vsqrt((V(m_two) * f[h]) / s[h]);
        v2d z0 = x[h] * f[h], z1 = y[h] * f[h];
        const int mask = wasm_i64x2_bitmask(ok[h]);
        if (__builtin_expect(mask != 3, 0)) {
          for (int l = 0; l < 2; ++l) {
            if (mask & (1 << l)) continue;
            const uint32_t off = g + 2 * h + l;
            const uint32_t lo = elo + off, hi = ehi + (lo < elo ? 1 : 0);
            double r0, r1;
            polar_retry(k0, k1, lo, hi, WIDE, &r0, &r1);
            z0[l] = r0;
            z1[l] = r1;
          }
        }
        const v2d o0 = mean + std * z0, o1 = mean + std * z1;
        if (WIDE) {
          store_zip(out, o0, o1);
          out += 4;
        } else {
          const v128_t t = demote4(o0, o1);  // o0[0] o0[1] o1[0] o1[1]
          wasm_v128_store(outf, wasm_i32x4_shuffle(t, t, 0, 2, 1, 3));
          outf += 4;
        }
      }
    }
    advance(elo, ehi, n);
    left = left > n ? left - n : 0;
  }
}

EXPORT(polar_fill) void polar_fill(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t npairs, uint32_t wide,
                                   double mean, double std) {
  if (wide) polar_impl<true>(k0, k1, elo, ehi, npairs, mean, std);
  else polar_impl<false>(k0, k1, elo, ehi, npairs, mean, std);
}

// ---- gamma (lib/kernels/gamma.ts drawRange / gammaKernel) ---------------------------------------------

/** DS/CS[0..n) = Marsaglia–Tsang constants of ALPHA[0..n) (setAlpha of gamma.ts, cr_gamma_setup). */
EXPORT(gamma_setup) void gamma_setup(uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) {
    const cr_gamma_mt m = cr_gamma_setup(ALPHA[i]);
    DS[i] = m.d;
    CS[i] = m.c;
  }
}

/** Element (hi:lo) after its proposal 0 was rejected: proposals 1, 2, ... by the scalar port. */
COLD void gamma_retry(uint32_t k0, uint32_t k1, uint32_t lo, uint32_t hi, double d, double c, bool wide, double* dv,
                      double* boost) {
  const cr_gamma_mt m = {d, c};
  const uint64_t e = ((uint64_t)hi << 32) | lo;
  for (uint32_t t = 1;; ++t)
    if (cr_gamma_try(k0, k1, e, t, m, wide, dv, boost)) return;
}

/** The dense planes' uniforms of proposal 0 of the call's elements (docs/streams.md, "Erlang shapes"), padded with
 *  0.5: EU plane 1 (TAG_GAMMA_EXP), EU2 plane 2, EU3 plane 3. */
static double EU[CHUNK_ELEMS + PAD] __attribute__((aligned(16)));
static double EU2[CHUNK_ELEMS + PAD] __attribute__((aligned(16)));
static double EU3[CHUNK_ELEMS + PAD] __attribute__((aligned(16)));

/**
 * dst[j] = element e + j's uniform of proposal 0 in the dense plane `tag`, j < count, e = (ehi:elo): word e + j
 * (float32) or words 2(e + j), 2(e + j) + 1 (float64) of the plane (0, tag), mapped as cr_gamma_dense: Philox
 * passes over the blocks that hold them.
 */
template <bool WIDE>
static void gamma_dense(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t count, uint32_t tag,
                        double* dst) {
  constexpr uint32_t sh = WIDE ? 1 : 2, per = 1u << sh;  // elements per block
  uint32_t blo = (elo >> sh) | (ehi << (32 - sh)), bhi = ehi >> sh;
  uint32_t q = elo & (per - 1);  // the first element's place in its block
  uint32_t j = 0;
  for (uint32_t left = (q + count + per - 1) / per; left > 0;) {
    const uint32_t n = pass_blocks(left);
    philox_pass(k0, k1, blo, bhi, n, 0, tag);
    advance(blo, bhi, n);
    const uint32_t blocks = left < n ? left : n;
    left -= blocks;
    for (uint32_t b = 0; b < blocks; ++b, q = 0) {
      uint32_t w[4];
      block_words(b, w);
      for (; q < per && j < count; ++q, ++j)
        dst[j] = WIDE ? (double)(cr_u53(w[2 * q], w[2 * q + 1]) + 1) * 1.1102230246251565e-16
                      : ((double)w[q] + 1.0) * 2.3283064365386963e-10;
    }
  }
  for (uint32_t i = count; i < count + 16; ++i) dst[i] = 0.5;
}

/** Marsaglia–Tsang proposal 0 of the call's elements (cr_gamma_mt_uniforms): the normal and the acceptance
 *  uniform of element e + j at PZ/PA[off + j], off = e & 1 (pairs are whole), padded; PU1/PU2 the pairs' uniforms. */
static double PZ[CHUNK_ELEMS + PAD] __attribute__((aligned(16)));
static double PA[CHUNK_ELEMS + PAD] __attribute__((aligned(16)));
static double PU1[CHUNK_ELEMS / 2 + PAD] __attribute__((aligned(16)));
static double PU2[CHUNK_ELEMS / 2 + PAD] __attribute__((aligned(16)));

/**
 * PZ/PA of elements [e, e + count), e = (ehi:elo): pairs p0 = e >> 1 .. of the plane (0, TAG_GAMMA_PAIR) —
 * float32 block p, float64 blocks 2p, 2p + 1 —, their Box–Muller pairs in vectors (r·cos(2π u2) for the even
 * element, r·sin for the odd one, as cr_bm_transform) and their two acceptance uniforms.
 */
template <bool WIDE>
static void gamma_pairs(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t count) {
  constexpr int N = 4;
  uint32_t plo = (elo >> 1) | (ehi << 31), phi = ehi >> 1;
  const uint32_t np = ((elo & 1) + count + 1) >> 1;
  uint32_t blo = WIDE ? plo << 1 : plo, bhi = WIDE ? (phi << 1) | (plo >> 31) : phi;
  uint32_t q = 0;  // the next pair
  for (uint32_t left = WIDE ? 2 * np : np; left > 0;) {
    const uint32_t n = pass_blocks(left);
    philox_pass(k0, k1, blo, bhi, n, 0, CR_TAG_GAMMA_PAIR);
    advance(blo, bhi, n);
    const uint32_t blocks = left < n ? left : n;
    left -= blocks;
    for (uint32_t b = 0; b < blocks; b += WIDE ? 2 : 1, ++q) {
      uint32_t a[4];
      block_words(b, a);
      if (WIDE) {
        uint32_t c[4];
        block_words(b + 1, c);
        PU1[q] = (double)(cr_u53(a[0], a[1]) + 1) * 1.1102230246251565e-16;
        PU2[q] = (double)cr_u53(a[2], a[3]) * 1.1102230246251565e-16;
        PA[2 * q] = (double)(cr_u53(c[0], c[1]) + 1) * 1.1102230246251565e-16;
        PA[2 * q + 1] = (double)(cr_u53(c[2], c[3]) + 1) * 1.1102230246251565e-16;
      } else {
        PU1[q] = ((double)a[0] + 1.0) * 2.3283064365386963e-10;
        PU2[q] = (double)a[1] * 2.3283064365386963e-10;
        PA[2 * q] = ((double)a[2] + 1.0) * 2.3283064365386963e-10;
        PA[2 * q + 1] = ((double)a[3] + 1.0) * 2.3283064365386963e-10;
      }
    }
  }
  for (uint32_t i = np; i < np + 2 * N; ++i) PU1[i] = PU2[i] = 0.5;
  for (uint32_t i = 2 * np; i < 2 * np + 4 * N; ++i) PA[i] = 0.5;
  for (uint32_t q = 0; q < np; q += 2 * N) {
    v2d u1[N], u2[N], r[N], sn[N], cs[N];
    EACH u1[i] = (v2d){PU1[q + 2 * i], PU1[q + 2 * i + 1]}, u2[i] = (v2d){PU2[q + 2 * i], PU2[q + 2 * i + 1]};
    vlog<N>(u1, r);
    vsincos2pi<N>(u2, sn, cs);
    EACH {
      r[i] = vsqrt(V(m_two) * r[i]);
      const v2d z0 = r[i] * cs[i], z1 = r[i] * sn[i];
      // pairs q + 2i, q + 2i + 1: elements 2(q + 2i) .. 2(q + 2i) + 3
      store2(PZ + 2 * (q + 2 * i), (v2d){z0[0], z1[0]});
      store2(PZ + 2 * (q + 2 * i) + 2, (v2d){z0[1], z1[1]});
    }
  }
}

/**
 * The first accepted proposal of gamma elements [e, e + count), e = (ehi:elo), element j with
 * d, c = DS/CS[(phase + j) mod period] and α = ALPHA[(phase + j) mod period]. Proposal 0 of every
 * element is evaluated in vectors, eight elements at a time, from the planes computed first: the dense
 * planes' EU, EU2, EU3 (an Erlang shape's factors and boost, a Marsaglia–Tsang shape's boost) and
 * gamma_pairs's PZ/PA (Marsaglia–Tsang's normal and acceptance uniform), each only where a lane reads it.
 * Lanes that reject continue by the scalar port from proposal 1, so each value is the first accepted
 * proposal, as in drawRange for any M.
 *   mode 0: OUT[j] = G' = d·v, AUX[j] = its boost uniform U (drawRange's DV, BU);
 *   mode 1: OUT[j] = value·scale as doubles, value = G' (α >= 1) or exp(log G' + log(U)/α) (α < 1);
 *   mode 2: the same rounded to float32, OUT as floats;
 *   mode 3: mode 0 for a caller that reads no U (AUX may be left as it was).
 */
template <bool WIDE>
static void gamma_impl(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t count, uint32_t period,
                       uint32_t phase, uint32_t mode, double scale_) {
  constexpr int N = 4;
  const v2d scale = splat(scale_);
  uint32_t k = phase % period;  // table index of element j
  float* outf = (float*)OUT;
  const bool no_u = mode == 3;  // draws whose boost uniforms nobody reads
  if (no_u) mode = 0;
  // the shapes of the table (cr_gamma_erlang): which planes a lane reads
  bool has[4] = {false, false, false, false}, all_exp = true, wants_u = no_u ? false : mode == 0;
  for (uint32_t i = 0; i < period; ++i) {
    const int x = cr_gamma_erlang(DS[i]);
    has[x] = true;
    wants_u |= mode != 0 && ALPHA[i] < 1.0;
    all_exp &= x == 1 && (no_u || (mode != 0 && ALPHA[i] >= 1.0));
  }
  const bool has_erl = has[1] || has[2] || has[3];
  if (has_erl || (has[0] && wants_u)) gamma_dense<WIDE>(k0, k1, elo, ehi, count, CR_TAG_GAMMA_EXP, EU);
  if (all_exp) {
    // every element of shape 1 with α >= 1 (gamma(1), chi-square(2)): (0 - log u1)·scale, the operations of
    // the loop below without the other planes, which such values never read; u1 = 1 (p < 1 fails) by the
    // scalar port, from proposal 0
    for (uint32_t q = 0; q < count; q += 2 * N) {
      v2d u[N], lu[N];
      EACH u[i] = (v2d){EU[q + 2 * i], EU[q + 2 * i + 1]};
      vlog<N>(u, lu);
      EACH {
        v2d val = (V(zero) - lu[i]) * scale;
        for (int l = 0; l < 2; ++l) {
          if (u[i][l] < 1.0 || q + 2 * i + l >= count) continue;
          const uint32_t lo = elo + q + (uint32_t)(2 * i + l), hi = ehi + (lo < elo ? 1 : 0);
          double gg, bb;
          cr_gamma_draw(k0, k1, ((uint64_t)hi << 32) | lo, cr_gamma_mt{DS[0], CS[0]}, WIDE, 1, &gg, &bb);
          val[l] = gg * scale[l];
        }
        if (mode <= 1) store2(OUT + q + 2 * i, val);  // mode 0 here: draws without U, G' (scale 1)
        else wasm_v128_store64_lane(outf + q + 2 * i, wasm_f32x4_demote_f64x2_zero((v128_t)val), 0);
      }
    }
    return;
  }
  if (has[2] || has[3] || (has[1] && wants_u)) gamma_dense<WIDE>(k0, k1, elo, ehi, count, CR_TAG_GAMMA_EXP2, EU2);
  if (has[3] || (has[2] && wants_u)) gamma_dense<WIDE>(k0, k1, elo, ehi, count, CR_TAG_GAMMA_EXP3, EU3);
  if (has[0]) gamma_pairs<WIDE>(k0, k1, elo, ehi, count);
  const uint32_t off = elo & 1;  // element e's place in its pair (PZ, PA)
  for (uint32_t j = 0; j < count; j += 2 * N) {
    v2d d[N], c[N], x[N], ua[N], U[N], v[N], x2[N], lg[2 * N], dv[N];
    v128_t pos[N], ok[N], slow = wasm_i32x4_splat(0);
    uint32_t idx[2 * N];
    for (int l = 0; l < 2 * N; ++l) {
      idx[l] = k;
      if (++k == period) k = 0;
    }
    EACH {
      d[i] = (v2d){DS[idx[2 * i]], DS[idx[2 * i + 1]]};
      c[i] = (v2d){CS[idx[2 * i]], CS[idx[2 * i + 1]]};
    }
    // Erlang lanes (cr_gamma_erlang): G' = 0 - log p, accepted iff p < 1; the others Marsaglia–Tsang's
    v128_t e1[N], e2[N], e3[N], erl[N], any_erl = wasm_i32x4_splat(0), all_erl = wasm_i32x4_splat(-1);
    EACH {
      e1[i] = wasm_f64x2_eq((v128_t)d[i], (v128_t)V(erl_d1));
      e2[i] = wasm_f64x2_eq((v128_t)d[i], (v128_t)V(erl_d2));
      e3[i] = wasm_f64x2_eq((v128_t)d[i], (v128_t)V(erl_d3));
      erl[i] = wasm_v128_or(e1[i], wasm_v128_or(e2[i], e3[i]));
      any_erl = wasm_v128_or(any_erl, erl[i]);
      all_erl = wasm_v128_and(all_erl, erl[i]);
    }
    // the boost: plane 1 (Marsaglia–Tsang), 2 (shape 1), 3 (shape 2), none (shape 3: α = 3)
    if (wants_u) {
      EACH {
        U[i] = (v2d){EU[j + 2 * i], EU[j + 2 * i + 1]};
        U[i] = sel(e1[i], (v2d){EU2[j + 2 * i], EU2[j + 2 * i + 1]}, U[i]);
        U[i] = sel(e2[i], (v2d){EU3[j + 2 * i], EU3[j + 2 * i + 1]}, U[i]);
        U[i] = sel(e3[i], V(one), U[i]);
      }
    } else {
      EACH U[i] = V(one);
    }
    if (!wasm_i64x2_all_true(all_erl)) {
      // Marsaglia–Tsang lanes: the pair plane's normal and acceptance uniform
      EACH {
        x[i] = (v2d){PZ[off + j + 2 * i], PZ[off + j + 2 * i + 1]};
        ua[i] = (v2d){PA[off + j + 2 * i], PA[off + j + 2 * i + 1]};
      }
      // Marsaglia–Tsang test (accept of gamma.ts) per lane
      EACH {
        const v2d v0 = V(one) + c[i] * x[i];
        pos[i] = wasm_f64x2_gt((v128_t)v0, (v128_t)V(zero));
        v[i] = v0 * v0 * v0;
        // log(v) of lanes with v0 <= 0 is discarded: give them 1 (the fast path of vlog).
        lg[N + i] = sel(pos[i], v[i], V(one));
      }
      EACH {
        x2[i] = x[i] * x[i];
        ok[i] = wasm_v128_and(pos[i], wasm_f64x2_lt((v128_t)ua[i], (v128_t)(V(one) - V(squeeze) * (x2[i] * x2[i]))));
        slow = wasm_v128_or(slow, wasm_v128_andnot(pos[i], ok[i]));  // v0 > 0 but the squeeze failed
      }
      if (any(slow)) {
        EACH lg[i] = ua[i];
        vlog<2 * N>(lg, lg);
        EACH {
          const v128_t lt = wasm_f64x2_lt((v128_t)lg[i], (v128_t)(V(half) * x2[i] + d[i] * ((V(one) - v[i]) + lg[N + i])));
          ok[i] = wasm_v128_or(ok[i], wasm_v128_and(pos[i], lt));
        }
      }
      EACH dv[i] = d[i] * v[i];
    } else {
      EACH ok[i] = wasm_i32x4_splat(0), dv[i] = V(zero);
    }
    if (any(any_erl)) {
      v2d p[N], lp[N];
      EACH {
        p[i] = (v2d){EU[j + 2 * i], EU[j + 2 * i + 1]};
        const v128_t e23 = wasm_v128_or(e2[i], e3[i]);
        if (has[2] || has[3]) p[i] = sel(e23, p[i] * (v2d){EU2[j + 2 * i], EU2[j + 2 * i + 1]}, p[i]);
        if (has[3]) p[i] = sel(e3[i], p[i] * (v2d){EU3[j + 2 * i], EU3[j + 2 * i + 1]}, p[i]);
        p[i] = sel(erl[i], p[i], V(half));  // the log of the other lanes is discarded
      }
      vlog<N>(p, lp);
      EACH {
        dv[i] = sel(erl[i], V(zero) - lp[i], dv[i]);
        ok[i] = wasm_v128_bitselect(wasm_f64x2_lt((v128_t)p[i], (v128_t)V(one)), ok[i], erl[i]);
      }
    }
    EACH {
      const int mask = wasm_i64x2_bitmask(ok[i]);
      if (__builtin_expect(mask != 3, 0)) {
        for (int l = 0; l < 2; ++l) {
          if (mask & (1 << l) || j + 2 * i + l >= count) continue;
          const uint32_t lo = elo + j + (uint32_t)(2 * i + l), hi = ehi + (lo < elo ? 1 : 0);
          double gg, bb;
          gamma_retry(k0, k1, lo, hi, d[i][l], c[i][l], WIDE, &gg, &bb);
          dv[i][l] = gg;
          U[i][l] = bb;
        }
      }
    }
    if (mode == 0) {
      EACH store2(OUT + j + 2 * i, dv[i]);
      EACH store2(AUX + j + 2 * i, U[i]);
      continue;
    }
    v2d alpha[N];
    v128_t small[N], any_small = wasm_i32x4_splat(0);
    EACH {
      alpha[i] = (v2d){ALPHA[idx[2 * i]], ALPHA[idx[2 * i + 1]]};
      small[i] = wasm_f64x2_lt((v128_t)alpha[i], (v128_t)V(one));
      any_small = wasm_v128_or(any_small, small[i]);
    }
    if (any(any_small)) {
      // value = exp(log G' + log(U)/α) where α < 1; lanes with α >= 1 keep G' (their boost result
      // is discarded).
      v2d t[2 * N];
      EACH t[i] = dv[i], t[N + i] = U[i];
      vlog<2 * N>(t, t);
      EACH t[i] = t[i] + t[N + i] / sel(small[i], alpha[i], V(one));
      vexp<N>(t, t);
      EACH dv[i] = sel(small[i], t[i], dv[i]);
    }
    EACH {
      const v2d val = dv[i] * scale;
      if (mode == 1) store2(OUT + j + 2 * i, val);
      else wasm_v128_store64_lane(outf + j + 2 * i, wasm_f32x4_demote_f64x2_zero((v128_t)val), 0);
    }
  }
}

EXPORT(gamma_fill) void gamma_fill(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t count, uint32_t period,
                                   uint32_t phase, uint32_t wide, uint32_t mode, double scale) {
  if (wide) gamma_impl<true>(k0, k1, elo, ehi, count, period, phase, mode, scale);
  else gamma_impl<false>(k0, k1, elo, ehi, count, period, phase, mode, scale);
}

// ---- beta by Jöhnk's algorithm (lib/kernels/beta.ts johnkKernel; cuda/include/cr_beta.h) -------------

/**
 * Jöhnk's test (cr_johnk_logs) of 8 proposals whose words are group-major in w[0..8) (w[4h + c]: word c of
 * proposals 4h..4h+3), two lanes per f64x2: ok[l] and, where accepted, val[l]. The log-space form runs only
 * when some accepted lane has X below 2^-1022 (its high word below 0x00100000: X >= 0); vexp finishes lanes
 * outside its fast range (a below about 0.05) by the scalar port.
 */
INLINE void johnk_test(const v128_t* w, v2d a, v2d b, bool ok[8], double val[8]) {
  constexpr int N = 4;  // vector i: proposals 2i, 2i + 1
  v2d t[2 * N], e[2 * N], s[N], v[N];
  v128_t acc[N], small[N], any_small = wasm_i32x4_splat(0);
  EACH {
    const v128_t* g = w + 4 * (i >> 1);
    t[i] = (k53(g[0], g[1], i & 1) + V(one)) * V(two_m53);
    t[N + i] = (k53(g[2], g[3], i & 1) + V(one)) * V(two_m53);
  }
  vlog<2 * N>(t, t);
  EACH t[i] = t[i] / a, t[N + i] = t[N + i] / b;  // lx, ly
  vexp<2 * N>(t, e);
  EACH {
    s[i] = e[i] + e[N + i];
    acc[i] = wasm_f64x2_le((v128_t)s[i], (v128_t)V(one));
    v[i] = e[i] / s[i];
    const v128_t hx = wasm_i32x4_shuffle((v128_t)e[i], (v128_t)e[i], 1, 3, 1, 3);
    small[i] = wide_lo(wasm_i32x4_lt(hx, I(hi_min_normal)));
    any_small = wasm_v128_or(any_small, wasm_v128_and(acc[i], small[i]));
  }
  if (any(any_small)) {
    v2d d[2 * N];
    EACH {
      const v2d m = sel(wasm_f64x2_gt((v128_t)t[i], (v128_t)t[N + i]), t[i], t[N + i]);
      d[i] = t[i] - m;
      d[N + i] = t[N + i] - m;
    }
    vexp<2 * N>(d, d);
    EACH v[i] = sel(small[i], d[i] / (d[i] + d[N + i]), v[i]);
  }
  EACH {
    ok[2 * i] = wasm_i64x2_extract_lane(acc[i], 0) != 0;
    ok[2 * i + 1] = wasm_i64x2_extract_lane(acc[i], 1) != 0;
    val[2 * i] = v[i][0];
    val[2 * i + 1] = v[i][1];
  }
}

/** Elements of one pass whose proposal t - 1 was rejected: index (hi:lo) and output slot. */
static uint32_t BJ_LO[SUB_BLOCKS], BJ_HI[SUB_BLOCKS], BJ_AT[SUB_BLOCKS];

/**
 * Beta elements [e, e + count), e = (ehi:elo), count <= 2·CHUNK_BLOCKS, for a, b <= 1 into OUT (doubles, or
 * floats rounded once): proposal 0 of every element from the pass's contiguous blocks (e, 0, CR_TAG_BETA);
 * the elements it rejects, proposal 1 from blocks (e, 1, tag) eight at a time through the vector Philox,
 * and so on until none is left — each element's first accepted proposal, as cr_beta_johnk_element. Whole
 * 8-element steps: the extra values land in OUT's padding.
 */
EXPORT(beta_fill) void beta_fill(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t count, uint32_t wide,
                                 double a_, double b_) {
  const v2d a = splat(a_), b = splat(b_);
  bool ok[8];
  double val[8];
  uint32_t j = 0;
  for (uint32_t left = count; left > 0;) {
    const uint32_t n = pass_blocks(left);
    const uint32_t pe = elo + j, ph = ehi + (pe < elo ? 1 : 0);
    philox_pass(k0, k1, pe, ph, n, 0u, CR_TAG_BETA);
    uint32_t pending = 0;
    for (uint32_t g = 0; g < n; g += 8) {
      johnk_test(WORDS + g, a, b, ok, val);
      for (uint32_t l = 0; l < 8; ++l) {
        const uint32_t q = g + l;
        if (ok[l]) {
          store_value(j + q, wide, val[l]);
        } else {
          const uint32_t lo = pe + q;
          BJ_LO[pending] = lo;
          BJ_HI[pending] = ph + (lo < pe ? 1 : 0);
          BJ_AT[pending++] = j + q;
        }
      }
    }
    for (uint32_t t = 1; pending > 0; ++t) {
      uint32_t next = 0;  // the still rejected, compacted in place (next <= the entry being read)
      for (uint32_t i = 0; i < pending; i += 8) {
        v128_t w[8];
        pending_blocks(BJ_LO, BJ_HI, i, pending, t, CR_TAG_BETA, k0, k1, w);
        johnk_test(w, a, b, ok, val);
        for (uint32_t q = 0; q < 8 && i + q < pending; ++q) {
          if (ok[q]) {
            store_value(BJ_AT[i + q], wide, val[q]);
          } else {
            BJ_LO[next] = BJ_LO[i + q];
            BJ_HI[next] = BJ_HI[i + q];
            BJ_AT[next++] = BJ_AT[i + q];
          }
        }
      }
      pending = next;
    }
    j += n;
    left = left > n ? left - n : 0;
  }
}

// ---- counts (lib/kernels/poisson.ts, binomial.ts poissonKernel / binomialKernel) --------------------

/** Element (hi:lo) after its proposal 0 was rejected: proposals 1, 2, ... by the scalar port. */
COLD double count_retry(uint32_t k0, uint32_t k1, uint32_t lo, uint32_t hi, uint32_t kind, uint32_t tag,
                        const cr_poisson_state& ps, const cr_binomial_state& bs) {
  const uint64_t e = ((uint64_t)hi << 32) | lo;
  uint32_t w[4];
  for (uint32_t t = 1;; ++t) {
    cr_count_block(k0, k1, e, t, tag, w);
    const double v = kind == 0 ? cr_poisson_try(ps, w) : cr_binomial_try(bs, w);
    if (v >= 0.0) return v;
  }
}

/** The scalar parameter's tables (cr_count_tables.h): zero-initialised, holding none. */
static cr_count_tables TABLES;

/**
 * The proposal uniforms A of elements j + [0, 2·NV), whose proposals 0 are blocks g + [0, 2·NV) of the
 * last Philox pass (g a multiple of 4), two lanes per vector; TEST: AUX[j ..] instead (chosen A).
 */
template <bool TEST, int NV>
INLINE void proposal_a(uint32_t g, uint32_t j, v2d A[NV]) {
  for (int q = 0; q < NV / 2; ++q) {
    const v128_t x0 = WORDS[g + 4 * q], x1 = WORDS[g + 4 * q + 1];  // WORDS group (g/4 + q) starts at 4·(g/4 + q)
    A[2 * q] = TEST ? *(const v2d*)(AUX + j + 4 * q) : k53(x0, x1, 0) * V(two_m53);
    A[2 * q + 1] = TEST ? *(const v2d*)(AUX + j + 4 * q + 2) : k53(x0, x1, 1) * V(two_m53);
  }
}

/**
 * Poisson counts of elements j0 + [0, m) (their proposals 0 in WORDS) with λ per element from ALPHA,
 * into OUT, 2·NV elements at a time. Lanes with λ < 10 search their inversion together: NV f64x2 of
 * independent recurrences p = p·λ/k, F = F + p (the scalar port's operations in its order, so each
 * lane's F and its exit are the port's), until every lane has stopped; the divisions' latencies
 * overlap instead of adding up along one element's chain. PTRS lanes (λ ≥ 10) search nothing (λ' = 0
 * stops at once) and take the scalar port; a search past the cap and a rejected PTRS proposal go on
 * from proposal 1. TEST: A from AUX instead of the words, -1 past the cap and NaN for PTRS lanes
 * (group_inversion_n).
 */
template <bool TEST, int NV = 4>
static void poisson_groups(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t j0, uint32_t m, uint32_t tag) {
  constexpr int N = NV;
  for (uint32_t g = 0; g < m; g += 2 * NV) {
    const uint32_t j = j0 + g;
    v2d A[NV], lam[NV], p[NV], F[NV], res[NV], neg[NV];
    v128_t open[NV];
    proposal_a<TEST, NV>(g, j, A);
    EACH {
      lam[i] = *(const v2d*)(ALPHA + j + 2 * i);
      lam[i] = sel(wasm_f64x2_lt((v128_t)lam[i], (v128_t)splat(CR_POISSON_PTRS_FROM)), lam[i], V(zero));
      neg[i] = -lam[i];
    }
    vexp<NV>(neg, p);
    EACH {
      F[i] = p[i];
      res[i] = V(zero);
      open[i] = wasm_v128_not(wasm_f64x2_lt((v128_t)A[i], (v128_t)F[i]));
    }
    double k = 0.0;
    for (;;) {
      v128_t any_open = open[0];
      for (int i = 1; i < NV; ++i) any_open = wasm_v128_or(any_open, open[i]);
      if (!any(any_open)) break;
      k = k + 1.0;
      const v2d kv = splat(k);
      if (k > CR_INVERSION_CAP) {
        EACH res[i] = sel(open[i], splat(-1.0), res[i]);
        break;
      }
      EACH {
        p[i] = p[i] * lam[i] / kv;
        F[i] = F[i] + p[i];
        const v128_t stop = wasm_v128_and(open[i], wasm_f64x2_lt((v128_t)A[i], (v128_t)F[i]));
        res[i] = sel(stop, kv, res[i]);
        open[i] = wasm_v128_andnot(open[i], stop);
      }
    }
    for (uint32_t l = 0; l < 2 * NV && g + l < m; ++l) {
      double v = res[l >> 1][l & 1];
      const bool ptrs = !(ALPHA[j + l] < CR_POISSON_PTRS_FROM);
      if (TEST) {
        OUT[j + l] = ptrs ? cr_nan() : v;
        continue;
      }
      if (ptrs || v < 0.0) {
        const cr_poisson_state ps = cr_poisson_setup(ALPHA[j + l]);
        if (ptrs) {
          uint32_t w[4];
          block_words(g + l, w);
          v = cr_poisson_try(ps, w);
        }
        if (v < 0.0) {
          const uint32_t lo = elo + j + l, hi = ehi + (lo < elo ? 1 : 0);
          v = count_retry(k0, k1, lo, hi, 0, tag, ps, cr_binomial_setup(0.0, 0.0));
        }
      }
      OUT[j + l] = v;
    }
  }
}

/**
 * Binomial counts of elements j0 + [0, m) (proposals 0 in WORDS groups) with count ALPHA[j] and p DS[j]
 * per element, into OUT: poisson_groups' scheme for the inversion lanes (count·p' < 10), each lane's
 * state set up by the scalar port (but for its exp, four lanes per vexp), the search P = ((P·r)·(count −
 * k + 1))/k, F = F + P four lanes at a time with each lane's own cap; lanes of the other methods (no
 * draw, BTRS) by the scalar port.
 */
template <bool TEST>
static void binomial_groups(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t j0, uint32_t m) {
  for (uint32_t g = 0; g < m; g += 4) {
    const uint32_t j = j0 + g;
    const uint32_t lanes = m - g < 4 ? m - g : 4;
    cr_binomial_state bs[4];
    double lp0[4] = {0, 0, 0, 0}, r[4] = {0, 0, 0, 0}, n[4] = {0, 0, 0, 0}, cap[4] = {0, 0, 0, 0};
    for (uint32_t l = 0; l < lanes; ++l) {
      bs[l] = cr_binomial_setup(ALPHA[j + l], DS[j + l], false);
      if (bs[l].method == 1) lp0[l] = bs[l].p0, r[l] = bs[l].r, n[l] = bs[l].n, cap[l] = bs[l].cap;
    }
    v2d A[2];
    proposal_a<TEST, 2>(g, j, A);
    const v2d LP0[2] = {{lp0[0], lp0[1]}, {lp0[2], lp0[3]}};
    v2d P[2];
    vexp<2>(LP0, P);  // p0 = exp(count·log1p(−p')) of the inversion lanes, 1 for the others
    for (uint32_t l = 0; l < lanes; ++l) bs[l].p0 = P[l >> 1][l & 1];
    const v2d R[2] = {{r[0], r[1]}, {r[2], r[3]}}, N[2] = {{n[0], n[1]}, {n[2], n[3]}};
    const v2d CAP[2] = {{cap[0], cap[1]}, {cap[2], cap[3]}};
    v2d F[2] = {P[0], P[1]}, res[2] = {V(zero), V(zero)};
    v128_t open[2] = {wasm_v128_not(wasm_f64x2_lt((v128_t)A[0], (v128_t)F[0])),
                      wasm_v128_not(wasm_f64x2_lt((v128_t)A[1], (v128_t)F[1]))};
    double k = 0.0;
    while (any(wasm_v128_or(open[0], open[1]))) {
      k = k + 1.0;
      const v2d kv = splat(k);
      for (int i = 0; i < 2; ++i) {
        const v128_t past = wasm_v128_and(open[i], wasm_f64x2_gt((v128_t)kv, (v128_t)CAP[i]));
        res[i] = sel(past, splat(-1.0), res[i]);
        open[i] = wasm_v128_andnot(open[i], past);
        P[i] = P[i] * R[i] * (N[i] - kv + V(one)) / kv;
        F[i] = F[i] + P[i];
        const v128_t stop = wasm_v128_and(open[i], wasm_f64x2_lt((v128_t)A[i], (v128_t)F[i]));
        res[i] = sel(stop, kv, res[i]);
        open[i] = wasm_v128_andnot(open[i], stop);
      }
    }
    for (uint32_t l = 0; l < lanes; ++l) {
      const cr_binomial_state& s = bs[l];
      double v;
      if (s.method == 1) {
        const double x = res[l >> 1][l & 1];
        v = x < 0.0 || !s.flip ? x : s.n - x;
      } else if (TEST) {
        v = cr_nan();
      } else {
        uint32_t w[4];
        block_words(g + l, w);
        v = cr_binomial_try(s, w);
      }
      if (!TEST && v < 0.0) {
        const uint32_t lo = elo + j + l, hi = ehi + (lo < elo ? 1 : 0);
        v = count_retry(k0, k1, lo, hi, 1, CR_TAG_BINOMIAL, cr_poisson_setup(0.0), s);
      }
      OUT[j + l] = v;
    }
  }
}

/**
 * Counts of elements [e, e + count), e = (ehi:elo), count <= CHUNK_ELEMS, into OUT[0..count) as
 * doubles: kind 0 Poisson on stream `tag` with λ = ALPHA[0] (per = 0) or ALPHA[j]; kind 1 binomial
 * (TAG_BINOMIAL) with count ALPHA and p DS likewise. Proposal 0 of every element comes from one
 * vector Philox pass over plane 0; the math is the C++ port (cr_counts.h) — for a scalar parameter
 * with the inversion's summed pmf tabulated and acceptance bounds memoised, the very values the port
 * computes —, rejections continue from proposal 1 by the port: the first accepted proposal, as in
 * the specification.
 */
EXPORT(count_fill) void count_fill(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t count, uint32_t kind,
                                   uint32_t per, uint32_t tag) {
  cr_poisson_state ps = cr_poisson_setup(0.0);
  cr_binomial_state bs = cr_binomial_setup(0.0, 0.0);
  if (!per) {
    if (kind == 0) ps = cr_poisson_setup(ALPHA[0]);
    else bs = cr_binomial_setup(ALPHA[0], DS[0]);
    TABLES.prepare(kind, ALPHA[0], DS[0], ps, bs);
  }
  const uint32_t c3 = kind == 0 ? tag : CR_TAG_BINOMIAL;
  uint32_t j = 0;
  for (uint32_t left = count; left > 0;) {
    const uint32_t n = pass_blocks(left);
    const uint32_t pe = elo + j, ph = ehi + (pe < elo ? 1 : 0);
    philox_pass(k0, k1, pe, ph, n, 0, c3);
    const uint32_t m = left < n ? left : n;
    if (per) {
      if (kind == 0) poisson_groups<false>(k0, k1, elo, ehi, j, m, c3);
      else binomial_groups<false>(k0, k1, elo, ehi, j, m);
      j += m;
      left -= m;
      continue;
    }
    for (uint32_t b = 0; b < m; ++b, ++j) {
      uint32_t w[4];
      block_words(b, w);
      double v;
      if (kind == 0) {
        if (per) ps = cr_poisson_setup(ALPHA[j]);
        v = per ? cr_poisson_try(ps, w) : cr_poisson_try(ps, w, cr_count_table_policy<>{&TABLES, {}});
      } else {
        if (per) bs = cr_binomial_setup(ALPHA[j], DS[j]);
        v = per ? cr_binomial_try(bs, w) : cr_binomial_try(bs, w, cr_count_table_policy<>{&TABLES, {}});
      }
      if (__builtin_expect(v < 0.0, 0)) {
        const uint32_t lo = elo + j, hi = ehi + (lo < elo ? 1 : 0);
        v = count_retry(k0, k1, lo, hi, kind, c3, ps, bs);
      }
      OUT[j] = v;
    }
    left -= m;
  }
}

/**
 * Multinomial rows [r, r + rows) of K = k components (K <= CHUNK_ELEMS, rows·K <= 2·CHUNK_BLOCKS) into
 * OUT row-major, row r's component 0 being binomial element e0 = (ehi:elo): weights ALPHA[0..K), their
 * tail sums DS[0..K) (cr_weight_tails), `count` per row — cr_multinomial_component in order.
 */
EXPORT(multinomial_fill) void multinomial_fill(uint32_t k0, uint32_t k1, uint32_t elo, uint32_t ehi, uint32_t rows,
                                               uint32_t K, double count) {
  const uint64_t e0 = ((uint64_t)ehi << 32) | elo;
  for (uint32_t r = 0; r < rows; ++r) {
    double rest = count;
    for (uint32_t j = 0; j < K; ++j) {
      const double x = cr_multinomial_component(k0, k1, e0 + (uint64_t)r * K, j, K, rest, ALPHA, DS);
      rest = rest - x;
      OUT[r * K + j] = x;
    }
  }
}

// ---- the vector math alone, for tests --------------------------------------------------------------

/** OUT[i] = log(ALPHA[i]) for i < n (n rounded up to a multiple of 4). */
EXPORT(vlog_n) void vlog_n(uint32_t n) {
  for (uint32_t i = 0; i < n; i += 4) vlog<2>((const v2d*)(ALPHA + i), (v2d*)(OUT + i));
}

/** OUT[i] = exp(ALPHA[i]). */
EXPORT(vexp_n) void vexp_n(uint32_t n) {
  for (uint32_t i = 0; i < n; i += 4) vexp<2>((const v2d*)(ALPHA + i), (v2d*)(OUT + i));
}

/** OUT[i] = sin(2 pi ALPHA[i]), AUX[i] = cos(2 pi ALPHA[i]). */
EXPORT(vsincos_n) void vsincos_n(uint32_t n) {
  for (uint32_t i = 0; i < n; i += 4) vsincos2pi<2>((const v2d*)(ALPHA + i), (v2d*)(OUT + i), (v2d*)(AUX + i));
}

/**
 * OUT[i] = the scalar-parameter inversion's count (count_fill's tables: CDF, GUIDE) for A = AUX[i], i <
 * n, or -1 past the cap: kind 0 Poisson with λ = CS[0], kind 1 binomial with count CS[0] and p CS[1]
 * (a state in its inversion region). The count of a proposal whose A is chosen, which the keyed
 * streams cannot give: the ends of the table, CDF values themselves and the guide's cell edges.
 */
EXPORT(inversion_n) void inversion_n(uint32_t kind, uint32_t n) {
  const cr_poisson_state ps = cr_poisson_setup(kind == 0 ? CS[0] : 0.0);
  const cr_binomial_state bs = cr_binomial_setup(kind == 1 ? CS[0] : 0.0, CS[1]);
  TABLES.fill_cdf(kind, ps, bs);
  TABLES.forget();  // the next count_fill rebuilds its tables
  for (uint32_t i = 0; i < n; ++i) OUT[i] = TABLES.search(AUX[i], kind == 0 ? CR_INVERSION_CAP : bs.cap);
}

/**
 * OUT[i] = count_fill's per-element inversion (poisson_groups / binomial_groups, four lanes at a time)
 * for A = AUX[i], i < n: kind 0 Poisson with λ = ALPHA[i], kind 1 binomial with count ALPHA[i] and p
 * DS[i]; -1 where the search passes its cap (count_fill then goes on from proposal 1), NaN for a lane
 * outside the inversion region. Chosen A for tests, as inversion_n.
 */
EXPORT(group_inversion_n) void group_inversion_n(uint32_t kind, uint32_t n) {
  if (kind == 0) poisson_groups<true>(0, 0, 0, 0, 0, n, 0);
  else binomial_groups<true>(0, 0, 0, 0, 0, n);
}



// ---- whole permutations (docs/streams.md, "permutation and uniform sampling") ------------------------
//
// permutation(key, n) lists the indices in increasing order of (K_i, i), K_i = (w_2i << 32) | w_2i+1 of
// tag TAG_PERMUTE: lib/kernels/select.ts is the specification, and this gives its bits. Three calls,
// driven by lib/wasm/select.ts, with no memory but this section's fixed buffers (the caller's output
// array holds the items in between):
//   perm_hist   Philox over all n items: how many high words fall in each of 2^bits buckets (by their
//               top bits), and the buckets' starts;
//   perm_place  Philox again, a chunk at a time: each item's position in the output, bucket by bucket in
//               index order, and its packed value v_i = (the next 32 - ibits high-word bits << ibits) | i,
//               ibits = the index's width, which the caller stores at that position;
//   perm_sort   a run of whole buckets, copied in by the caller: in each bucket, sorting the v_i orders
//               the items by (top bits + 32 - ibits bits of the high word, index); then each run of equal
//               known bits — rare: about n / 2^(bits + 32 - ibits) of the items are in one — is ordered by
//               (K_i, i), its keys computed again (cr_permute_key), and the indices written back.
// Buckets are ranges of high words, so the buckets in order, each in the strict total order of the
// specification, are that order.

#include "cr_select.h"

/** Most buckets (2^PERM_BITS_MAX), most items of a perm_place or perm_sort call, most sub-bucket bits. */
#define PERM_BITS_MAX 14
#define PERM_CAP 4096
#define PERM_SUB_MAX 12

static uint32_t PERM_START[(1 << PERM_BITS_MAX) + 1];                 // bucket starts; [2^bits] = n
static uint32_t PERM_POS[1 << PERM_BITS_MAX];                         // perm_place's next position
static uint32_t PERM_IDX[PERM_CAP + 16] __attribute__((aligned(16)));  // positions; values in, indices out
static uint32_t PERM_VAL[PERM_CAP + 16] __attribute__((aligned(16)));  // perm_place's values
static uint32_t PERM_T[PERM_CAP];                                     // a bucket by its top bits
static uint32_t PERM_BATCH[PERM_CAP + 8] __attribute__((aligned(16)));  // a group's run items, run by run
static uint64_t PERM_KEY[PERM_CAP + 8] __attribute__((aligned(16)));    // and their keys
static uint32_t PERM_RUNS[PERM_CAP / 2][2];                            // a run: its position and length
static uint32_t PERM_NBATCH, PERM_NRUNS;
static uint32_t PERM_SUB[1 << PERM_SUB_MAX];                          // a bucket's sub-bucket counts

/** Byte address of buffer i: 0 PERM_START, 1 PERM_IDX, 2 PERM_VAL. */
EXPORT(perm_buffer) uint32_t perm_buffer(uint32_t i) {
  const uint32_t* const b[3] = {PERM_START, PERM_IDX, PERM_VAL};
  return i < 3 ? (uint32_t)(uintptr_t)b[i] : 0;
}

/** High words of items i .. i + 15 (blocks i/2 .. i/2 + 7, i even): words 0 and 2 of each block. */
INLINE void perm_highs(uint32_t k0, uint32_t k1, uint32_t i, v128_t h[4]) {
  Group a = counters(i >> 1, 0, 0, 0, CR_TAG_PERMUTE);
  Group b = counters(i >> 1, 0, 4, 0, CR_TAG_PERMUTE);
  philox2(a, b, k0, k1);
  h[0] = wasm_i32x4_shuffle(a.x0, a.x2, 0, 4, 1, 5);
  h[1] = wasm_i32x4_shuffle(a.x0, a.x2, 2, 6, 3, 7);
  h[2] = wasm_i32x4_shuffle(b.x0, b.x2, 0, 4, 1, 5);
  h[3] = wasm_i32x4_shuffle(b.x0, b.x2, 2, 6, 3, 7);
}

/**
 * Bucket counts of items [0, n) by their high word's top `bits` (1 .. PERM_BITS_MAX) bits, n < 2^31, into
 * PERM_START as starts (PERM_START[2^bits] = n) and PERM_POS; returns the largest count.
 */
EXPORT(perm_hist) uint32_t perm_hist(uint32_t k0, uint32_t k1, uint32_t n, uint32_t bits) {
  const uint32_t nb = 1u << bits, shift = 32 - bits;
  __builtin_memset(PERM_START, 0, 4 * nb);
  uint32_t h[16] __attribute__((aligned(16)));
  for (uint32_t i = 0; i < n; i += 16) {
    perm_highs(k0, k1, i, (v128_t*)h);
    const uint32_t m = n - i < 16 ? n - i : 16;
    for (uint32_t j = 0; j < m; ++j) PERM_START[h[j] >> shift]++;
  }
  uint32_t top = 0;
  for (uint32_t d = 0, s = 0; d < nb; ++d) {
    const uint32_t c = PERM_START[d];
    top = c > top ? c : top;
    PERM_START[d] = PERM_POS[d] = s;
    s += c;
  }
  PERM_START[nb] = n;
  return top;
}

/**
 * For items first + j, j < m <= PERM_CAP (first even), in turn: PERM_IDX[j] = the output position,
 * PERM_VAL[j] = the packed value (index < 2^ibits, 1 <= ibits <= 31).
 */
EXPORT(perm_place) void perm_place(uint32_t k0, uint32_t k1, uint32_t first, uint32_t m, uint32_t bits,
                                   uint32_t ibits) {
  const uint32_t shift = 32 - bits;
  uint32_t h[16] __attribute__((aligned(16)));
  for (uint32_t j = 0; j < m; j += 16) {
    perm_highs(k0, k1, first + j, (v128_t*)h);
    const uint32_t e = m - j < 16 ? m - j : 16;
    for (uint32_t l = 0; l < e; ++l) {
      PERM_IDX[j + l] = PERM_POS[h[l] >> shift]++;
      PERM_VAL[j + l] = (h[l] << bits >> ibits << ibits) | (first + j + l);
    }
  }
}

/** PERM_KEY[q] = the key of item PERM_BATCH[q], q < n (eight per step, past n into the padding). */
static void perm_batch_keys(uint32_t k0, uint32_t k1, uint32_t n) {
  const v128_t one = wasm_i32x4_splat(1), zero = wasm_i32x4_splat(0), tag = wasm_i32x4_splat(CR_TAG_PERMUTE);
  for (uint32_t q = 0; q < n; q += 8) {
    const v128_t ia = wasm_v128_load(PERM_BATCH + q), ib = wasm_v128_load(PERM_BATCH + q + 4);
    Group a = {wasm_u32x4_shr(ia, 1), zero, zero, tag};
    Group b = {wasm_u32x4_shr(ib, 1), zero, zero, tag};
    philox2(a, b, k0, k1);
    // Item i's key is words (0, 1) of block i/2 for even i, words (2, 3) for odd i (cr_select_words).
    const v128_t oa = wasm_i32x4_eq(wasm_v128_and(ia, one), one), ob = wasm_i32x4_eq(wasm_v128_and(ib, one), one);
    const v128_t ha = wasm_v128_bitselect(a.x2, a.x0, oa), la = wasm_v128_bitselect(a.x3, a.x1, oa);
    const v128_t hb = wasm_v128_bitselect(b.x2, b.x0, ob), lb = wasm_v128_bitselect(b.x3, b.x1, ob);
    v128_t* k = (v128_t*)(PERM_KEY + q);
    k[0] = wasm_i32x4_shuffle(la, ha, 0, 4, 1, 5);
    k[1] = wasm_i32x4_shuffle(la, ha, 2, 6, 3, 7);
    k[2] = wasm_i32x4_shuffle(lb, hb, 0, 4, 1, 5);
    k[3] = wasm_i32x4_shuffle(lb, hb, 2, 6, 3, 7);
  }
}

/** Orders each recorded run by (key, index) — insertion, as runs are short — into its place in PERM_IDX. */
static void perm_runs(uint32_t k0, uint32_t k1) {
  perm_batch_keys(k0, k1, PERM_NBATCH);
  uint32_t* idx = PERM_BATCH;
  uint64_t* key = PERM_KEY;
  for (uint32_t r = 0; r < PERM_NRUNS; ++r) {
    const uint32_t m = PERM_RUNS[r][1];
    for (uint32_t j = 1; j < m; ++j) {
      const uint64_t x = key[j];
      const uint32_t i = idx[j];
      uint32_t q = j;
      for (; q > 0 && (key[q - 1] > x || (key[q - 1] == x && idx[q - 1] > i)); --q) {
        key[q] = key[q - 1];
        idx[q] = idx[q - 1];
      }
      key[q] = x;
      idx[q] = i;
    }
    for (uint32_t j = 0; j < m; ++j) PERM_IDX[PERM_RUNS[r][0] + j] = idx[j];
    idx += m;
    key += m;
  }
}

/** Sorts the values v[0, m) of one bucket (index order) by (known bits, index): their indices to v, and
 *  its runs of equal known bits recorded for perm_runs. */
static void perm_bucket(uint32_t* v, uint32_t m, uint32_t ibits) {
  const uint32_t imask = (uint32_t)((1ull << ibits) - 1);
  if (m == 1) {
    v[0] &= imask;
    return;
  }
  // A stable counting sort by the top sb bits (about one item per sub-bucket), then insertion by value.
  uint32_t sb = 33 - __builtin_clz(m - 1);
  sb = sb > PERM_SUB_MAX ? PERM_SUB_MAX : sb;
  const uint32_t ns = 1u << sb, shift = 32 - sb;
  __builtin_memset(PERM_SUB, 0, 4 * ns);
  for (uint32_t j = 0; j < m; ++j) PERM_SUB[v[j] >> shift]++;
  for (uint32_t d = 0, s = 0; d < ns; ++d) {
    const uint32_t c = PERM_SUB[d];
    PERM_SUB[d] = s;
    s += c;
  }
  uint32_t* t = PERM_T;
  for (uint32_t j = 0; j < m; ++j) t[PERM_SUB[v[j] >> shift]++] = v[j];
  for (uint32_t j = 1; j < m; ++j) {
    const uint32_t y = t[j];
    uint32_t i = j;
    for (; i > 0 && t[i - 1] > y; --i) t[i] = t[i - 1];
    t[i] = y;
  }
  for (uint32_t j = 0; j < m; ++j) v[j] = t[j] & imask;
  for (uint32_t j = 1; j < m; ++j) {
    if ((t[j] ^ t[j - 1]) >> ibits) continue;
    uint32_t e = j + 1;  // a run [j - 1, e) of equal known bits
    while (e < m && !((t[e] ^ t[j]) >> ibits)) ++e;
    PERM_RUNS[PERM_NRUNS][0] = (uint32_t)(v - PERM_IDX) + j - 1;
    PERM_RUNS[PERM_NRUNS++][1] = e - j + 1;
    for (uint32_t q = j - 1; q < e; ++q) PERM_BATCH[PERM_NBATCH++] = t[q] & imask;
    j = e;
  }
}

/**
 * Buckets [b0, b1) of perm_hist's buckets, their packed values in PERM_IDX (bucket by bucket, index
 * order within, at most PERM_CAP in all): PERM_IDX becomes their indices in (key, index) order.
 */
EXPORT(perm_sort) void perm_sort(uint32_t k0, uint32_t k1, uint32_t b0, uint32_t b1, uint32_t ibits) {
  const uint32_t base = PERM_START[b0];
  PERM_NBATCH = PERM_NRUNS = 0;
  for (uint32_t b = b0; b < b1; ++b) {
    const uint32_t s = PERM_START[b] - base, e = PERM_START[b + 1] - base;
    if (e > s) perm_bucket(PERM_IDX + s, e - s, ibits);
  }
  perm_runs(k0, k1);
}
