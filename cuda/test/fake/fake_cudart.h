// A stand-in for the CUDA runtime, for host tests of cuda/src's runtime code (cr_runtime, cr_api*.cpp)
// on machines without a GPU. Device memory is host memory; kernels are the host versions of the work
// items (fake_kernels.cpp). The point is the *asynchrony*: every operation CUDA may run later is
// queued on its stream and runs only when the program forces it (stream, event or device
// synchronization, a cudaStreamWaitEvent dependency, a synchronous copy), i.e. as late as CUDA allows.
// A missing synchronization or ordering therefore shows up as wrong bytes, and the misuses CUDA leaves
// undefined (unregistering memory with a copy in flight, DMA into partly page-locked memory, freeing
// memory another stream still uses, launching on another device's stream) are recorded as violations.
//
// Modelled after the CUDA Runtime API's "API synchronization behavior": cudaMemcpy from pageable
// memory to the device returns once the source is staged (the device write may come later);
// device-to-pageable copies complete before returning; copies to and from page-locked memory and
// device-to-device copies are asynchronous; cudaFree and cudaFreeHost synchronize the device. The
// legacy default stream is ordered only with blocking streams (this runtime only makes non-blocking
// ones); page-lock state is tracked per 4 KiB page, as the driver does.
#ifndef CR_FAKE_CUDART_H
#define CR_FAKE_CUDART_H

#include <cuda_runtime.h>
#include <stdint.h>

#include <functional>
#include <string>
#include <vector>

namespace fake {

struct Config {
  int devices = 2;            // visible devices (0: cudaGetDeviceCount fails like a missing driver)
  int sms = 4;                // multiprocessors per device
  bool pools = true;          // memory pools supported
  int optin_shared = 227 * 1024;  // cudaDevAttrMaxSharedMemoryPerBlockOptin (an H100's; a T4 has 64 KiB)
};

/** The configuration reset() was given (the emulated device checks launches against it). */
const Config& config();

/** Sets up the fake devices; call once, before the code under test first touches CUDA (the runtime
 *  keeps per-device state, streams and pinned buffers for the life of the process, as on a GPU). */
void reset(const Config& c = Config());
/** Starts a test case: clears violations, hooks, injected failures and the per-case counters. */
void begin_case();

/** What the runtime did wrong, in words (empty: nothing). */
std::vector<std::string>& violations();

/** Called at the start of every cudaStreamSynchronize / cudaEventSynchronize (before the queued work
 *  runs); reset() clears it. A hook may call the code under test (re-entrant). */
extern std::function<void()> on_sync;
/** Called after each cudaMemcpyAsync into page-locked host memory is queued; reset() clears it. */
extern std::function<void()> on_d2h_queued;

/** Launches (fake kernels) from now on fail with `e` after `after` more succeed (-1: never). */
void fail_launches_after(int after, cudaError_t e = cudaErrorLaunchFailure);
/** Consulted by every fake kernel launch: the injected failure, else cudaSuccess. */
cudaError_t launch_gate();

/** Records `e` as the calling thread's last error (cudaGetLastError) and returns it: a call that fails
 *  outside this runtime, such as a launch the emulated device rejects. */
cudaError_t fail_call(cudaError_t e);

/** Whether an operation not yet run writes host memory in [p, p + bytes). */
bool pending_host_write(const void* p, size_t bytes);

/** Queues a kernel on stream s: `run` executes when the stream reaches it. Checks that s belongs to
 *  the calling thread's current device and that `touches` (device pointers) are that device's. */
cudaError_t launch(cudaStream_t s, std::function<void()> run, std::initializer_list<const void*> touches = {});

/** The device a device allocation belongs to (-1: not a device allocation). */
int device_of(const void* dev_ptr);

struct Stats {
  int streams_created[8] = {};     // per device
  int device_allocs[8] = {};       // per device (cudaMalloc + cudaMallocAsync)
  int launches[8] = {};            // per device
  int registrations = 0;           // cudaHostRegister calls that succeeded
  int registered_now = 0;          // ranges registered right now
  int pinned_d2h_targets = 0;      // distinct page-locked buffers a D2H copy wrote into
  int copies_d2h_pinned = 0;
  long long device_bytes_now = 0;  // bytes allocated and not yet freed
};
Stats& stats();

}  // namespace fake

#endif  // CR_FAKE_CUDART_H
