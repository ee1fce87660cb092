/** Portable binary64 math: the same bits in V8 and in CUDA/C++ (cuda/include/cr_math.h). */
export { log, LN2_HI, LN2_LO } from './log.js';
export { exp } from './exp.js';
export { sincos2pi, cos2pi } from './sincos.js';
