// The distribution part of gpu_selftest (included by gpu_selftest.cu, which provides CK, CRK, time_ms
// and wall_ms): every sampler kernel on the device against host references from the same headers
// (cr_normal.h, cr_gamma.h; test_distributions.cpp ties those to the TypeScript vectors), and the
// benchmarks of issue 6.
//
//   test_dist_device     stream variants into device memory: every op, dtype, method and `proposals`,
//                        scalar and per-element shapes (float32/float64 device arrays), sizes not multiples
//                        of 4, odd and 2^61-scale offsets, misaligned outputs, guard elements around them
//   test_dist_blocking   blocking API: pageable/pinned host outputs over several pipeline chunks, device
//                        outputs, host and device shapes, device arrays (alloc, copies, fills into them),
//                        the register transfer mode, invalid device shapes (CR_ERANGE), bad arguments
//   test_dist_threads    concurrent callers
//   bench_dist           fills vs copy bandwidth, the gamma proposals sweep across alpha, beta/Dirichlet,
//                        host outputs of 10^8 floats (staging, register) vs pinned D2H, small-call latency
#ifndef CR_GPU_DIST_H
#define CR_GPU_DIST_H

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "cr_api_device.h"
#include "cr_api_dist.h"
#include "cr_gamma.h"
#include "cr_normal.h"
#include "cr_transforms.h"

namespace gd {

enum Op { kBM, kPolar, kExpo, kGamma, kBeta, kDirichlet, kTransform };

/** One sampler configuration; `shapes` is the per-element pattern (gamma: shape of output i is
 *  shapes[i % size]) or the K Dirichlet shapes; shape_type the device element type of those shapes. */
struct Spec {
  std::string name;
  Op op;
  int type;  // output CR_TYPE_F32 / CR_TYPE_F64
  double p1 = 0, p2 = 1;  // mean/std, rate, alpha/scale, a/b
  std::vector<double> shapes;
  int shape_type = CR_TYPE_F64;
  int tf = 0;  // kTransform: the id in cr_transforms.h; p1, p2 its parameters
  bool wide() const { return type == CR_TYPE_F64; }
};

/** Shape i as the device reads it (rounded to float first for float32 shape arrays). */
inline double shape_value(const Spec& s, size_t i) {
  const double a = s.shapes[i % s.shapes.size()];
  return s.shape_type == CR_TYPE_F32 ? (double)(float)a : a;
}

/** Host reference of elements [first, first + n) into r (binary64; Dirichlet: flat values). */
inline void reference_into(const Spec& s, uint32_t k0, uint32_t k1, uint64_t first, uint64_t n, double* r) {
  switch (s.op) {
    case kBM:
    case kPolar:
      for (uint64_t i = 0; i < n; ++i) r[i] = cr_normal_element(k0, k1, first + i, s.op == kPolar, s.wide(), s.p1, s.p2);
      break;
    case kExpo:
      for (uint64_t i = 0; i < n; ++i) r[i] = cr_exponential_element(k0, k1, first + i, s.p1, s.wide());
      break;
    case kGamma:
      for (uint64_t i = 0; i < n; ++i) {
        const double a = s.shapes.empty() ? s.p1 : shape_value(s, i);
        r[i] = cr_gamma_element(k0, k1, first + i, a, s.p2, s.wide(), 1);
      }
      break;
    case kBeta:
      for (uint64_t i = 0; i < n; ++i) r[i] = cr_beta_element(k0, k1, first + i, s.p1, s.p2, s.wide(), 1);
      break;
    case kTransform: {
      const double p[2] = {s.p1, s.p2};
      for (uint64_t i = 0; i < n; ++i) r[i] = cr_transform_element(k0, k1, first + i, s.tf, p, s.wide());
      break;
    }
    case kDirichlet: {
      const uint32_t K = (uint32_t)s.shapes.size();
      std::vector<double> alpha(K), row(K);
      for (uint32_t k = 0; k < K; ++k) alpha[k] = shape_value(s, k);
      uint64_t cached = ~0ull;
      for (uint64_t i = 0; i < n; ++i) {
        const uint64_t f = first + i, rowi = f / K;
        if (rowi != cached) {
          cr_dirichlet_row(k0, k1, rowi * K, alpha.data(), (int)K, s.wide(), 1, row.data());
          cached = rowi;
        }
        r[i] = row[f % K];
      }
      break;
    }
  }
}

/** The reference of [first, first + n), computed on all host cores for large n (per-element shapes are
 *  indexed from the output's start, so slices pass their offset). */
inline std::vector<double> reference(const Spec& s, uint32_t k0, uint32_t k1, uint64_t first, uint64_t n) {
  std::vector<double> r(n);
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  if (n < 65536 || hw == 1) {
    reference_into(s, k0, k1, first, n, r.data());
    return r;
  }
  const uint64_t per = (n + hw - 1) / hw;
  std::vector<std::thread> ts;
  for (uint64_t start = 0; start < n; start += per) {
    const uint64_t m = std::min(per, n - start);
    ts.emplace_back([&, start, m] {
      Spec slice = s;
      if (s.op == kGamma && !s.shapes.empty()) {  // shapes[(start + i) % size] for slice element i
        slice.shapes.clear();
        for (size_t i = 0; i < s.shapes.size(); ++i) slice.shapes.push_back(s.shapes[(start + i) % s.shapes.size()]);
      }
      reference_into(slice, k0, k1, first + start, m, r.data() + start);
    });
  }
  for (auto& t : ts) t.join();
  return r;
}

/** The reference rounded to the output type, as bytes. */
inline std::vector<unsigned char> reference_bytes(const Spec& s, const std::vector<double>& ref) {
  const size_t elem = s.type == CR_TYPE_F64 ? 8 : 4;
  std::vector<unsigned char> b(ref.size() * elem + 1);
  for (size_t i = 0; i < ref.size(); ++i) {
    if (elem == 8) {
      memcpy(&b[i * 8], &ref[i], 8);
    } else {
      const float f = (float)ref[i];
      memcpy(&b[i * 4], &f, 4);
    }
  }
  return b;
}

/** Host copy of spec s's shapes (n per element, or K), as the device would read them. */
inline std::vector<unsigned char> host_shapes(const Spec& s, size_t n) {
  const size_t elem = s.shape_type == CR_TYPE_F32 ? 4 : 8;
  std::vector<unsigned char> h(n * elem + 8);
  if (s.shapes.empty()) return h;  // a scalar spec: an unused buffer (was i % 0: SIGFPE, GPU run 1)
  for (size_t i = 0; i < n; ++i) {
    const double a = s.shapes[i % s.shapes.size()];
    if (elem == 4) {
      const float f = (float)a;
      memcpy(&h[i * 4], &f, 4);
    } else {
      memcpy(&h[i * 8], &a, 8);
    }
  }
  return h;
}

/** Device copy of n shapes of spec s (per element), or its K shapes (Dirichlet). */
struct DevShapes {
  void* p = nullptr;
  DevShapes(const Spec& s, size_t n) {
    const std::vector<unsigned char> h = host_shapes(s, n);
    CK(cudaMalloc(&p, h.size()));
    CK(cudaMemcpy(p, h.data(), h.size(), cudaMemcpyHostToDevice));
  }
  ~DevShapes() { cudaFree(p); }
};

/** Enqueues spec s with `proposals` into device memory dst (n elements) on the legacy stream. */
inline cr_status run_device(const Spec& s, uint32_t k0, uint32_t k1, uint64_t first, int proposals,
                            const void* dev_shapes, void* dst, uint64_t n) {
  const double p[2] = {s.p1, s.p2};
  switch (s.op) {
    case kTransform: return cr_transform_device(k0, k1, first, s.tf, p, cr_transform_params(s.tf), dst, s.type, n, nullptr);
    case kBM:
    case kPolar: return cr_normal_device(k0, k1, first, s.op == kPolar, s.p1, s.p2, dst, s.type, n, nullptr);
    case kExpo: return cr_exponential_device(k0, k1, first, s.p1, dst, s.type, n, nullptr);
    case kGamma:
      return cr_gamma_device(k0, k1, first, s.p1, s.shapes.empty() ? nullptr : dev_shapes, s.shape_type, s.p2, proposals,
                             dst, s.type, n, nullptr);
    case kBeta: return cr_beta_device(k0, k1, first, s.p1, s.p2, proposals, dst, s.type, n, nullptr);
    default:
      return cr_dirichlet_device(k0, k1, first, dev_shapes, s.shape_type, (uint32_t)s.shapes.size(), proposals, dst,
                                 s.type, n, nullptr);
  }
}

inline bool uses_proposals(const Spec& s) { return s.op == kGamma || s.op == kBeta || s.op == kDirichlet; }

inline std::vector<Spec> specs() {
  std::vector<Spec> v;
  for (int type : {CR_TYPE_F32, CR_TYPE_F64}) {
    const char* t = type == CR_TYPE_F32 ? "float32" : "float64";
    v.push_back({std::string("normal box-muller ") + t, kBM, type, -2.5, 3.75, {}, CR_TYPE_F64});
    v.push_back({std::string("normal polar ") + t, kPolar, type, 0, 1, {}, CR_TYPE_F64});
    v.push_back({std::string("exponential ") + t, kExpo, type, 1.5, 1, {}, CR_TYPE_F64});
    v.push_back({std::string("lognormal(0.5, 0.75) ") + t, kTransform, type, 0.5, 0.75, {}, CR_TYPE_F64, 0});
    v.push_back({std::string("weibull(1.5, 2) ") + t, kTransform, type, 1.5, 2.0, {}, CR_TYPE_F64, 1});
    v.push_back({std::string("cauchy(1, 2) ") + t, kTransform, type, 1.0, 2.0, {}, CR_TYPE_F64, 2});
    v.push_back({std::string("laplace(-1, 0.5) ") + t, kTransform, type, -1.0, 0.5, {}, CR_TYPE_F64, 3});
    v.push_back({std::string("logistic(2, 3) ") + t, kTransform, type, 2.0, 3.0, {}, CR_TYPE_F64, 4});
    v.push_back({std::string("gumbel(0, 1.5) ") + t, kTransform, type, 0.0, 1.5, {}, CR_TYPE_F64, 5});
    v.push_back({std::string("pareto(2.5, 1) ") + t, kTransform, type, 2.5, 1.0, {}, CR_TYPE_F64, 6});
    v.push_back({std::string("rayleigh(2) ") + t, kTransform, type, 2.0, 0.0, {}, CR_TYPE_F64, 7});
    v.push_back({std::string("power(0.5) ") + t, kTransform, type, 0.5, 0.0, {}, CR_TYPE_F64, 10});
    for (double a : {0.05, 1.0, 7.5}) {
      v.push_back({std::string("gamma alpha=") + std::to_string(a) + " " + t, kGamma, type, a, 2.0, {}, CR_TYPE_F64});
    }
    v.push_back({std::string("gamma per-element float32 shapes ") + t, kGamma, type, 0, 0.5,
                 {0.01, 0.7, 1.0, 4.5, 1e3, 0.3, 2.0}, CR_TYPE_F32});
    v.push_back({std::string("gamma per-element float64 shapes ") + t, kGamma, type, 0, 1.0,
                 {0.2, 3.0, 0.05, 1.0, 40.0}, CR_TYPE_F64});
    v.push_back({std::string("beta(0.5, 4) ") + t, kBeta, type, 0.5, 4, {}, CR_TYPE_F64});
    v.push_back({std::string("beta(0.2, 0.3) ") + t, kBeta, type, 0.2, 0.3, {}, CR_TYPE_F64});
    v.push_back({std::string("dirichlet [0.3, 0.5, 0.2] ") + t, kDirichlet, type, 0, 0, {0.3, 0.5, 0.2}, CR_TYPE_F64});
    v.push_back({std::string("dirichlet K=5 float32 shapes ") + t, kDirichlet, type, 0, 0, {1.5, 0.2, 7, 0.9, 2},
                 CR_TYPE_F32});
  }
  return v;
}

// ---- correctness ------------------------------------------------------------------------------------

inline void test_dist_device(bool quick) {
  std::vector<uint64_t> sizes = {0, 1, 2, 3, 5, 7, 9, 33, 1000, 4097};
  if (!quick) sizes.push_back((1u << 20) + 3);
  const uint64_t offsets[] = {0, 1, 3, (1ull << 33) + 1, (1ull << 59) + 5};
  const int proposals_all[] = {1, 2, 3, 4, 8, 16, 32, 1024, CR_PROPOSALS_DEFAULT};
  const uint32_t k0 = 0x89abcdefu, k1 = 0x01234567u;
  int runs = 0;
  for (const Spec& s : specs()) {
    const size_t elem = s.type == CR_TYPE_F64 ? 8 : 4;
    for (uint64_t n : sizes) {
      for (uint64_t off : offsets) {
        if (n > 100000 && off != 3) continue;  // the big size once: host references are slow
        if (quick && (off > 3 || n > 1000)) continue;  // compute-sanitizer runs: small and few
        const uint64_t first = s.op == kDirichlet ? off * s.shapes.size() + (off & 1) : off;  // rows cut mid-row
        const std::vector<unsigned char> want = reference_bytes(s, reference(s, k0, k1, first, n));
        DevShapes shapes(s, s.op == kDirichlet ? s.shapes.size() : (s.shapes.empty() ? 1 : n + 1));
        for (int proposals : proposals_all) {
          if (!uses_proposals(s) && proposals != CR_PROPOSALS_DEFAULT) continue;
          if (quick && proposals != 1 && proposals != 4 && proposals != CR_PROPOSALS_DEFAULT) continue;
          for (int shift = 0; shift < (n < 100000 ? 4 : 1); ++shift) {
            if (uses_proposals(s) && shift && proposals != 4) continue;  // alignment paths: once per op
            const size_t guard = 4, total = (n + 2 * guard + 4) * elem;
            void* buf = nullptr;
            CK(cudaMalloc(&buf, total));
            CK(cudaMemset(buf, 0xAB, total));
            char* dst = (char*)buf + (guard + shift) * elem;
            CRK(run_device(s, k0, k1, first, proposals, shapes.p, dst, n));
            CK(cudaDeviceSynchronize());
            std::vector<unsigned char> got(total);
            CK(cudaMemcpy(got.data(), buf, total, cudaMemcpyDeviceToHost));
            CK(cudaFree(buf));
            const unsigned char* g = got.data() + (guard + shift) * elem;
            CRT_CHECK(memcmp(g, want.data(), n * elem) == 0, "%s proposals=%d n=%llu first=%llu shift=%d",
                      s.name.c_str(), proposals, (unsigned long long)n, (unsigned long long)first, shift);
            bool guards = true;
            for (size_t i = 0; i < (guard + shift) * elem; ++i) guards &= got[i] == 0xAB;
            for (size_t i = (guard + shift) * elem + n * elem; i < total; ++i) guards &= got[i] == 0xAB;
            CRT_CHECK(guards, "%s wrote outside its range: proposals=%d n=%llu shift=%d", s.name.c_str(), proposals,
                      (unsigned long long)n, shift);
            ++runs;
          }
        }
      }
    }
  }
  printf("dist device fills: %d runs\n", runs);
}

/** Blocking call of spec s into out (host or device); shapes from host or device memory. */
inline cr_status run_blocking(const Spec& s, uint32_t k0, uint32_t k1, uint64_t first, int proposals,
                              cr_array shapes, cr_array out) {
  const double p[2] = {s.p1, s.p2};
  switch (s.op) {
    case kTransform: return cr_transform(k0, k1, first, s.tf, p, cr_transform_params(s.tf), out);
    case kBM:
    case kPolar: return cr_normal(k0, k1, first, s.op == kPolar, s.p1, s.p2, out);
    case kExpo: return cr_exponential(k0, k1, first, s.p1, out);
    case kGamma: return cr_gamma(k0, k1, first, s.p1, s.shapes.empty() ? nullptr : &shapes, s.p2, proposals, out);
    case kBeta: return cr_beta(k0, k1, first, s.p1, s.p2, proposals, out);
    default: return cr_dirichlet(k0, k1, first, shapes, proposals, out);
  }
}

inline void test_dist_blocking(bool quick) {
  // 8 MiB pipeline chunks: 2^21 floats / 2^20 doubles; sizes cross chunk (and Dirichlet row) boundaries
  const uint64_t big = quick ? (1u << 21) + 5 : (2u << 21) + 3;
  const uint32_t k0 = 7, k1 = 0xffffffffu;
  int runs = 0;
  for (const Spec& s : specs()) {
    if (s.name.find("alpha=1.0") != std::string::npos) continue;
    const size_t elem = s.type == CR_TYPE_F64 ? 8 : 4;
    // compute-sanitizer (--quick): the multi-chunk size for three representative ops only
    const bool representative = (s.op == kBM && s.type == CR_TYPE_F32) ||
                                (s.op == kGamma && !s.shapes.empty() && s.shape_type == CR_TYPE_F64 && s.type == CR_TYPE_F32) ||
                                (s.op == kDirichlet && s.shapes.size() == 3 && s.type == CR_TYPE_F32);
    for (uint64_t n : std::vector<uint64_t>{1, 4099, big}) {
      if (quick && n == big && !representative) continue;
      const uint64_t first = (1ull << 32) + 3;
      const std::vector<unsigned char> want = reference_bytes(s, reference(s, k0, k1, first, n));
      const size_t shape_n = s.op == kDirichlet ? s.shapes.size() : (s.shapes.empty() ? 1 : n);
      std::vector<unsigned char> hs = s.shapes.empty() ? std::vector<unsigned char>(8) : host_shapes(s, shape_n);
      DevShapes ds(s.shapes.empty() ? Spec{"", kGamma, CR_TYPE_F64, 0, 1, {1.0}, CR_TYPE_F64} : s, shape_n);
      for (int where = 0; where < 4; ++where) {  // 0 pageable, 1 pinned, 2 device, 3 pageable + register mode
        if ((n == 1 || quick) && where == 3) continue;
        for (int dev_shapes = 0; dev_shapes < (s.shapes.empty() ? 1 : 2); ++dev_shapes) {
          cr_array shapes{dev_shapes ? ds.p : hs.data(), shape_n, s.shape_type, dev_shapes};
          std::vector<unsigned char> page;
          void* data = nullptr;
          if (where == 1) {
            cr_status st;
            data = cr_alloc_pinned(n * elem, &st);
            CRT_CHECK(data != nullptr, "cr_alloc_pinned: %s", st.message);
          } else if (where == 2) {
            CK(cudaMalloc(&data, n * elem));
          } else {
            page.resize(n * elem);
            data = page.data();
          }
          if (where == 3) cr_set_transfer_mode(CR_TRANSFER_REGISTER);
          const int proposals = uses_proposals(s) && n != big ? 8 : CR_PROPOSALS_DEFAULT;
          cr_status st = run_blocking(s, k0, k1, first, proposals, shapes, cr_array{data, n, s.type, where == 2});
          cr_set_transfer_mode(CR_TRANSFER_STAGING);
          CRT_CHECK(st.code == 0, "%s blocking where=%d: %s", s.name.c_str(), where, st.message);
          std::vector<unsigned char> got(n * elem);
          if (where == 2) {
            CK(cudaMemcpy(got.data(), data, n * elem, cudaMemcpyDeviceToHost));
            CK(cudaFree(data));
          } else {
            memcpy(got.data(), data, n * elem);
            if (where == 1) cr_free_pinned(data);
          }
          CRT_CHECK(memcmp(got.data(), want.data(), n * elem) == 0, "%s blocking n=%llu where=%d device shapes=%d",
                    s.name.c_str(), (unsigned long long)n, where, dev_shapes);
          ++runs;
        }
      }
    }
  }
  printf("dist blocking calls: %d runs\n", runs);

  // device arrays: allocation, copies both ways (pageable over several chunks, pinned), fills into them
  {
    const uint64_t n = (3u << 20) + 7;
    cr_status st;
    void* d = cr_device_alloc(n * 4, &st);
    CRT_CHECK(d != nullptr, "cr_device_alloc: %s", st.message);
    std::vector<uint32_t> src(n), back(n), want(n);
    for (uint64_t i = 0; i < n; ++i) src[i] = (uint32_t)(i * 2654435761u);
    CRK(cr_copy_to_device(d, src.data(), n * 4));
    CRK(cr_copy_to_host(back.data(), d, n * 4));
    CRT_CHECK(back == src, "device array round trip (pageable)");
    uint32_t* pin = (uint32_t*)cr_alloc_pinned(n * 4, &st);
    CRK(cr_copy_to_host(pin, d, n * 4));
    CRT_CHECK(memcmp(pin, src.data(), n * 4) == 0, "device array to pinned host");
    cr_free_pinned(pin);
    CRK(cr_bits(3, 4, 5, cr_on_device((uint32_t*)d, n)));
    CRK(cr_copy_to_host(back.data(), d, n * 4));
    cr_raw_stream_host(3, 4, 5, want.data(), n);
    CRT_CHECK(back == want, "cr_bits into device memory");
    CRK(cr_uniform(3, 4, 5, -1, 2, cr_on_device((float*)d, n)));
    CRK(cr_copy_to_host(back.data(), d, n * 4));
    bool ok = true;
    for (uint64_t i = 0; i < n && ok; ++i) {
      const float f = cr_uniform_f32(want[i], false, -1, 3);
      ok = memcmp(&back[i], &f, 4) == 0;
    }
    CRT_CHECK(ok, "cr_uniform float32 into device memory");
    CRK(cr_uniform(3, 4, 5, 0, 1, cr_on_device((double*)d, n / 2)));
    std::vector<double> u(n / 2);
    CRK(cr_copy_to_host(u.data(), d, (n / 2) * 8));
    std::vector<uint32_t> w2(n + 1);
    cr_raw_stream_host(3, 4, 10, w2.data(), n);
    ok = true;
    for (uint64_t i = 0; i < n / 2 && ok; ++i) ok = u[i] == cr_uniform_f64(w2[2 * i], w2[2 * i + 1], true, 0, 1);
    CRT_CHECK(ok, "cr_uniform float64 into device memory");
    cr_device_free(d);
    CRT_CHECK(cr_device_alloc(0, &st) == nullptr && st.code == 0, "zero-byte device array");
    CRT_CHECK(cr_device_alloc((size_t)1 << 50, &st) == nullptr && st.code != 0, "petabyte device array must fail");
  }

  // invalid device-resident shapes are reported (CR_ERANGE, naming the first bad index); bad arguments (EINVAL)
  {
    const uint64_t n = 100003;
    std::vector<double> a(n, 2.0);
    a[70001] = -1.0;
    a[90000] = 0.0;
    void* d = nullptr;
    CK(cudaMalloc(&d, n * 8));
    CK(cudaMemcpy(d, a.data(), n * 8, cudaMemcpyHostToDevice));
    std::vector<float> out(n);
    cr_array shapes{d, n, CR_TYPE_F64, 1};
    cr_status st = cr_gamma(1, 2, 0, 0, &shapes, 1, 4, cr_array{out.data(), n, CR_TYPE_F32, 0});
    CRT_CHECK(st.code == CR_ERANGE && strstr(st.message, "alpha[70001]") && strstr(st.message, "-1"),
              "invalid device shape: code %d, %s", st.code, st.message);
    const double nan = std::nan("");
    const double k3[3] = {1.0, nan, 0.5};
    CK(cudaMemcpy(d, k3, 24, cudaMemcpyHostToDevice));
    std::vector<double> out3(30);
    st = cr_dirichlet(1, 2, 0, cr_array{d, 3, CR_TYPE_F64, 1}, -1, cr_array{out3.data(), 30, CR_TYPE_F64, 0});
    CRT_CHECK(st.code == CR_ERANGE && strstr(st.message, "alpha[1]"), "invalid Dirichlet shape: %s", st.message);
    const double big3[3] = {1.0, 2.0, 1e301};
    CK(cudaMemcpy(d, big3, 24, cudaMemcpyHostToDevice));
    st = cr_dirichlet(1, 2, 0, cr_array{d, 3, CR_TYPE_F64, 1}, -1, cr_array{out3.data(), 30, CR_TYPE_F64, 0});
    CRT_CHECK(st.code == CR_ERANGE && strstr(st.message, "alpha[2]"), "Dirichlet shape above 1e300: %s", st.message);
    CK(cudaFree(d));
    for (int bad_p : {0, -2, 1025}) {
      st = cr_gamma(1, 2, 0, 1.0, nullptr, 1, bad_p, cr_array{out.data(), 10, CR_TYPE_F32, 0});
      CRT_CHECK(st.code == CR_EINVAL, "proposals %d must be EINVAL: %d", bad_p, st.code);
    }
    st = cr_transform(1, 2, 0, 99, nullptr, 0, cr_array{out.data(), 10, CR_TYPE_F32, 0});
    CRT_CHECK(st.code == CR_EINVAL, "unknown transform must be EINVAL: %d", st.code);
    st = cr_normal(1, 2, 0, 0, 0, 1, cr_array{out.data(), 10, CR_TYPE_U32, 0});
    CRT_CHECK(st.code == CR_EINVAL, "uint32 normal output must be EINVAL: %d", st.code);
    st = cr_normal(1, 2, 0, 0, 0, 1, cr_array{nullptr, 10, CR_TYPE_F32, 0});
    CRT_CHECK(st.code == CR_EINVAL, "null output must be EINVAL: %d", st.code);
    // the device is still usable
    std::vector<double> z(9);
    CRK(cr_normal(1, 2, 3, 1, 0, 1, cr_array{z.data(), 9, CR_TYPE_F64, 0}));
    CRT_CHECK(z[4] == cr_normal_f64(1, 2, 7, true, 0, 1), "usable after errors");
  }
}

inline void test_dist_threads(bool quick) {
  const int threads = 8;
  const uint64_t n = quick ? 50003 : (1u << 20) + 9;
  const std::vector<Spec> all = specs();
  std::vector<std::vector<unsigned char>> outs(threads);
  std::vector<cr_status> st(threads);
  std::vector<std::thread> ts;
  std::vector<const Spec*> picked;
  for (int t = 0; t < threads; ++t) picked.push_back(&all[(size_t)(t * 5) % all.size()]);
  std::vector<std::vector<unsigned char>> hshapes(threads);
  for (int t = 0; t < threads; ++t) {
    const Spec& s = *picked[t];
    outs[t].resize(n * (s.type == CR_TYPE_F64 ? 8 : 4));
    hshapes[t] = s.shapes.empty() ? std::vector<unsigned char>(8)
                                  : host_shapes(s, s.op == kDirichlet ? s.shapes.size() : n);
  }
  for (int t = 0; t < threads; ++t) {
    ts.emplace_back([&, t] {
      const Spec& s = *picked[t];
      cr_array shapes{hshapes[t].data(), s.op == kDirichlet ? s.shapes.size() : n, s.shape_type, 0};
      st[t] = run_blocking(s, t, 3 * t, 17 * t, t % 2 ? 2 : 1, shapes,
                           cr_array{outs[t].data(), n, s.type, 0});
    });
  }
  for (auto& t : ts) t.join();
  for (int t = 0; t < threads; ++t) {
    const Spec& s = *picked[t];
    CRT_CHECK(st[t].code == 0, "concurrent %s: %s", s.name.c_str(), st[t].message);
    const auto want = reference_bytes(s, reference(s, t, 3 * t, 17 * t, n));
    CRT_CHECK(memcmp(outs[t].data(), want.data(), outs[t].size()) == 0, "concurrent %s differs", s.name.c_str());
  }
}

// ---- benchmarks -------------------------------------------------------------------------------------

/** Appends "key":value to the BENCH_JSON object text. */
inline void json_add(std::string& j, const std::string& k, double v) {
  char buf[160];
  snprintf(buf, sizeof buf, "%s\"%s\":%.4f", j.size() > 1 ? "," : "", k.c_str(), v);
  j += buf;
}

inline void bench_dist(std::string& j) {
  const double gb = 1e9;
  const size_t bytes = (size_t)1 << 30;
  void* dst = nullptr;
  CK(cudaMalloc(&dst, bytes));
  // fills writing 1 GiB: bandwidth of the bytes written
  struct Fill {
    const char* key;
    Spec spec;
  };
  const Fill fills[] = {
      {"normal_bm_f32", {"", kBM, CR_TYPE_F32, 0, 1, {}, CR_TYPE_F64}},
      {"normal_bm_f64", {"", kBM, CR_TYPE_F64, 0, 1, {}, CR_TYPE_F64}},
      {"normal_polar_f32", {"", kPolar, CR_TYPE_F32, 0, 1, {}, CR_TYPE_F64}},
      {"normal_polar_f64", {"", kPolar, CR_TYPE_F64, 0, 1, {}, CR_TYPE_F64}},
      {"exponential_f32", {"", kExpo, CR_TYPE_F32, 1, 1, {}, CR_TYPE_F64}},
      {"exponential_f64", {"", kExpo, CR_TYPE_F64, 1, 1, {}, CR_TYPE_F64}},
      {"lognormal_f32", {"", kTransform, CR_TYPE_F32, 0, 1, {}, CR_TYPE_F64, 0}},
      {"lognormal_f64", {"", kTransform, CR_TYPE_F64, 0, 1, {}, CR_TYPE_F64, 0}},
      {"weibull_f32", {"", kTransform, CR_TYPE_F32, 1.5, 1, {}, CR_TYPE_F64, 1}},
      {"weibull_f64", {"", kTransform, CR_TYPE_F64, 1.5, 1, {}, CR_TYPE_F64, 1}},
  };
  for (const Fill& f : fills) {
    const size_t elem = f.spec.type == CR_TYPE_F64 ? 8 : 4;
    const uint64_t n = bytes / elem;
    const double ms = time_ms([&] { CRK(run_device(f.spec, 1, 2, 0, -1, nullptr, dst, n)); }, 5);
    json_add(j, std::string("fill_") + f.key + "_GBps", bytes / (ms / 1e3) / gb);
    json_add(j, std::string("fill_") + f.key + "_Gelems", n / (ms / 1e3) / 1e9);
  }

  // the proposals sweep: elements per second for each alpha, dtype and `proposals` (1 = one thread per
  // element; p >= 2: p lanes per element, the M-proposal reduction)
  const double alphas[] = {0.05, 0.1, 0.3, 1, 2, 5, 20, 100};
  const int proposals_all[] = {1, 2, 4, 8, 16, 32};
  const uint64_t gn = 1u << 24;
  printf("gamma proposals sweep (G elements/s, n = 2^24, device output)\n%-8s %-6s", "dtype", "alpha");
  for (int l : proposals_all) printf(" %8s", ("p=" + std::to_string(l)).c_str());
  printf("\n");
  for (int type : {CR_TYPE_F32, CR_TYPE_F64}) {
    for (double a : alphas) {
      printf("%-8s %-6g", type == CR_TYPE_F32 ? "float32" : "float64", a);
      for (int l : proposals_all) {
        const Spec s{"", kGamma, type, a, 1.0, {}, CR_TYPE_F64};
        const double ms = time_ms([&] { CRK(run_device(s, 1, 2, 0, l, nullptr, dst, gn)); }, 3);
        const double g = gn / (ms / 1e3) / 1e9;
        printf(" %8.3f", g);
        char k[96];
        snprintf(k, sizeof k, "gamma_%s_a%g_p%d_Gelems", type == CR_TYPE_F32 ? "f32" : "f64", a, l);
        json_add(j, k, g);
      }
      printf("\n");
    }
  }
  json_add(j, "gamma_default_proposals", CR_GAMMA_DEFAULT_PROPOSALS);

  // beta and Dirichlet (default proposals), device output
  {
    const Spec b{"", kBeta, CR_TYPE_F32, 2, 3, {}, CR_TYPE_F64};
    double ms = time_ms([&] { CRK(run_device(b, 1, 2, 0, -1, nullptr, dst, gn)); }, 3);
    json_add(j, "beta_f32_a2_b3_Gelems", gn / (ms / 1e3) / 1e9);
    for (uint32_t K : {3u, 10u, 100u, 1000u}) {
      for (double a : {0.5, 2.0}) {
        const Spec d{"", kDirichlet, CR_TYPE_F32, 0, 0, std::vector<double>(K, a), CR_TYPE_F64};
        DevShapes ds(d, K);
        const uint64_t values = (gn / K) * K;
        ms = time_ms([&] { CRK(run_device(d, 1, 2, 0, -1, ds.p, dst, values)); }, 3);
        char k[96];
        snprintf(k, sizeof k, "dirichlet_f32_K%u_a%g_Gvalues", K, a);
        json_add(j, k, values / (ms / 1e3) / 1e9);
      }
    }
  }

  // host outputs of 10^8 floats (an ordinary, freshly allocated array each time, as new Float32Array
  // gives): staging pipeline and register mode, vs the pinned D2H ceiling of the same size
  {
    const uint64_t n = 100000000;
    const size_t hb = n * 4;
    void* pinned = nullptr;
    CK(cudaHostAlloc(&pinned, hb, cudaHostAllocDefault));
    double ms = time_ms([&] { CK(cudaMemcpyAsync(pinned, dst, hb, cudaMemcpyDeviceToHost)); }, 5);
    json_add(j, "d2h_pinned_1e8f_GBps", hb / (ms / 1e3) / gb);
    ms = wall_ms([&] { CRK(cr_normal(1, 2, 0, 0, 0, 1, cr_array{pinned, n, CR_TYPE_F32, 0})); }, 3);
    json_add(j, "host_normal_1e8f_pinned_GBps", hb / (ms / 1e3) / gb);
    CK(cudaFreeHost(pinned));
    for (int mode : {CR_TRANSFER_STAGING, CR_TRANSFER_REGISTER}) {
      cr_set_transfer_mode(mode);
      const char* m = mode == CR_TRANSFER_STAGING ? "staging" : "register";
      for (int fresh = 0; fresh < 2; ++fresh) {
        void* reuse = fresh ? nullptr : malloc(hb);
        if (reuse) memset(reuse, 1, hb);
        ms = wall_ms([&] {
          void* out = fresh ? malloc(hb) : reuse;
          CRK(cr_normal(1, 2, 0, 0, 0, 1, cr_array{out, n, CR_TYPE_F32, 0}));
          if (fresh) free(out);
        }, 3);
        json_add(j, std::string("host_normal_1e8f_") + m + (fresh ? "_fresh" : "_touched") + "_GBps", hb / (ms / 1e3) / gb);
        if (reuse) free(reuse);
      }
      void* out = malloc(hb);
      memset(out, 1, hb);
      ms = wall_ms([&] { CRK(cr_copy_to_host(out, dst, hb)); }, 3);
      json_add(j, std::string("device_to_host_1e8f_") + m + "_GBps", hb / (ms / 1e3) / gb);
      free(out);
    }
    cr_set_transfer_mode(CR_TRANSFER_STAGING);
  }

  // small calls: fixed cost of a blocking host-output call
  {
    std::vector<double> small(1000);
    double ms = wall_ms([&] { CRK(cr_normal(1, 2, 0, 0, 0, 1, cr_array{small.data(), 1000, CR_TYPE_F64, 0})); }, 200);
    json_add(j, "host_normal_1000_us", ms * 1e3);
    ms = wall_ms([&] { CRK(cr_gamma(1, 2, 0, 2.0, nullptr, 1, -1, cr_array{small.data(), 1000, CR_TYPE_F64, 0})); }, 200);
    json_add(j, "host_gamma_1000_us", ms * 1e3);
    void* d = nullptr;
    CK(cudaMalloc(&d, 8000));
    ms = wall_ms([&] { CRK(cr_normal(1, 2, 0, 0, 0, 1, cr_array{d, 1000, CR_TYPE_F64, 1})); }, 200);
    json_add(j, "device_normal_1000_us", ms * 1e3);
    CK(cudaFree(d));
  }
  CK(cudaFree(dst));
}

}  // namespace gd

#endif  // CR_GPU_DIST_H
