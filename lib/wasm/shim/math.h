// Freestanding <math.h> for the WebAssembly build of lib/wasm/samplers.cc (no libc there): the three
// functions the shared kernel headers use, mapped to single WebAssembly instructions (f64.sqrt,
// f64.floor, f64.abs), all exact or correctly rounded as IEEE 754 requires.
#ifndef CR_WASM_SHIM_MATH_H
#define CR_WASM_SHIM_MATH_H
static inline double sqrt(double x) { return __builtin_sqrt(x); }
static inline double floor(double x) { return __builtin_floor(x); }
static inline double fabs(double x) { return __builtin_fabs(x); }
#endif
