// Freestanding <string.h> for the WebAssembly build of lib/wasm/samplers.cc: cr_math.h's memcpy bit
// casts only (8 bytes, compiled to a load/store pair or a reinterpret).
#ifndef CR_WASM_SHIM_STRING_H
#define CR_WASM_SHIM_STRING_H
typedef __SIZE_TYPE__ size_t;
static inline void* memcpy(void* d, const void* s, size_t n) { return __builtin_memcpy(d, s, n); }
#endif
