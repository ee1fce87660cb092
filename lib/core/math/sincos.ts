/**
 * sin(2 pi u) and cos(2 pi u) for u in [0, 1), binary64, from +, -, *, / only.
 *
 * Reduction is exact because u is a binary64 number and the period is 1: q = floor(4u + 1/2) is the
 * nearest quarter turn, r = u - q/4 (exact: q/4 and u are multiples of ulp(u) and |r| <= 1/8 + ulp),
 * so 2 pi u = q pi/2 + theta with theta = 2 pi r in [-pi/4, pi/4]. theta is formed as a double-double
 * (th + tl) with Dekker's exact product (Veltkamp splitting, no FMA) of r and the two-part 2 pi, and
 * fdlibm's kernels (k_sin.c, k_cos.c of FreeBSD msun, Sun 1993 / Bruce Evans) evaluate sin and cos
 * of th + tl. Error < 1 ulp (docs/accuracy.md).
 */

/** 2 pi rounded to binary64 (0x401921FB 54442D18). */
const TWO_PI_HI = 6.283185307179586;
/** 2 pi - TWO_PI_HI rounded (0x3CB1A626 33145C07); TWO_PI_HI + TWO_PI_LO = 2 pi to ~2^-107. */
const TWO_PI_LO = 2.4492935982947064e-16;
/** Veltkamp split of TWO_PI_HI into 26 + 27 significant bits: TWO_PI_HI = TWO_PI_H1 + TWO_PI_H2. */
const TWO_PI_H1 = 6.283185362815857; /* 401921FB 58000000 */
const TWO_PI_H2 = -5.563627070159782e-8; /* BE6DDE97 40000000 */
/** Below |r| = 2^-969 the reduced argument is formed at scale 2^600 (see reduce). */
const TINY = 2.004168360008973e-292; /* 2^-969 = 03600000 00000000 */
const TWO_P600 = 4.149515568880993e+180; /* 2^600 = 65700000 00000000 */
const TWO_M600 = 2.409919865102884e-181; /* 2^-600 = 1A700000 00000000 */
/** Veltkamp's splitter 2^27 + 1. */
const SPLIT = 134217729.0;

/**
 * fdlibm k_sin.c: sin(x) ~ x + S1 x^3 + ... + S6 x^13 on |x| <= pi/4, |error| < 2^-58 (relative,
 * of the polynomial).
 */
const S1 = -1.66666666666666324348e-01; /* BFC55555 55555549 */
const S2 = 8.33333333332248946124e-03; /* 3F811111 1110F8A6 */
const S3 = -1.98412698298579493134e-04; /* BF2A01A0 19C161D5 */
const S4 = 2.75573137070700676789e-06; /* 3EC71DE3 57B1FE7D */
const S5 = -2.50507602534068634195e-08; /* BE5AE5E6 8A2B9CEB */
const S6 = 1.58969099521155010221e-10; /* 3DE5D93A 5ACFD57C */
/** FreeBSD k_cos.c: cos(x) ~ 1 - x^2/2 + C1 x^4 + ... + C6 x^14 on |x| <= pi/4, |error| < 2^-58.3. */
const C1 = 4.16666666666666019037e-02; /* 3FA55555 5555554C */
const C2 = -1.38888888888741095749e-03; /* BF56C16C 16C15177 */
const C3 = 2.48015872894767294178e-05; /* 3EFA01A0 19CB1590 */
const C4 = -2.75573143513906633035e-07; /* BE927E4F 809C52AD */
const C5 = 2.08757232129817482790e-09; /* 3E21EE9E BDB4B1C4 */
const C6 = -1.13596475577881948265e-11; /* BDA8FAE9 BE8838D4 */

/** sin(x + y), |y| <= ulp(x)/2, |x| <= ~pi/4. */
function kernelSin(x: number, y: number): number {
  const z = x * x;
  const w = z * z;
  const r = S2 + z * (S3 + z * S4) + z * w * (S5 + z * S6);
  const v = z * x;
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

/** cos(x + y), |y| <= ulp(x)/2, |x| <= ~pi/4. */
function kernelCos(x: number, y: number): number {
  const z = x * x;
  let w = z * z;
  const r = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
  const hz = 0.5 * z;
  w = 1.0 - hz;
  return w + (((1.0 - w) - hz) + (z * r - x * y));
}

// The reduced argument theta = RED[0] + RED[1], shared by sincos2pi and cos2pi. (A typed array, not
// module-level lets: V8 boxes doubles stored in module variables.)
const RED = new Float64Array(2);

/** Sets RED to th + tl = r * 2 pi, |tl| <= ulp(th)/2, exactly up to the r * TWO_PI_LO term. */
function twoPiTimes(r: number): void {
  // Dekker: p + e = r * TWO_PI_HI exactly (no partial product underflows for |r| >= 2^-969).
  const p = r * TWO_PI_HI;
  const c = SPLIT * r;
  const r1 = c - (c - r);
  const r2 = r - r1;
  const e = (((r1 * TWO_PI_H1 - p) + r1 * TWO_PI_H2) + r2 * TWO_PI_H1) + r2 * TWO_PI_H2;
  const lo = e + r * TWO_PI_LO;
  // Renormalise (Fast2Sum, |lo| << |p|).
  const th = p + lo;
  RED[0] = th;
  RED[1] = lo - (th - p);
}

/** Sets RED to th + tl = 2 pi (u - q/4) and returns q = floor(4u + 1/2) mod 4. */
function reduce(u: number): number {
  const q = Math.floor(4.0 * u + 0.5);
  const r = u - q * 0.25; // exact
  if (Math.abs(r) < TINY) {
    // Dekker's partial products would underflow. theta < 2^-966, so sin(theta) = theta to far
    // below an ulp and cos(theta) = 1: form theta at r * 2^600 (exact scaling) and scale back
    // (one rounding, into the subnormal range for the smallest r).
    twoPiTimes(r * TWO_P600);
    RED[0] = (RED[0] + RED[1]) * TWO_M600;
    RED[1] = 0;
  } else {
    twoPiTimes(r);
  }
  return q & 3;
}

/**
 * out[at] = sin(2 pi u), out[at + 1] = cos(2 pi u), for u in [0, 1). Quadrant q of the turn:
 * q = 0: (s, c); 1: (c, -s); 2: (-s, -c); 3: (-c, s), with s = sin(theta), c = cos(theta).
 */
export function sincos2pi(u: number, out: Float64Array, at: number): void {
  const q = reduce(u);
  const th = RED[0];
  const tl = RED[1];
  const s = kernelSin(th, tl);
  const c = kernelCos(th, tl);
  // The quadrant table without data-dependent branches (q is random in a sampler, so a branch
  // would mispredict most of the time): multiplying by +-1 is exact, the same as negating.
  const odd = q & 1;
  out[at + odd] = SIN_SIGN[q] * s;
  out[at + 1 - odd] = COS_SIGN[q] * c;
}

/** Signs of sin(theta) and cos(theta) in the quadrant table above, by q. */
const SIN_SIGN = new Float64Array([1, -1, -1, 1]);
const COS_SIGN = new Float64Array([1, 1, -1, -1]);

const SC = new Float64Array(2);

/**
 * cos(2 pi u) for u in [0, 1): the cosine of sincos2pi (computing both is faster in V8 than a
 * data-dependent choice of kernel, whose branch mispredicts half the time).
 */
export function cos2pi(u: number): number {
  sincos2pi(u, SC, 0);
  return SC[1];
}
