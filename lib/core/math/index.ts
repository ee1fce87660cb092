/** Portable binary64 math: the same bits in V8 and in CUDA/C++ (cuda/include/cr_math.h). */
export { log, LN2_HI, LN2_LO } from './log.js';
export { exp } from './exp.js';
export { sincos2pi, cos2pi } from './sincos.js';
export { log1p } from './log1p.js';
export { expm1 } from './expm1.js';
export { lgamma } from './lgamma.js';
export { erf, erfc } from './erf.js';
export { ndtri } from './ndtri.js';
export { acos } from './acos.js';
export { logFactorial, LOG_FACTORIAL_TABLE_MAX } from './logfactorial.js';
