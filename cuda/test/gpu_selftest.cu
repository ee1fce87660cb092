// Runs the kernels on a GPU and compares every result with host-computed references from the same
// headers (which test_host.cpp checks against the TypeScript vectors). Built only with
// -DCR_BUILD_GPU_TESTS=ON (scripts/gpu-check.sh), run from the repository root.
//
//   gpu_selftest            correctness: device fills at every head/tail/alignment shape, guard words,
//                           host outputs (pageable and pinned, several pipeline chunks), concurrent
//                           callers, error paths
//   gpu_selftest --quick    the same with small sizes (for compute-sanitizer memcheck/racecheck/initcheck)
//   gpu_selftest --bench    bandwidth ceilings (D2D copy, pinned and pageable D2H) and throughput of the
//                           device fills and host outputs; prints one line "BENCH_JSON {...}"
// The distribution samplers' part (correctness, and the benchmarks incl. the gamma M sweep) is
// gpu_dist.h; Sobol and MRG32k3a are gpu_qrng.h.
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "cr_api.h"
#include "cr_api_diagnostics.h"
#include "cr_fill.h"
#include "cr_test.h"
#include "cr_uniform.h"
#include "cr_xorwow.h"

#define CK(call)                                                                                   \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      fprintf(stderr, "%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call, cudaGetErrorName(e_),      \
              cudaGetErrorString(e_));                                                             \
      exit(2);                                                                                     \
    }                                                                                              \
  } while (0)

#define CRK(call)                                                                                  \
  do {                                                                                             \
    cr_status s_ = (call);                                                                         \
    if (s_.code) {                                                                                 \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, s_.message);                   \
      exit(2);                                                                                     \
    }                                                                                              \
  } while (0)

static std::vector<cr_xorwow_matrix>& host_jumps() {
  static std::vector<cr_xorwow_matrix> j;
  if (j.empty()) {
    j.resize(CR_XORWOW_HOST_JUMPS);
    cr_xorwow_make_jumps(j.data(), CR_XORWOW_HOST_JUMPS);
  }
  return j;
}

static void ref_xorwow(uint64_t seed, uint64_t sub, uint64_t off, uint32_t* out, uint64_t n) {
  cr_xorwow_state s;
  cr_xorwow_init(host_jumps().data(), seed, sub, off, &s);
  for (uint64_t i = 0; i < n; ++i) out[i] = cr_xorwow_next(&s);
}

template <class T>
static void ref_fill(int op, uint32_t k0, uint32_t k1, uint64_t first, double low, double high, T* out, uint64_t n) {
  const bool unit = low == 0.0 && high == 1.0;
  if (op == 0 || op == 1) {
    std::vector<uint32_t> w(n);
    cr_raw_stream_host(k0, k1, first, w.data(), n);
    for (uint64_t i = 0; i < n; ++i) {
      if (op == 0) {
        memcpy(&out[i], &w[i], 4);
      } else {
        float f = cr_uniform_f32(w[i], unit, low, high - low);
        memcpy(&out[i], &f, 4);
      }
    }
  } else {
    std::vector<uint32_t> w(2 * n);
    cr_raw_stream_host(k0, k1, 2 * first, w.data(), 2 * n);
    for (uint64_t i = 0; i < n; ++i) {
      double d = cr_uniform_f64(w[2 * i], w[2 * i + 1], unit, low, high - low);
      memcpy(&out[i], &d, 8);
    }
  }
}

// op 0 bits, 1 uniform32, 2 uniform64, 3 xorwow; elem 4 or 8 bytes
static cr_status run_device(int op, uint32_t k0, uint32_t k1, uint64_t first, double low, double high, void* dst,
                            uint64_t n, cudaStream_t s) {
  switch (op) {
    case 0: return cr_bits_device(k0, k1, first, (uint32_t*)dst, n, s);
    case 1: return cr_uniform_device(k0, k1, first, low, high, dst, CR_TYPE_F32, n, s);
    case 2: return cr_uniform_device(k0, k1, first, low, high, dst, CR_TYPE_F64, n, s);
    default: return cr_xorwow_fill_device(((uint64_t)k1 << 32) | k0, 3, first, (uint32_t*)dst, n, s);
  }
}

static const char* op_name(int op) {
  static const char* names[] = {"bits", "uniform32", "uniform64", "xorwow"};
  return names[op];
}

static void test_device_fills(bool quick) {
  std::vector<uint64_t> sizes = {0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 33, 1000, 4097, 65537};
  if (!quick) {
    sizes.push_back((1u << 20) + 3);
    sizes.push_back((5u << 20) + 1);
  }
  const uint64_t offsets[] = {0, 1, 2, 3, 5, 4ull * 0xffffffffull - 2, (1ull << 40) + 1, (1ull << 62) + 3};
  const double ranges[][2] = {{0, 1}, {-2.5, 1e3}};
  const uint32_t k0 = 0x89abcdefu, k1 = 0x01234567u;
  for (int op = 0; op < 4; ++op) {
    const size_t elem = op == 2 ? 8 : 4;
    for (uint64_t n : sizes) {
      for (uint64_t off : offsets) {
        if (op == 3 && off > (1ull << 40) + 1) continue;
        for (int r = 0; r < (op == 1 || op == 2 ? 2 : 1); ++r) {
          for (int shift = 0; shift < (n < 100000 ? 4 : 2); ++shift) {
            const uint64_t first = op == 2 ? off / 2 : off;
            const size_t guard = 4;  // elements before and after
            const size_t total = (n + 2 * guard + 4) * elem;
            void* buf = nullptr;
            CK(cudaMalloc(&buf, total));
            CK(cudaMemset(buf, 0xAB, total));
            char* dst = (char*)buf + (guard + shift) * elem;
            CRK(run_device(op, k0, k1, first, ranges[r][0], ranges[r][1], dst, n, nullptr));
            CK(cudaGetLastError());
            std::vector<unsigned char> got(total), want(n * elem + 1);
            CK(cudaMemcpy(got.data(), buf, total, cudaMemcpyDeviceToHost));
            CK(cudaFree(buf));
            if (op == 3) {
              ref_xorwow(((uint64_t)k1 << 32) | k0, 3, first, (uint32_t*)want.data(), n);
            } else if (op == 2) {
              ref_fill(op, k0, k1, first, ranges[r][0], ranges[r][1], (double*)want.data(), n);
            } else {
              ref_fill(op, k0, k1, first, ranges[r][0], ranges[r][1], (uint32_t*)want.data(), n);
            }
            const unsigned char* g = got.data() + (guard + shift) * elem;
            CRT_CHECK(memcmp(g, want.data(), n * elem) == 0, "%s n=%llu offset=%llu range=%d shift=%d", op_name(op),
                      (unsigned long long)n, (unsigned long long)first, r, shift);
            bool guards = true;
            for (size_t i = 0; i < (guard + shift) * elem; ++i) guards &= got[i] == 0xAB;
            for (size_t i = (guard + shift) * elem + n * elem; i < total; ++i) guards &= got[i] == 0xAB;
            CRT_CHECK(guards, "%s wrote outside its range: n=%llu offset=%llu shift=%d", op_name(op),
                      (unsigned long long)n, (unsigned long long)first, shift);
          }
        }
      }
    }
  }
}

template <class T>
static void check_host_api(int op, uint64_t n, uint64_t first, bool pinned) {
  const double low = op == 0 ? 0 : -3.0, high = op == 0 ? 1 : 5.5;
  T* out;
  std::vector<T> pageable;
  if (pinned) {
    cr_status st;
    out = (T*)cr_alloc_pinned(n * sizeof(T), &st);
    CRT_CHECK(out != nullptr, "cr_alloc_pinned: %s", st.message);
    if (!out) return;
  } else {
    pageable.resize(n);
    out = pageable.data();
  }
  const uint32_t k0 = 7, k1 = 0xffffffffu;
  switch (op) {
    case 0: CRK(cr_bits(k0, k1, first, cr_host((uint32_t*)out, n))); break;
    case 1: CRK(cr_uniform(k0, k1, first, low, high, cr_host((float*)out, n))); break;
    case 2: CRK(cr_uniform(k0, k1, first, low, high, cr_host((double*)out, n))); break;
    default: CRK(cr_xorwow_fill(99, 1, first, (uint32_t*)out, n)); break;
  }
  std::vector<T> want(n);
  if (op == 3) {
    ref_xorwow(99, 1, first, (uint32_t*)want.data(), n);
  } else {
    ref_fill(op, k0, k1, first, low, high, want.data(), n);
  }
  CRT_CHECK(memcmp(out, want.data(), n * sizeof(T)) == 0, "host API %s n=%llu first=%llu pinned=%d", op_name(op),
            (unsigned long long)n, (unsigned long long)first, (int)pinned);
  if (pinned) cr_free_pinned(out);
}

static void test_host_api(bool quick) {
  // 8 MiB pipeline chunks: 2^21 words. Sizes cross 1, 2 and 3 chunk boundaries.
  const uint64_t big = quick ? (1u << 21) + 5 : (5u << 20) + 3;
  for (bool pinned : {false, true}) {
    for (uint64_t n : std::vector<uint64_t>{1, 7, 4099, big}) {
      for (uint64_t first : std::vector<uint64_t>{0, 3, (1ull << 33) + 1}) {
        check_host_api<uint32_t>(0, n, first, pinned);
        check_host_api<float>(1, n, first, pinned);
        check_host_api<double>(2, n, first / 2, pinned);
        check_host_api<uint32_t>(3, n, first, pinned);
      }
    }
  }
  // continuing a state snapshot = skipping from the seed
  {
    cr_xorwow_state s;
    cr_xorwow_init(host_jumps().data(), 5, 2, 100, &s);
    std::vector<uint32_t> a(3000), b(3000);
    CRK(cr_xorwow_fill_state(s.v, s.d, 17, a.data(), a.size()));
    CRK(cr_xorwow_fill(5, 2, 117, b.data(), b.size()));
    CRT_CHECK(a == b, "cr_xorwow_fill_state(skip 17) != cr_xorwow_fill(offset + 17)");
  }
}

static void test_concurrency(bool quick) {
  const int threads = 8;
  const uint64_t n = quick ? 100003 : (3u << 20) + 1;
  std::vector<std::vector<uint32_t>> outs(threads, std::vector<uint32_t>(n));
  std::vector<cr_status> st(threads);
  std::vector<std::thread> ts;
  for (int t = 0; t < threads; ++t) {
    ts.emplace_back([&, t] {
      st[t] = t % 2 ? cr_bits(t, 2 * t, 3 * t + 1, cr_host(outs[t].data(), n)) : cr_xorwow_fill(t, t, t, outs[t].data(), n);
    });
  }
  for (auto& t : ts) t.join();
  for (int t = 0; t < threads; ++t) {
    CRT_CHECK(st[t].code == 0, "concurrent call %d: %s", t, st[t].message);
    std::vector<uint32_t> want(n);
    if (t % 2) {
      cr_raw_stream_host(t, 2 * t, 3 * t + 1, want.data(), n);
    } else {
      ref_xorwow(t, t, t, want.data(), n);
    }
    CRT_CHECK(outs[t] == want, "concurrent call %d differs", t);
  }
}

static void test_errors() {
  cr_status st = cr_bits(1, 2, 0, cr_host((uint32_t*)nullptr, 5));
  CRT_CHECK(st.code == CR_EINVAL, "null output: code %d", st.code);
  st = cr_bits(1, 2, 0, cr_host((uint32_t*)nullptr, 0));
  CRT_CHECK(st.code == 0, "empty output must succeed");
  cr_status ps;
  void* p = cr_alloc_pinned((size_t)1 << 50, &ps);  // a petabyte: fails
  CRT_CHECK(p == nullptr && ps.code != 0 && strstr(ps.message, "cudaHostAlloc"), "huge pinned allocation: %s",
            ps.message);
  // a device fill into an unusable size is reported, not crashed on; the device stays usable
  std::vector<uint32_t> small(17), want(17);
  st = cr_bits(3, 4, 5, cr_host(small.data(), small.size()));
  cr_raw_stream_host(3, 4, 5, want.data(), 17);
  CRT_CHECK(st.code == 0 && small == want, "device usable after errors: %s", st.message);
  cr_device_info_t info;
  cr_device_info(&info);
  CRT_CHECK(info.usable, "cr_device_info: %s", info.error.message);
  printf("device: %s (cc %d.%d, %d SMs, %.1f GiB), driver %d, runtime %d, archs %s\n", info.name, info.cc_major,
         info.cc_minor, info.multiprocessors, info.total_memory / 1073741824.0, info.driver_version,
         info.runtime_version, info.archs);
}

// ---- bench ---------------------------------------------------------------------------------------

template <class F>
static double time_ms(F f, int reps) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  f();  // warm-up
  CK(cudaDeviceSynchronize());
  CK(cudaEventRecord(a));
  for (int i = 0; i < reps; ++i) f();
  CK(cudaEventRecord(b));
  CK(cudaEventSynchronize(b));
  float ms = 0;
  CK(cudaEventElapsedTime(&ms, a, b));
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
  return ms / reps;
}

template <class F>
static double wall_ms(F f, int reps) {
  f();
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i) f();
  auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(t1 - t0).count() / reps;
}

#include "gpu_dist.h"
#include "gpu_qrng.h"

static void bench() {
  const size_t bytes = (size_t)1 << 30;  // 1 GiB device fills
  void *src, *dst;
  CK(cudaMalloc(&src, bytes));
  CK(cudaMalloc(&dst, bytes));
  CK(cudaMemset(src, 1, bytes));
  std::string j = "{";
  auto add = [&](const char* k, double v) {
    char buf[128];
    snprintf(buf, sizeof buf, "%s\"%s\":%.3f", j.size() > 1 ? "," : "", k, v);
    j += buf;
  };
  const double gb = 1e9;
  double ms = time_ms([&] { CK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice)); }, 20);
  add("d2d_copy_GBps", bytes / (ms / 1e3) / gb);
  add("d2d_copy_rw_GBps", 2 * bytes / (ms / 1e3) / gb);
  ms = time_ms([&] { CK(cudaMemsetAsync(dst, 0, bytes)); }, 20);
  add("memset_GBps", bytes / (ms / 1e3) / gb);

  const uint64_t words = bytes / 4, doubles = bytes / 8;
  struct Fill { const char* name; int op; uint64_t n; uint64_t first; };
  const Fill fills[] = {{"fill_bits", 0, words, 0},           {"fill_bits_offset1", 0, words - 1, 1},
                        {"fill_uniform32", 1, words, 0},      {"fill_uniform32_range", 1, words, 0},
                        {"fill_uniform64", 2, doubles, 0},    {"fill_uniform64_range", 2, doubles, 0},
                        {"fill_xorwow", 3, words, 0}};
  for (const Fill& f : fills) {
    const bool range = strstr(f.name, "range") != nullptr;
    void* out = f.first ? (void*)((char*)dst + 4) : dst;
    ms = time_ms([&] { CRK(run_device(f.op, 1, 2, f.first, range ? -1.0 : 0.0, range ? 3.0 : 1.0, out, f.n, nullptr)); },
                 10);
    add((std::string(f.name) + "_GBps").c_str(), f.n * (f.op == 2 ? 8.0 : 4.0) / (ms / 1e3) / gb);
    add((std::string(f.name) + "_Gelems").c_str(), f.n / (ms / 1e3) / 1e9);
  }

  // host side: pinned and pageable D2H ceilings, then the host-output API into each
  const size_t hbytes = (size_t)256 << 20;
  void* pinned = nullptr;
  CK(cudaHostAlloc(&pinned, hbytes, cudaHostAllocDefault));
  std::vector<unsigned char> pageable(hbytes, 1);
  ms = time_ms([&] { CK(cudaMemcpyAsync(pinned, src, hbytes, cudaMemcpyDeviceToHost)); }, 10);
  add("d2h_pinned_GBps", hbytes / (ms / 1e3) / gb);
  ms = wall_ms([&] { CK(cudaMemcpy(pageable.data(), src, hbytes, cudaMemcpyDeviceToHost)); }, 5);
  add("d2h_pageable_GBps", hbytes / (ms / 1e3) / gb);
  ms = wall_ms([&] { CRK(cr_bits(1, 2, 0, cr_host((uint32_t*)pageable.data(), hbytes / 4))); }, 5);
  add("host_bits_pageable_GBps", hbytes / (ms / 1e3) / gb);
  ms = wall_ms([&] { CRK(cr_bits(1, 2, 0, cr_host((uint32_t*)pinned, hbytes / 4))); }, 5);
  add("host_bits_pinned_GBps", hbytes / (ms / 1e3) / gb);
  ms = wall_ms([&] { CRK(cr_uniform(1, 2, 0, 0, 1, cr_host((double*)pageable.data(), hbytes / 8))); }, 5);
  add("host_uniform64_pageable_GBps", hbytes / (ms / 1e3) / gb);
  ms = wall_ms([&] { CRK(cr_xorwow_fill(1, 0, 0, (uint32_t*)pageable.data(), hbytes / 4)); }, 5);
  add("host_xorwow_pageable_GBps", hbytes / (ms / 1e3) / gb);
  ms = wall_ms([&] { CRK(cr_bits(1, 2, 0, cr_host((uint32_t*)pageable.data(), 1000))); }, 200);
  add("host_bits_1000_us", ms * 1e3);
  CK(cudaFreeHost(pinned));
  CK(cudaFree(src));
  CK(cudaFree(dst));
  gd::bench_dist(j);
  gq::bench_qrng(j);
  j += "}";
  printf("BENCH_JSON %s\n", j.c_str());
}

int main(int argc, char** argv) {
  setvbuf(stdout, nullptr, _IOLBF, 0);  // each line reaches a redirected log before any crash
  bool quick = false, do_bench = false;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--quick")) quick = true;
    if (!strcmp(argv[i], "--bench")) do_bench = true;
  }
  cr_device_info_t info;
  cr_device_info(&info);
  if (!info.usable) {
    fprintf(stderr, "gpu_selftest: no usable CUDA device: %s\n", info.error.message);
    return 3;
  }
  if (do_bench) {
    bench();
    return 0;
  }
  auto t0 = std::chrono::steady_clock::now();
  test_errors();
  test_device_fills(quick);
  test_host_api(quick);
  test_concurrency(quick);
  gd::test_dist_device(quick);
  gd::test_dist_blocking(quick);
  gd::test_dist_threads(quick);
  gq::test_qrng(quick);
  printf("gpu_selftest%s: %.1f s\n", quick ? " --quick" : "",
         std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  CRK(cr_diag_release());  // the pinned staging pool, so a leak check sees only real leaks
  return crt::report("gpu_selftest");
}
