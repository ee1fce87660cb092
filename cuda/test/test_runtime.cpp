// host-test: cuda-headers
// host-test: sources cuda/src/cr_copy.cpp cuda/src/cr_runtime.cpp cuda/src/cr_api.cpp cuda/src/cr_api_device.cpp
// host-test: sources cuda/src/cr_api_dist.cpp cuda/src/cr_api_alias.cpp cuda/src/cr_diagnostics.cpp cuda/src/cr_api_qrng.cpp
// host-test: sources cuda/src/cr_api_discrete.cpp cuda/src/cr_env.cpp
// host-test: sources cuda/test/fake/fake_cudart.cpp cuda/test/fake/fake_kernels.cpp
// host-test: flags -pthread
//
// The host-side runtime of the CUDA backend (cuda/src/*.cpp: streams, staging, page-locking, devices,
// the C API) run against the stand-in CUDA runtime of cuda/test/fake, which defers every asynchronous
// operation until something forces it. Each case below failed on the first version of the runtime
// (issue "Trustworthy on a real CUDA host"):
//   1 staging copies with 16 copy threads dropped the last bytes;         case staging_and_direct
//   3 staging buffers went back to the pool before their stream was
//     synchronized, and pages were unregistered with copies in flight;   case error_paths
//   4 the XORWOW jump tables were uploaded unordered with the kernels;   case xorwow_first_call
//   5 adjacent outputs in register mode shared pages unregistered;       case register_adjacent
//   7 no device was ever selected;                                        case devices
//   9 blocking calls ignored the caller's legacy-stream writes;           case caller_stream_order
//  10 alias results came back through one buffer, one thread;             case alias_transfers
// and the rest checks every blocking entry point end to end against host references.
#include <stdlib.h>
#include <string.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "cr_alias.h"
#include "cr_api.h"
#include "cr_api_alias.h"
#include "cr_api_device.h"
#include "cr_api_dist.h"
#include "cr_api_discrete.h"
#include "cr_discrete.h"
#include "cr_api_qrng.h"
#include "cr_mrg32k3a.h"
#include "cr_sobol.h"
#include "cr_transforms.h"
#include "cr_mvn.h"
#include "cr_elements.h"
#include "cr_dist_items.h"
#include "cr_gamma.h"
#include "cr_runtime.h"
#include "cr_test.h"
#include "cr_uniform.h"
#include "cr_xorwow.h"
#include "fake_cudart.h"
#include "fake_kernels.h"

namespace {

constexpr uint32_t K0 = 0x243F6A88u, K1 = 0x85A308D3u;

void no_violations(const char* where) {
  const auto& v = fake::violations();
  CRT_CHECK(v.empty(), "%s: %zu violation(s), first: %s", where, v.size(), v.empty() ? "" : v[0].c_str());
}

bool ok(const cr_status& s, const char* what) {
  CRT_CHECK(s.code == 0, "%s: %s", what, s.message);
  return s.code == 0;
}

std::vector<uint32_t> raw_words(uint64_t first, uint64_t n) {
  std::vector<uint32_t> w(n);
  if (n) cr_raw_stream_host(K0, K1, first, w.data(), n);
  return w;
}

/** Compares n values; reports the first difference and whether the last one is right. */
template <class T>
void same(const T* got, const T* want, uint64_t n, const std::string& what) {
  uint64_t bad = n;
  for (uint64_t i = 0; i < n && bad == n; ++i)
    if (memcmp(&got[i], &want[i], sizeof(T)) != 0) bad = i;
  CRT_CHECK(bad == n, "%s: first difference at %llu of %llu", what.c_str(), (unsigned long long)bad,
            (unsigned long long)n);
}

/** The sizes of the issue: a multiple of nothing, 5 copy parts of 1,200,000 bytes + 4, …, past two
 *  staging chunks, and small ones. */
const uint64_t kSizes[] = {1, 5, 1023, (8u << 20) / 4 + 3, 1310721, 1500001, (1u << 21) + 1500001};

// ---- 4: the first XORWOW call of a process ------------------------------------------------------

void xorwow_first_call() {
  fake::begin_case();
  std::vector<cr_xorwow_matrix> jumps(CR_XORWOW_HOST_JUMPS);
  cr_xorwow_make_jumps(jumps.data(), CR_XORWOW_HOST_JUMPS);
  const uint64_t n = 70001;
  std::vector<uint32_t> want(n);
  cr_xorwow_state st;
  cr_xorwow_init(jumps.data(), 1234, 1, 5, &st);
  for (auto& w : want) w = cr_xorwow_next(&st);
  // Device 0: the blocking fill into host memory.
  std::vector<uint32_t> out(n, 0);
  if (ok(cr_xorwow_fill(1234, 1, 5, out.data(), n), "cr_xorwow_fill")) {
    same(out.data(), want.data(), n, "first XORWOW fill on device 0");
  }
  // Device 1: the stream variant on the caller's own non-blocking stream, which nothing orders after
  // the upload but the upload itself.
  cr_rt::DeviceScope on(1);
  cudaSetDevice(1);
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  void* d = nullptr;
  cudaMalloc(&d, n * 4);
  if (ok(cr_xorwow_fill_device(1234, 1, 5, static_cast<uint32_t*>(d), n, s), "cr_xorwow_fill_device")) {
    cudaStreamSynchronize(s);
    std::fill(out.begin(), out.end(), 0);
    cudaMemcpy(out.data(), d, n * 4, cudaMemcpyDeviceToHost);
    same(out.data(), want.data(), n, "first XORWOW fill on device 1, caller's stream");
  }
  cudaFree(d);
  cudaStreamDestroy(s);
  cudaSetDevice(0);
  no_violations("xorwow_first_call");
}

// ---- 1: end to end through every host-output path ------------------------------------------------

void check_bits_and_uniform(uint64_t n, uint64_t first, void* mem32, void* mem64, const std::string& how) {
  const std::vector<uint32_t> w = raw_words(first, n);
  uint32_t* b = static_cast<uint32_t*>(mem32);
  memset(b, 0, n * 4);
  if (ok(cr_bits(K0, K1, first, cr_host(b, n)), "cr_bits")) same(b, w.data(), n, how + " bits n=" + std::to_string(n));
  float* f = static_cast<float*>(mem32);
  memset(f, 0, n * 4);
  if (ok(cr_uniform(K0, K1, first, -2.0, 3.0, cr_host(f, n)), "cr_uniform32")) {
    std::vector<float> want(n);
    for (uint64_t i = 0; i < n; ++i) want[i] = cr_uniform_f32(w[i], false, -2.0, 5.0);
    same(f, want.data(), n, how + " uniform32 n=" + std::to_string(n));
  }
  double* d = static_cast<double*>(mem64);
  memset(d, 0, n * 8);
  if (ok(cr_uniform(K0, K1, first / 2, 0.0, 1.0, cr_host(d, n)), "cr_uniform64")) {
    const std::vector<uint32_t> w2 = raw_words(2 * (first / 2), 2 * n);
    std::vector<double> want(n);
    for (uint64_t i = 0; i < n; ++i) want[i] = cr_uniform_f64(w2[2 * i], w2[2 * i + 1], true, 0.0, 1.0);
    same(d, want.data(), n, how + " uniform64 n=" + std::to_string(n));
  }
}

void staging_and_direct() {
  fake::begin_case();
  const uint64_t most = (1u << 21) + 1500001;
  std::vector<uint64_t> pageable(most + 1);
  for (uint64_t n : kSizes) {
    check_bits_and_uniform(n, n < 2000 ? (1ull << 40) + 3 : 7, pageable.data(), pageable.data(), "staging");
  }
  // the caller's page-locked memory (pinnedArrayBuffer): straight in, no staging
  cr_status st;
  void* pinned = cr_alloc_pinned(most * 8, &st);
  ok(st, "cr_alloc_pinned");
  for (uint64_t n : {(uint64_t)5, (uint64_t)1500001}) check_bits_and_uniform(n, 1, pinned, pinned, "pinned");
  cr_free_pinned(pinned);
  // transfer mode 'register': the caller's pageable memory page-locked for the call
  cr_set_transfer_mode(CR_TRANSFER_REGISTER);
  for (uint64_t n : {(uint64_t)1023, (uint64_t)1310721}) {
    check_bits_and_uniform(n, 0, pageable.data() + 1, pageable.data() + 1, "register");
  }
  cr_set_transfer_mode(CR_TRANSFER_STAGING);
  CRT_CHECK(fake::stats().registrations > 0, "register mode registered nothing");
  CRT_CHECK(fake::stats().registered_now == 0, "%d registrations left behind", fake::stats().registered_now);
  no_violations("staging_and_direct");
}

// ---- 3: error paths -------------------------------------------------------------------------------

void error_paths() {
  const uint64_t n = 3 * ((8u << 20) / 4) + 11;  // three staging chunks
  std::vector<uint32_t> out(n);
  for (int mode : {CR_TRANSFER_STAGING, CR_TRANSFER_REGISTER}) {
    fake::begin_case();
    cr_set_transfer_mode(mode);
    // At every synchronization, see whether the pool would hand out a buffer that a copy still targets.
    std::atomic<int> reused{0};
    bool inside = false;
    fake::on_sync = [&] {
      if (inside) return;
      inside = true;
      {
        cr_rt::Pinned a, b;
        if (cr_rt::acquire_pinned(a).code == 0 && fake::pending_host_write(a.p, cr_rt::kChunkBytes)) ++reused;
        if (cr_rt::acquire_pinned(b).code == 0 && fake::pending_host_write(b.p, cr_rt::kChunkBytes)) ++reused;
      }
      inside = false;
    };
    fake::fail_launches_after(1);  // the second chunk's kernel fails
    const cr_status s = cr_bits(K0, K1, 0, cr_host(out.data(), n));
    fake::begin_case();
    CRT_CHECK(s.code == cudaErrorLaunchFailure, "mode %d: expected the launch failure, got %d (%s)", mode, s.code,
              s.message);
    CRT_CHECK(reused == 0, "mode %d: a staging buffer with a copy in flight went back to the pool (%d)", mode,
              reused.load());
    no_violations(mode ? "error path, register mode" : "error path, staging");
    // and the next call works
    std::vector<uint32_t> small(1000);
    if (ok(cr_bits(K0, K1, 9, cr_host(small.data(), small.size())), "after the error")) {
      same(small.data(), raw_words(9, 1000).data(), 1000, "the call after the error");
    }
  }
  cr_set_transfer_mode(CR_TRANSFER_STAGING);
  CRT_CHECK(fake::stats().registered_now == 0, "%d registrations left behind", fake::stats().registered_now);
}

// ---- 5: register mode, adjacent subarrays of one buffer --------------------------------------------

void register_adjacent() {
  fake::begin_case();
  cr_set_transfer_mode(CR_TRANSFER_REGISTER);
  const uint64_t n1 = 300001, n2 = 500003;
  std::vector<uint32_t> buf(n1 + n2 + 64, 0);
  uint32_t* out1 = buf.data() + 3;
  uint32_t* out2 = out1 + n1;  // starts inside the last page of out1
  bool once = false;
  cr_status second{};
  fake::on_d2h_queued = [&] {  // while the first call's copy is in flight, the second call runs
    if (once) return;
    once = true;
    second = cr_bits(K0, K1, 1000000, cr_host(out2, n2));
  };
  const cr_status first = cr_bits(K0, K1, 0, cr_host(out1, n1));
  fake::on_d2h_queued = nullptr;
  CRT_CHECK(once, "the second call never ran");
  if (ok(first, "first call") && ok(second, "second call")) {
    same(out1, raw_words(0, n1).data(), n1, "register mode, first subarray");
    same(out2, raw_words(1000000, n2).data(), n2, "register mode, adjacent subarray");
  }
  cr_set_transfer_mode(CR_TRANSFER_STAGING);
  CRT_CHECK(fake::stats().registered_now == 0, "%d registrations left behind", fake::stats().registered_now);
  no_violations("register_adjacent");
}

// ---- 7: devices ---------------------------------------------------------------------------------------

void devices() {
  fake::begin_case();
  int count = 0;
  ok(cr_device_count(&count), "cr_device_count");
  CRT_CHECK(count == 2, "2 fake devices, got %d", count);
  cr_device_brief_t b;
  if (ok(cr_device_brief(1, &b), "cr_device_brief")) CRT_CHECK(strcmp(b.name, "Fake GPU 1") == 0, "name %s", b.name);

  std::vector<uint32_t> out(200003);
  auto run_on = [&](int device, bool other_library_left_0_current) {
    if (other_library_left_0_current) cudaSetDevice(0);
    cr_rt::DeviceScope on(device);
    const fake::Stats before = fake::stats();
    if (ok(cr_bits(K0, K1, 77, cr_host(out.data(), out.size())), "cr_bits on a device")) {
      same(out.data(), raw_words(77, out.size()).data(), out.size(), "cr_bits on device " + std::to_string(device));
    }
    const fake::Stats& after = fake::stats();
    const int other = 1 - device;
    CRT_CHECK(after.launches[device] > before.launches[device], "no launch on device %d", device);
    CRT_CHECK(after.launches[other] == before.launches[other] && after.streams_created[other] == before.streams_created[other],
              "work for device %d went to device %d", device, other);
  };
  run_on(1, false);
  run_on(0, false);
  std::thread([&] { run_on(1, true); }).join();  // a fresh thread, another library made device 0 current
  std::thread([&] { run_on(0, false); }).join();

  cr_device_info_t info;
  {
    cr_rt::DeviceScope on(1);
    ok(cr_device_info(&info), "cr_device_info");
    CRT_CHECK(info.usable && info.device == 1 && info.device_count == 2, "device info of device 1: %d %d %s",
              info.usable, info.device, info.error.message);
  }
  {
    cr_rt::DeviceScope on(5);
    const cr_status s = cr_bits(K0, K1, 0, cr_host(out.data(), 10));
    CRT_CHECK(s.code == cudaErrorInvalidDevice && strstr(s.message, "cudaSetDevice(5)") != nullptr,
              "device 5 of 2: %s", s.message);
    ok(cr_device_info(&info), "cr_device_info(5)");
    CRT_CHECK(!info.usable && info.device == -1, "device 5 must not be usable");
  }

  // A table lives on its device; sampling runs there whatever the caller's device.
  const uint32_t N = 1000;
  std::vector<uint64_t> W(N, 1ull << 32);
  std::vector<uint32_t> rows(2 * N);
  CRT_CHECK(cr_alias_build_host(W.data(), N, 0, rows.data()) == 1, "host table");
  cr_alias_table* t = nullptr;
  {
    cr_rt::DeviceScope on(1);
    ok(cr_alias_table_upload(rows.data(), N, &t), "upload on device 1");
  }
  CRT_CHECK(cr_alias_table_device(t) == 1, "table device %d", cr_alias_table_device(t));
  std::vector<uint32_t> s(5000);
  const int launches1 = fake::stats().launches[1];
  if (ok(cr_alias_sample(t, K0, K1, 3, s.data(), s.size()), "sample a device-1 table from device 0")) {
    const uint32_t key[2] = {K0, K1};
    bool all = true;
    for (size_t i = 0; i < s.size(); ++i) all = all && s[i] == cr_alias_sample(key, 3 + i, rows.data(), N);
    CRT_CHECK(all, "samples of the device-1 table");
  }
  CRT_CHECK(fake::stats().launches[1] > launches1, "the table's sampling did not run on device 1");
  cr_alias_table_free(t);
  no_violations("devices");
}

// ---- 9: blocking calls see the caller's writes on the legacy stream -------------------------------

void caller_stream_order() {
  fake::begin_case();
  cudaSetDevice(0);  // the caller works on device 0, as the runtime's default
  const uint32_t n = 4097;
  std::vector<double> w(n);
  for (uint32_t i = 0; i < n; ++i) w[i] = 1.0 + (i % 7);
  void* dw = nullptr;
  cudaMalloc(&dw, n * 8);                                                // poisoned: NaN
  cudaMemcpyAsync(dw, w.data(), n * 8, cudaMemcpyHostToDevice, nullptr);  // the caller's legacy-stream write
  std::vector<uint32_t> rows(2 * n);
  const cr_status s = cr_alias_build_from_device(dw, CR_WEIGHTS_F64, n, CR_ALIAS_PSA, rows.data(), nullptr, nullptr,
                                                 nullptr);
  CRT_CHECK(s.code == 0, "build from device weights written on the legacy stream: %s", s.message);

  // gamma shapes written the same way, read by the blocking gamma call
  const uint64_t m = 3001;
  std::vector<double> alphas(m);
  for (uint64_t i = 0; i < m; ++i) alphas[i] = 0.25 + (double)(i % 13);
  void* da = nullptr;
  cudaMalloc(&da, m * 8);
  cudaMemcpyAsync(da, alphas.data(), m * 8, cudaMemcpyHostToDevice, nullptr);
  std::vector<double> out(m);
  cr_array shapes{da, m, CR_TYPE_F64, 1};
  cr_array o{out.data(), m, CR_TYPE_F64, 0};
  if (ok(cr_gamma(K0, K1, 11, 0.0, &shapes, 1.0, CR_PROPOSALS_DEFAULT, o), "gamma with legacy-written shapes")) {
    bool all = true;
    for (uint64_t i = 0; i < m; ++i) {
      const cr_gamma_mt mt = cr_gamma_setup(alphas[i]);
      double dv = 0, U = 0;
      for (uint32_t t = 0;; ++t)
        if (cr_gamma_try(K0, K1, 11 + i, t, mt, true, &dv, &U)) break;
      all = all && out[i] == cr_gamma_value(alphas[i], dv, U);
    }
    CRT_CHECK(all, "gamma values from the caller's shapes");
  }
  // and a DeviceArray read back after a legacy-stream write
  std::vector<double> back(m);
  cudaMemcpyAsync(da, w.data(), 8 * 100, cudaMemcpyHostToDevice, nullptr);
  if (ok(cr_copy_to_host(back.data(), da, m * 8), "copy to host")) {
    CRT_CHECK(back[0] == w[0] && back[99] == w[99] && back[100] == alphas[100], "copy to host after a legacy write");
  }
  cudaFree(dw);
  cudaFree(da);
  no_violations("caller_stream_order");
}

// ---- 10: alias results through the staging pipeline -------------------------------------------------

void alias_transfers() {
  fake::begin_case();
  const uint32_t n = 3000001;  // rows and units: 24 MB each, three staging chunks
  std::vector<double> w(n, 1.0);
  std::vector<uint32_t> rows(2ull * n), hi(n), lo(n);
  if (ok(cr_alias_build(w.data(), CR_WEIGHTS_F64, n, CR_ALIAS_PSA, rows.data(), hi.data(), lo.data(), nullptr),
         "cr_alias_build")) {
    bool r = true, u = true;
    for (uint64_t j = 0; j < 2ull * n; ++j) r = r && rows[j] == (probe_rows(j) ^ (uint32_t)probe_units((uint32_t)(j / 2)));
    for (uint32_t i = 0; i < n; ++i) u = u && hi[i] == (uint32_t)(probe_units(i) >> 32) && lo[i] == (uint32_t)probe_units(i);
    CRT_CHECK(r, "rows came back wrong");
    CRT_CHECK(u, "units came back wrong");
  }
  CRT_CHECK(fake::stats().pinned_d2h_targets >= 2, "alias results used %d staging buffer(s): not double-buffered",
            fake::stats().pinned_d2h_targets);

  // counts into a histogram of 2.5 M items (three chunks), added to what is there
  const uint32_t N = 2500001;
  std::vector<uint64_t> W(N, 1ull << 32);
  std::vector<uint32_t> trow(2ull * N);
  CRT_CHECK(cr_alias_build_host(W.data(), N, 0, trow.data()) == 1, "host table");
  cr_alias_table* t = nullptr;
  if (ok(cr_alias_table_upload(trow.data(), N, &t), "upload")) {
    std::vector<double> counts(N, 0.5);
    const uint64_t draws = 400000;
    if (ok(cr_alias_counts(t, K0, K1, 5, draws, counts.data()), "cr_alias_counts")) {
      std::vector<double> want(N, 0.5);
      const uint32_t key[2] = {K0, K1};
      for (uint64_t i = 0; i < draws; ++i) want[cr_alias_sample(key, 5 + i, trow.data(), N)] += 1;
      same(counts.data(), want.data(), N, "alias counts");
    }
    std::vector<uint32_t> s(1500001);
    if (ok(cr_alias_sample(t, K0, K1, 1, s.data(), s.size()), "cr_alias_sample")) {
      const uint32_t key[2] = {K0, K1};
      bool all = true;
      for (size_t i = 0; i < s.size(); ++i) all = all && s[i] == cr_alias_sample(key, 1 + i, trow.data(), N);
      CRT_CHECK(all, "alias samples");
    }
    cr_alias_table_free(t);
  }
  no_violations("alias_transfers");
}

// ---- the distribution entry points, host and device outputs ----------------------------------------

void distributions() {
  fake::begin_case();
  const uint64_t n = 1200003;  // past one staging chunk of doubles
  std::vector<double> alphas(n), out(n);
  for (uint64_t i = 0; i < n; ++i) alphas[i] = 0.3 + (double)(i % 11) * 0.7;
  cr_array shapes{alphas.data(), n, CR_TYPE_F64, 0};
  cr_array o{out.data(), n, CR_TYPE_F64, 0};
  if (ok(cr_gamma(K0, K1, 7, 0.0, &shapes, 2.0, CR_PROPOSALS_DEFAULT, o), "gamma, per-element host shapes")) {
    bool all = true;
    for (uint64_t i = 0; i < n && all; i += 997) {
      const cr_gamma_mt mt = cr_gamma_setup(alphas[i]);
      double dv = 0, U = 0;
      for (uint32_t t = 0;; ++t)
        if (cr_gamma_try(K0, K1, 7 + i, t, mt, true, &dv, &U)) break;
      all = out[i] == cr_gamma_value(alphas[i], dv, U) * 2.0;
    }
    CRT_CHECK(all, "gamma per element");
  }
  // into device memory, then back
  cr_status st;
  float* dev = static_cast<float*>(cr_device_alloc(n * 4, &st));
  ok(st, "cr_device_alloc");
  std::vector<float> host(n), back(n);
  cr_array host_out{host.data(), n, CR_TYPE_F32, 0}, dev_out{dev, n, CR_TYPE_F32, 1};
  if (ok(cr_normal(K0, K1, 3, 1, 1.0, 2.0, host_out), "normal polar to host") &&
      ok(cr_normal(K0, K1, 3, 1, 1.0, 2.0, dev_out), "normal polar to device") &&
      ok(cr_copy_to_host(back.data(), dev, n * 4), "copy back")) {
    same(back.data(), host.data(), n, "normal: device output = host output");
  }
  // a bad device shape is named by index and value
  std::vector<double> bad(5000, 2.0);
  bad[4321] = -1;
  double* dshape = static_cast<double*>(cr_device_alloc(5000 * 8, &st));
  ok(cr_copy_to_device(dshape, bad.data(), 5000 * 8), "upload shapes");
  cr_array ds{dshape, 5000, CR_TYPE_F64, 1};
  std::vector<double> o2(5000);
  const cr_status e = cr_gamma(K0, K1, 0, 0.0, &ds, 1.0, CR_PROPOSALS_DEFAULT, cr_array{o2.data(), 5000, CR_TYPE_F64, 0});
  CRT_CHECK(e.code == CR_ERANGE && strstr(e.message, "alpha[4321] must be finite and > 0, got -1") != nullptr,
            "bad device shape: %s", e.message);
  cr_array K{bad.data(), 3, CR_TYPE_F64, 0};
  std::vector<double> dir(3 * 1001);
  if (ok(cr_dirichlet(K0, K1, 0, K, CR_PROPOSALS_DEFAULT, cr_array{dir.data(), dir.size(), CR_TYPE_F64, 0}), "dirichlet")) {
    bool rows_sum = true;
    for (size_t r = 0; r < 1001; ++r) rows_sum = rows_sum && std::fabs(dir[3 * r] + dir[3 * r + 1] + dir[3 * r + 2] - 1) < 1e-12;
    CRT_CHECK(rows_sum, "dirichlet rows sum to 1");
  }
  // transforms: host and device outputs, and the _device twin on the legacy stream, all one body
  // (for truncatedNormal: mean, std, s, Φa, ΦΔ, low, high of some interval)
  const double tp[CR_TRANSFORM_MAX_PARAMS] = {0.25, 1.5, 1.0, 0.25, 0.5, -1.0, 2.0, 0.0};
  for (int id = 0; cr_transform_params(id) >= 0; ++id) {
    const int np = cr_transform_params(id);
    std::vector<float> th(n), tb(n), tq(n);
    if (ok(cr_transform(K0, K1, 5, id, tp, np, cr_host(th.data(), n)), "transform to host") &&
        ok(cr_transform(K0, K1, 5, id, tp, np, cr_on_device(dev, n)), "transform to device") &&
        ok(cr_copy_to_host(tb.data(), dev, n * 4), "copy back")) {
      same(tb.data(), th.data(), n, "transform: device output = host output");
      bool all = true;
      for (uint64_t i = 0; i < n && all; i += 991) all = th[i] == (float)cr_transform_element(K0, K1, 5 + i, id, tp, false);
      CRT_CHECK(all, "transform %d = cr_transform_element", id);
    }
    if (ok(cr_transform_device(K0, K1, 5, id, tp, np, dev, CR_TYPE_F32, n, nullptr), "cr_transform_device") &&
        ok(cr_copy_to_host(tq.data(), dev, n * 4), "copy back")) {  // blocking copies wait for the legacy stream
      same(tq.data(), th.data(), n, "transform: _device twin = blocking call");
    }
    // per-element rows (n·P values, staged chunk by chunk): element i = the scalar call with row i
    std::vector<double> rows((size_t)n * np);
    for (uint64_t i = 0; i < n; ++i) {
      for (int k = 0; k < np; ++k) rows[i * np + k] = tp[k];
      rows[i * np] += 0.125 * (double)(i % 5);
      if (np > 1) rows[i * np + 1] *= 1.0 + 0.5 * (double)(i % 3);
    }
    std::vector<double> rh(n);
    std::vector<float> rf(n), rb(n), rq(n);
    if (ok(cr_transform(K0, K1, 5, id, rows.data(), rows.size(), cr_host(rh.data(), n)), "rows to host")) {
      bool all = true;
      for (uint64_t i = 0; i < n && all; i += 97) {
        all = cr_dbits(rh[i]) == cr_dbits(cr_transform_element(K0, K1, 5 + i, id, &rows[i * np], true));
      }
      CRT_CHECK(all, "transform %d rows: element i = the scalar element with row i", id);
    }
    if (ok(cr_transform(K0, K1, 5, id, rows.data(), rows.size(), cr_host(rf.data(), n)), "rows to host (float32)") &&
        ok(cr_transform(K0, K1, 5, id, rows.data(), rows.size(), cr_on_device(dev, n)), "rows to device") &&
        ok(cr_copy_to_host(rb.data(), dev, n * 4), "copy back")) {
      same(rb.data(), rf.data(), n, "transform rows: device output = host output");
      bool all = true;
      for (uint64_t i = 0; i < n && all; i += 97) all = rf[i] == (float)cr_transform_element(K0, K1, 5 + i, id, &rows[i * np], false);
      CRT_CHECK(all, "transform %d rows (float32): element i = the scalar element with row i", id);
    }
    if (ok(cr_transform_device(K0, K1, 5, id, rows.data(), rows.size(), dev, CR_TYPE_F32, n, nullptr), "rows _device") &&
        ok(cr_copy_to_host(rq.data(), dev, n * 4), "copy back")) {
      same(rq.data(), rf.data(), n, "transform rows: _device twin = blocking call");
    }
    CRT_CHECK(cr_transform(K0, K1, 5, id, rows.data(), rows.size() - 1, cr_host(rh.data(), n)).code == CR_EINVAL,
              "transform %d: rows one value short", id);
  }
  // Student's t (scalar and per-element df/2) and F: host output = the per-element reference; the
  // _device twins = the blocking calls
  for (int which = 0; which < 3; ++which) {
    std::vector<double> rh(n), rq(n), halves(n);
    for (uint64_t i = 0; i < n; ++i) halves[i] = 0.25 + 0.5 * (double)(i % 7);
    const cr_array per = cr_host(halves.data(), n);
    const cr_status st = which == 2 ? cr_f(K0, K1, 5, 3.5, 0.75, 4, cr_host(rh.data(), n))
                                    : cr_student_t(K0, K1, 5, 1.75, which ? &per : nullptr, 4, cr_host(rh.data(), n));
    if (ok(st, "t / F to host")) {
      bool all = true;
      for (uint64_t i = 0; i < n && all; i += 997) {
        all = rh[i] == (which == 2 ? cr_f_element(K0, K1, 5 + i, 3.5, 0.75, true, 1)
                                   : cr_student_t_element(K0, K1, 5 + i, 2.0 * (which ? halves[i] : 1.75), true, 1));
      }
      CRT_CHECK(all, "t / F %d = its element function", which);
    }
    if (which != 1 && ok(which == 2 ? cr_f_device(K0, K1, 5, 3.5, 0.75, -1, dev, CR_TYPE_F64, n / 2, nullptr)
                                    : cr_student_t_device(K0, K1, 5, 1.75, nullptr, 0, -1, dev, CR_TYPE_F64, n / 2, nullptr),
                         "t / F _device") &&
        ok(cr_copy_to_host(rq.data(), dev, n / 2 * 8), "copy back")) {
      same(rq.data(), rh.data(), n / 2, "t / F: _device twin = blocking call");
    }
  }
  // von Mises (element sampler 0): host output = cr_von_mises_element; the _device twin = the blocking call (rejection mode)
  {
    const double vp[CR_VON_MISES_PARAMS] = {1.0, 1.7, 2.5, 0.3, 0.0};
    std::vector<double> vh(n), vq(n);
    if (ok(cr_element(K0, K1, 5, CR_ELEMENT_von_mises, vp, CR_VON_MISES_PARAMS, cr_host(vh.data(), n)), "von Mises to host")) {
      bool all = true;
      for (uint64_t i = 0; i < n && all; i += 997) all = vh[i] == cr_von_mises_element(K0, K1, 5 + i, vp);
      CRT_CHECK(all, "von Mises = cr_von_mises_element");
    }
    if (ok(cr_element_device(K0, K1, 5, CR_ELEMENT_von_mises, vp, CR_VON_MISES_PARAMS, dev, CR_TYPE_F64, n / 2, nullptr), "cr_element_device (von Mises)") &&
        ok(cr_copy_to_host(vq.data(), dev, n / 2 * 8), "copy back")) {
      same(vq.data(), vh.data(), n / 2, "von Mises: _device twin = blocking call");
    }
    const double bad[CR_VON_MISES_PARAMS] = {3.0, 0, 0, 0, 0};
    std::vector<double> t1(10);
    CRT_CHECK(cr_element(K0, K1, 0, CR_ELEMENT_von_mises, bad, 5, cr_host(t1.data(), 10)).code == CR_EINVAL, "von Mises mode 3");
    CRT_CHECK(cr_element(K0, K1, 0, CR_ELEMENT_von_mises, vp, 4, cr_host(t1.data(), 10)).code == CR_EINVAL, "von Mises parameter count");
    // per-element rows (the three modes mixed): element i = cr_von_mises_element with row i, host and
    // device outputs, the _device twin; a row with a bad mode is refused
    const double modes[3][CR_VON_MISES_PARAMS] = {{0.0, 0.0, 1e-9, -1.0, 0.0}, {1.0, 1.7, 2.5, 0.3, 0.0}, {2.0, 0.0, 4e6, 2.0, 0.0005}};
    std::vector<double> rows(n * CR_VON_MISES_PARAMS);
    for (uint64_t i = 0; i < n; ++i) {
      for (int k = 0; k < CR_VON_MISES_PARAMS; ++k) rows[i * CR_VON_MISES_PARAMS + k] = modes[(i / 3 + i) % 3][k];
    }
    if (ok(cr_element(K0, K1, 5, CR_ELEMENT_von_mises, rows.data(), rows.size(), cr_host(vh.data(), n)), "von Mises rows to host")) {
      bool all = true;
      for (uint64_t i = 0; i < n && all; i += 97) all = vh[i] == cr_von_mises_element(K0, K1, 5 + i, &rows[i * CR_VON_MISES_PARAMS]);
      CRT_CHECK(all, "von Mises rows: element i = cr_von_mises_element with row i");
    }
    const uint64_t h = n / 2;
    if (ok(cr_element_device(K0, K1, 5, CR_ELEMENT_von_mises, rows.data(), h * CR_VON_MISES_PARAMS, dev, CR_TYPE_F64, h, nullptr), "rows _device") &&
        ok(cr_copy_to_host(vq.data(), dev, h * 8), "copy back")) {
      same(vq.data(), vh.data(), h, "von Mises rows: _device twin = blocking call");
    }
    rows[7 * CR_VON_MISES_PARAMS] = 3.0;
    CRT_CHECK(cr_element(K0, K1, 5, CR_ELEMENT_von_mises, rows.data(), rows.size(), cr_host(vh.data(), n)).code == CR_EINVAL, "von Mises row 7 mode 3");
  }
  // Wald, an element sampler of two parameters: host output = cr_wald_element, float32 = it rounded once,
  // the _device twin = the blocking call; rows and bad parameters as the table's check says; unknown ids
  {
    const double wp[2] = {1.5, 0.25};
    std::vector<double> wh(n), wq(n);
    std::vector<float> wf(n);
    if (ok(cr_element(K0, K1, 5, CR_ELEMENT_wald, wp, 2, cr_host(wh.data(), n)), "wald to host") &&
        ok(cr_element(K0, K1, 5, CR_ELEMENT_wald, wp, 2, cr_host(wf.data(), n)), "wald to host (float32)")) {
      bool all = true;
      for (uint64_t i = 0; i < n && all; i += 991) {
        all = cr_dbits(wh[i]) == cr_dbits(cr_wald_element(K0, K1, 5 + i, wp)) && wf[i] == (float)wh[i];
      }
      CRT_CHECK(all, "wald = cr_wald_element (float32: rounded once)");
    }
    if (ok(cr_element_device(K0, K1, 5, CR_ELEMENT_wald, wp, 2, dev, CR_TYPE_F64, n / 2, nullptr), "wald _device") &&
        ok(cr_copy_to_host(wq.data(), dev, n / 2 * 8), "copy back")) {
      same(wq.data(), wh.data(), n / 2, "wald: _device twin = blocking call");
    }
    std::vector<double> wr(2 * 64);
    for (int i = 0; i < 64; ++i) wr[2 * i] = 0.5 + i, wr[2 * i + 1] = 1.0 / (1 + i);
    std::vector<double> w64(64);
    if (ok(cr_element(K0, K1, 5, CR_ELEMENT_wald, wr.data(), wr.size(), cr_host(w64.data(), 64)), "wald rows")) {
      bool all = true;
      for (uint64_t i = 0; i < 64 && all; ++i) all = cr_dbits(w64[i]) == cr_dbits(cr_wald_element(K0, K1, 5 + i, &wr[2 * i]));
      CRT_CHECK(all, "wald rows: element i = cr_wald_element with row i");
    }
    const double bad_rows[3][2] = {{0.0, 1.0}, {1.0, -1.0}, {1.0, cr_dfrom(0x7ff8000000000000ull)}};
    for (const auto& b : bad_rows) {
      CRT_CHECK(cr_element(K0, K1, 0, CR_ELEMENT_wald, b, 2, cr_host(wh.data(), 10)).code == CR_EINVAL, "wald (%g, %g) refused",
                b[0], b[1]);
    }
    CRT_CHECK(cr_element(K0, K1, 0, 99, wp, 2, cr_host(wh.data(), 10)).code == CR_EINVAL, "unknown element sampler id");
    CRT_CHECK(cr_element(K0, K1, 0, CR_ELEMENT_wald, wp, 3, cr_host(wh.data(), 10)).code == CR_EINVAL, "wald, 3 parameters");
  }
  // multivariate normal: host output = cr_mvn_value (d = 3); the _device twin = the blocking call
  {
    const double lm[9] = {1.0, -2.0, 0.5, 1.5, 0.25, 0.75, -0.5, 0.125, 0.625};
    std::vector<double> mh(n), mq(n);
    if (ok(cr_mvn(K0, K1, 6, 3, lm, cr_host(mh.data(), n)), "mvn to host")) {
      bool all = true;
      for (uint64_t i = 0; i < n && all; i += 997) all = mh[i] == cr_mvn_value(K0, K1, 6 + i, 3, lm, true);
      CRT_CHECK(all, "mvn = cr_mvn_value");
    }
    if (ok(cr_mvn_device(K0, K1, 6, 3, lm, dev, CR_TYPE_F64, n / 2, nullptr), "cr_mvn_device") &&
        ok(cr_copy_to_host(mq.data(), dev, n / 2 * 8), "copy back")) {
      same(mq.data(), mh.data(), n / 2, "mvn: _device twin = blocking call");
    }
    std::vector<double> t1(10);
    CRT_CHECK(cr_mvn(K0, K1, 0, 0, lm, cr_host(t1.data(), 10)).code == CR_EINVAL, "mvn d = 0");
    CRT_CHECK(cr_mvn(K0, K1, 0, 3, nullptr, cr_host(t1.data(), 10)).code == CR_EINVAL, "mvn lm null");
  }
  // F with per-element (dfn, dfd) rows: element i = cr_f_element with row i; the _device twin = the blocking call
  {
    std::vector<double> rows(2 * n), fh(n), fq(n);
    for (uint64_t i = 0; i < n; ++i) {
      rows[2 * i] = 0.5 + 0.75 * (double)(i % 7);
      rows[2 * i + 1] = 0.25 + 2.0 * (double)(i % 5);
    }
    if (ok(cr_f_rows(K0, K1, 5, rows.data(), rows.size(), -1, cr_host(fh.data(), n)), "F rows to host")) {
      bool all = true;
      for (uint64_t i = 0; i < n && all; i += 97) {
        all = cr_dbits(fh[i]) == cr_dbits(cr_f_element(K0, K1, 5 + i, rows[2 * i], rows[2 * i + 1], true, 1));
      }
      CRT_CHECK(all, "F rows: element i = cr_f_element with row i");
    }
    const uint64_t h = n / 2;
    if (ok(cr_f_rows_device(K0, K1, 5, rows.data(), 2 * h, 4, dev, CR_TYPE_F64, h, nullptr), "cr_f_rows_device") &&
        ok(cr_copy_to_host(fq.data(), dev, h * 8), "copy back")) {
      same(fq.data(), fh.data(), h, "F rows: _device twin = blocking call");
    }
    CRT_CHECK(cr_f_rows(K0, K1, 5, rows.data(), rows.size() - 1, -1, cr_host(fh.data(), n)).code == CR_EINVAL, "F rows one short");
  }
  std::vector<double> t1(10);
  CRT_CHECK(cr_f(K0, K1, 0, 1.0, 1.0, 0, cr_host(t1.data(), 10)).code == CR_EINVAL, "F proposals 0");
  CRT_CHECK(cr_transform(K0, K1, 0, 999, tp, 2, cr_host(t1.data(), 10)).code == CR_EINVAL, "unknown transform id");
  CRT_CHECK(cr_transform(K0, K1, 0, 0, tp, 1, cr_host(t1.data(), 10)).code == CR_EINVAL, "wrong parameter count");
  for (int p : {0, -2, 1025})
    CRT_CHECK(cr_beta(K0, K1, 0, 1.0, 2.0, p, cr_host(t1.data(), 10)).code == CR_EINVAL, "proposals %d", p);
  cr_device_free(dev);
  cr_device_free(dshape);
  no_violations("distributions");
}

// ---- the discrete entry points: integer outputs, staged and device p, errors ---------------------------

/** Element e of integers(low, high) straight from the per-element functions. */
int64_t integer_at(const cr_int_plan& p, uint64_t e) {
  uint32_t w[4];
  const unsigned L = p.wide ? 2 : 4;
  cr_int_block(e / L, K0, K1, w);
  const unsigned l = (unsigned)(e % L);
  return p.wide ? cr_integers_value(p, K0, K1, e, w[2 * l], w[2 * l + 1]) : cr_integers_value(p, K0, K1, e, w[l], 0);
}

double prob_at(int kind, uint64_t e, double p) {
  const std::vector<uint32_t> w = raw_words(2 * e, 2);
  return cr_prob_value(kind, w[0], w[1], p);
}

void discrete() {
  fake::begin_case();
  const uint64_t n = 2500003;  // past one staging chunk of 4-byte and of 1-byte elements
  std::vector<int32_t> ints(n);
  if (ok(cr_integers(K0, K1, 9, -1000, 999999, cr_host(ints.data(), n)), "integers int32 to host")) {
    const cr_int_plan p = cr_integers_plan(-1000, 999999);
    bool all = true;
    for (uint64_t i = 0; i < n && all; i += 1009) all = ints[i] == integer_at(p, 9 + i);
    CRT_CHECK(all && ints[n - 1] == integer_at(p, 9 + n - 1), "integers = per-element values");
  }
  cr_status st;
  double* dev = static_cast<double*>(cr_device_alloc(n * 8, &st));
  ok(st, "cr_device_alloc");
  std::vector<double> wide(n), back(n);
  const int64_t lo = -(1ll << 52), hi = (1ll << 52) - 12345;
  if (ok(cr_integers(K0, K1, 3, lo, hi, cr_host(wide.data(), n)), "integers float64 wide to host") &&
      ok(cr_integers(K0, K1, 3, lo, hi, cr_on_device(dev, n)), "integers float64 wide to device") &&
      ok(cr_copy_to_host(back.data(), dev, n * 8), "copy back")) {
    same(back.data(), wide.data(), n, "integers: device output = host output");
    const cr_int_plan p = cr_integers_plan(lo, hi);
    CRT_CHECK(p.wide, "range 2^53 - 12345 is wide");
    bool all = true;
    for (uint64_t i = 0; i < n && all; i += 997) all = wide[i] == (double)integer_at(p, 3 + i);
    CRT_CHECK(all, "wide integers = per-element values");
  }
  std::vector<uint32_t> u(10);
  CRT_CHECK(cr_integers(K0, K1, 0, 5, 5, cr_host(u.data(), 10)).code == CR_EINVAL, "low = high refused");
  CRT_CHECK(cr_integers(K0, K1, 0, -1, 5, cr_host(u.data(), 10)).code == CR_EINVAL, "uint32 with low < 0 refused");
  CRT_CHECK(cr_integers(K0, K1, 0, 0, 1ll << 33, cr_host(u.data(), 10)).code == CR_EINVAL, "uint32 beyond 2^32 refused");
  CRT_CHECK(cr_integers(K0, K1, 0, 0, 5, cr_array{u.data(), 10, CR_TYPE_F32, 0}).code == CR_EINVAL, "float32 refused");

  // bernoulli into uint8 with per-element host p (staged), then device p with a bad value
  std::vector<uint8_t> bits(n);
  std::vector<float> ps(n);
  for (uint64_t i = 0; i < n; ++i) ps[i] = (float)((i % 101) / 100.0);
  cr_array pa{ps.data(), n, CR_TYPE_F32, 0};
  if (ok(cr_bernoulli(K0, K1, 1, 0.0, &pa, cr_host(bits.data(), n)), "bernoulli uint8, host p")) {
    bool all = true;
    for (uint64_t i = 0; i < n && all; i += 1013) all = bits[i] == prob_at(CR_BERNOULLI, 1 + i, ps[i]);
    CRT_CHECK(all, "bernoulli = per-element values");
  }
  std::vector<double> pd(5000, 0.5);
  pd[4321] = 1.5;
  double* dp = static_cast<double*>(cr_device_alloc(5000 * 8, &st));
  ok(cr_copy_to_device(dp, pd.data(), 5000 * 8), "upload p");
  cr_array dpa{dp, 5000, CR_TYPE_F64, 1};
  std::vector<int32_t> g(5000);
  cr_status e = cr_bernoulli(K0, K1, 0, 0.0, &dpa, cr_host(g.data(), 5000));
  CRT_CHECK(e.code == CR_ERANGE && strstr(e.message, "p[4321] must be in [0, 1], got 1.5") != nullptr, "bad device p: %s", e.message);
  pd[4321] = 0.25;
  pd[17] = 1e-8;  // fine for bernoulli, below geometric's int32 floor
  ok(cr_copy_to_device(dp, pd.data(), 5000 * 8), "upload p");
  ok(cr_bernoulli(K0, K1, 0, 0.0, &dpa, cr_host(g.data(), 5000)), "bernoulli, device p");
  e = cr_geometric(K0, K1, 0, 0.0, &dpa, cr_host(g.data(), 5000));
  CRT_CHECK(e.code == CR_ERANGE && strstr(e.message, "p[17] must be in [2^-25, 1] for int32 outputs, got 1e-08") != nullptr,
            "geometric device p below the int32 floor: %s", e.message);
  std::vector<double> gd(5000);
  if (ok(cr_geometric(K0, K1, 0, 0.0, &dpa, cr_host(gd.data(), 5000)), "geometric float64, device p")) {
    bool all = true;
    for (uint64_t i = 0; i < 5000 && all; ++i) all = gd[i] == prob_at(CR_GEOMETRIC, i, pd[i]);
    CRT_CHECK(all, "geometric = per-element values");
  }
  pd[17] = 0.0;
  cr_array hpa{pd.data(), 5000, CR_TYPE_F64, 0};
  e = cr_geometric(K0, K1, 0, 0.0, &hpa, cr_host(gd.data(), 5000));
  CRT_CHECK(e.code == CR_ERANGE && strstr(e.message, "p[17] must be in [2^-47, 1] for float64 outputs, got 0") != nullptr,
            "geometric host p = 0: %s", e.message);
  CRT_CHECK(cr_geometric(K0, K1, 0, 0.5, nullptr, cr_host(bits.data(), 10)).code == CR_EINVAL, "geometric uint8 refused");
  CRT_CHECK(cr_bernoulli(K0, K1, 0, -0.5, nullptr, cr_host(bits.data(), 10)).code == CR_EINVAL, "bernoulli p < 0 refused");
  cr_device_free(dev);
  cr_device_free(dp);
  no_violations("discrete");
}

// ---- many threads at once -------------------------------------------------------------------------------

void concurrent() {
  fake::begin_case();
  std::vector<std::thread> ts;
  std::atomic<int> wrong{0};
  for (int k = 0; k < 6; ++k) {
    ts.emplace_back([k, &wrong] {
      cr_rt::DeviceScope on(k & 1);
      const uint64_t n = 100000 + 77777 * k;
      std::vector<uint32_t> out(n);
      if (cr_bits(K0, K1, 1000 * k, cr_host(out.data(), n)).code != 0 || out != raw_words(1000 * k, n)) ++wrong;
    });
  }
  for (auto& t : ts) t.join();
  CRT_CHECK(wrong == 0, "%d concurrent calls went wrong", wrong.load());
  no_violations("concurrent");
}

}  // namespace

// ---- Sobol and MRG32k3a through the C API: staging past a chunk, device outputs, the randomisation ----

void qrng() {
  fake::begin_case();
  // Direction vectors of three dimensions: van der Corput and two Joe–Kuo entries (s, a, m).
  const uint32_t m2[] = {1, 3}, m3[] = {1, 3, 1};
  std::vector<uint32_t> v32(3 * 32), pairs(3 * 128);
  std::vector<uint64_t> v64(3 * 64);
  cr_sobol32_directions(0, 0, nullptr, &v32[0]);
  cr_sobol32_directions(2, 1, m2, &v32[32]);
  cr_sobol32_directions(3, 1, m3, &v32[64]);
  cr_sobol64_directions(0, 0, nullptr, &v64[0]);
  cr_sobol64_directions(2, 1, m2, &v64[64]);
  cr_sobol64_directions(3, 1, m3, &v64[128]);
  for (size_t k = 0; k < v64.size(); ++k) {
    pairs[2 * k] = (uint32_t)(v64[k] >> 32);
    pairs[2 * k + 1] = (uint32_t)v64[k];
  }
  const uint64_t points = 700001;  // 3 dimensions: past one staging chunk of words
  for (int scramble : {CR_SOBOL_SCRAMBLE_NONE, CR_SOBOL_SCRAMBLE_LMS}) {
    std::vector<uint32_t> d32(v32);
    std::vector<uint32_t> c32(3, 0);
    std::vector<uint64_t> d64(v64), c64(3, 0);
    if (scramble) {
      for (uint32_t d = 0; d < 3; ++d) {
        cr_sobol32_randomise(K0, K1, d, true, &v32[32 * d], &d32[32 * d], &c32[d]);
        cr_sobol64_randomise(K0, K1, d, true, &v64[64 * d], &d64[64 * d], &c64[d]);
      }
    }
    cr_sobol_spec sp{points, 3, 1, 32, 0, scramble, 12345, v32.data()};
    std::vector<uint32_t> w(points * 3), want(points * 3);
    for (uint64_t e = 0; e < want.size(); ++e) want[e] = cr_sobol32_item(e, points, 3, true, d32.data(), c32.data(), 12345);
    if (ok(cr_sobol(K0, K1, 0, &sp, cr_host(w.data(), w.size())), "cr_sobol words")) same(w.data(), want.data(), w.size(), "sobol32 words");
    // Sobol64 doubles, dimension-major, the normal transform, from element 5 on, into device memory
    cr_sobol_spec sp64{points, 3, 0, 64, 1, scramble, 1ull << 40, pairs.data()};
    const uint64_t n = points * 3 - 5;
    std::vector<double> wantd(n), back(n);
    for (uint64_t j = 0; j < n; ++j) {
      cr_sobol64_to(cr_sobol64_item(5 + j, points, 3, false, d64.data(), c64.data(), 1ull << 40), true, &wantd[j]);
    }
    cr_status st;
    double* dev = static_cast<double*>(cr_device_alloc(n * 8, &st));
    ok(st, "cr_device_alloc");
    if (ok(cr_sobol(K0, K1, 5, &sp64, cr_array{dev, n, CR_TYPE_F64, 1}), "cr_sobol normal doubles to device") &&
        ok(cr_copy_to_host(back.data(), dev, n * 8), "copy back")) {
      same(back.data(), wantd.data(), n, "sobol64 normal, device output");
    }
    cr_device_free(dev);
  }
  // the domain checks
  cr_sobol_spec bad{10, 1, 1, 32, 0, 0, 0xFFFFFFFAull, v32.data()};
  std::vector<uint32_t> small(10);
  CRT_CHECK(cr_sobol(K0, K1, 0, &bad, cr_host(small.data(), 10)).code == CR_EINVAL, "Sobol32 past 2^32 must be EINVAL");
  bad.offset = 0;
  CRT_CHECK(cr_sobol(K0, K1, 1, &bad, cr_host(small.data(), 10)).code == CR_EINVAL, "elements past points * dims must be EINVAL");
  bad.bits = 64;
  CRT_CHECK(cr_sobol(K0, K1, 0, &bad, cr_host(small.data(), 10)).code == CR_EINVAL, "uint32 Sobol64 must be EINVAL");

  // MRG32k3a: words past a staging chunk, floats into device memory
  std::vector<cr_mrg32k3a_jump> jumps(CR_MRG32K3A_JUMPS);
  cr_mrg32k3a_make_jumps(jumps.data());
  const uint64_t m = (8u << 20) / 4 + 70001;
  cr_mrg32k3a_state s0;
  cr_mrg32k3a_init(jumps.data(), 0xabcdef, 9, 1ull << 50, &s0);
  std::vector<uint32_t> words(m), wantw(m);
  cr_mrg32k3a_state s = s0;
  for (auto& x : wantw) x = cr_mrg32k3a_next(&s);
  if (ok(cr_mrg32k3a_fill(0xabcdef, 9, 1ull << 50, cr_host(words.data(), m)), "cr_mrg32k3a_fill")) {
    same(words.data(), wantw.data(), m, "mrg32k3a words");
  }
  cr_status st;
  float* dev = static_cast<float*>(cr_device_alloc(m * 4, &st));
  std::vector<float> f(m), wantf(m);
  s = s0;
  for (auto& x : wantf) x = cr_mrg32k3a_uniform(cr_mrg32k3a_step(&s));
  if (ok(cr_mrg32k3a_fill(0xabcdef, 9, 1ull << 50, cr_array{dev, m, CR_TYPE_F32, 1}), "cr_mrg32k3a_fill to device") &&
      ok(cr_copy_to_host(f.data(), dev, m * 4), "copy back")) {
    same(f.data(), wantf.data(), m, "mrg32k3a uniforms, device output");
  }
  cr_device_free(dev);
  no_violations("qrng");
}

// The _device twins return before their work runs; a parameter they read from the caller's page-locked
// memory (a cudaMemcpyAsync from pinned memory runs later, with the stream) must have been read before
// they return, or a caller who reuses the buffer at once changes the result (review 2026-11-27). Here the
// fake runtime runs the copy at the synchronisation, i.e. after the caller's overwrite.
void device_twins_read_caller_memory_before_returning() {
  fake::begin_case();
  const uint32_t d = 2;
  const uint64_t n = 4 * 1000;  // d·1000 values
  const double a[5] = {1.0, -2.0, 1.5, 0.25, 0.75}, b[5] = {9.0, 9.0, 9.0, 9.0, 9.0};
  cr_status st;
  double* pinned = static_cast<double*>(cr_alloc_pinned(sizeof a, &st));
  double* dev = static_cast<double*>(cr_device_alloc(n * 8, &st));
  std::vector<double> want(n), got(n);
  if (!pinned || !dev || !ok(cr_mvn(K0, K1, 3, d, a, cr_host(want.data(), n)), "mvn reference")) return;
  memcpy(pinned, a, sizeof a);
  if (ok(cr_mvn_device(K0, K1, 3, d, pinned, dev, CR_TYPE_F64, n, nullptr), "cr_mvn_device from pinned lm")) {
    memcpy(pinned, b, sizeof b);  // the caller reuses its buffer as soon as the call returned
    if (ok(cr_copy_to_host(got.data(), dev, n * 8), "copy back")) same(got.data(), want.data(), n, "mvn _device twin read lm when called");
  }
  // per-element host rows (transforms), staged chunk by chunk: from page-locked memory too
  const int id = 0, np = cr_transform_params(id);
  double* rows = static_cast<double*>(cr_alloc_pinned(n * np * 8, &st));
  std::vector<double> rows_a(n * np), tw(n), tg(n);
  for (uint64_t i = 0; i < n * np; ++i) rows_a[i] = 0.5 + 0.001 * (double)(i % 97);
  if (rows && ok(cr_transform(K0, K1, 5, id, rows_a.data(), rows_a.size(), cr_host(tw.data(), n)), "rows reference")) {
    memcpy(rows, rows_a.data(), n * np * 8);
    if (ok(cr_transform_device(K0, K1, 5, id, rows, n * np, dev, CR_TYPE_F64, n, nullptr), "cr_transform_device from pinned rows")) {
      for (uint64_t i = 0; i < n * np; ++i) rows[i] = 3.0;
      if (ok(cr_copy_to_host(tg.data(), dev, n * 8), "copy back")) same(tg.data(), tw.data(), n, "transform _device twin read rows when called");
    }
    cr_free_pinned(rows);
  }
  cr_free_pinned(pinned);
  cr_device_free(dev);
}

int main() {
  // The copy pool is sized once per process: 16 threads, as on a GPU server (the defect of item 1
  // needs five or more).
  setenv("CUDA_RANDOM_COPY_THREADS", "16", 1);
  fake::reset();
  xorwow_first_call();  // must be first: the jump tables are uploaded once per process and device
  staging_and_direct();
  error_paths();
  register_adjacent();
  devices();
  caller_stream_order();
  alias_transfers();
  distributions();
  discrete();
  qrng();
  device_twins_read_caller_memory_before_returning();
  concurrent();
  CRT_CHECK(cr_rt::CopyPool::process().threads() == 16, "CUDA_RANDOM_COPY_THREADS=16 gave %d threads",
            cr_rt::CopyPool::process().threads());
  return crt::report("test_runtime");
}
