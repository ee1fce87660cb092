// Which code a translation unit is: CR_DEVICE_CODE is 1 in device code — nvcc's device pass, and the
// emulated device's build (cuda/test/emu, -DCR_EMULATED), which runs the device branches on the CPU —
// and 0 elsewhere. Use `#if CR_DEVICE_CODE`, never `#ifdef __CUDA_ARCH__`: the builds add -Wundef, so a
// file that forgets this include fails to compile instead of silently taking the host branch.
//
// CR_LAUNCH(grid, block, shared, stream, kernel)(args…) is every kernel launch: `<<<…>>>` under nvcc, a
// launch on the emulated device otherwise. CR_EXTERN_SHARED(T, name) declares dynamic shared memory.
#ifndef CR_TARGET_H
#define CR_TARGET_H

#if defined(__CUDA_ARCH__) || defined(CR_EMULATED)
#define CR_DEVICE_CODE 1
#else
#define CR_DEVICE_CODE 0
#endif

#ifdef CR_EMULATED
// The kernel is named by its address, the identity cudaFuncSetAttribute keys a kernel's attributes by on a
// GPU (the launch checks them): a template kernel is launched with its template arguments spelled out.
#define CR_LAUNCH(grid, block, shared, stream, ...) \
  cr_emu::launch(&(__VA_ARGS__), #__VA_ARGS__, __FILE__, __LINE__, (grid), (block), (shared), (stream))
// static: like the real extern __shared__ array, usable in a lambda without a capture. Every thread of
// the block stores the same pointer; the store is the emulator's (emu.cpp), not kernel memory, so the
// race build does not see it as threads writing one word.
#define CR_EXTERN_SHARED(T, name) \
  static thread_local T* name;    \
  cr_emu::set_dynamic_shared(reinterpret_cast<void**>(&name))
#else
#define CR_LAUNCH(grid, block, shared, stream, ...) __VA_ARGS__<<<(grid), (block), (shared), (stream)>>>
#define CR_EXTERN_SHARED(T, name) extern __shared__ T name[]
#endif

#endif  // CR_TARGET_H
