// The Sobol and MRG32k3a part of gpu_selftest (included by gpu_selftest.cu, which provides CK, CRK and
// time_ms): the kernels of qrng_kernels.cu on the device against host references from the same headers
// (cr_sobol.h, cr_mrg32k3a.h; test_sobol.cpp and test_mrg32k3a.cpp tie those to the TypeScript vectors).
//
//   test_qrng    _device twins into device memory with guard elements, from odd first elements, every
//                output type, both layouts, 32/64 bits, uniform and normal, every randomisation; the
//                blocking calls into pageable host memory past a staging chunk
//   bench_qrng   device fills of 2^28 elements: Sobol32 words, Sobol64 doubles (normal), MRG32k3a words
//                and doubles, beside the Philox bits fill of the same size
#ifndef CR_GPU_QRNG_H
#define CR_GPU_QRNG_H

#include <string>
#include <vector>

#include "cr_api_qrng.h"
#include "cr_mrg32k3a.h"
#include "cr_sobol.h"

namespace gq {

inline int type_of(const uint32_t*) { return CR_TYPE_U32; }
inline int type_of(const float*) { return CR_TYPE_F32; }
inline int type_of(const double*) { return CR_TYPE_F64; }

/** Direction vectors of dims dimensions: van der Corput, then (s, a, m) entries of Joe–Kuo's first lines. */
struct Dirs {
  std::vector<uint32_t> v32, pairs;
  std::vector<uint64_t> v64;
};
inline Dirs dirs(uint32_t dims) {
  static const int s[] = {0, 1, 2, 3, 3, 4, 4};
  static const uint32_t a[] = {0, 0, 1, 1, 2, 1, 4};
  static const uint32_t m[][4] = {{0}, {1}, {1, 3}, {1, 3, 1}, {1, 1, 1}, {1, 1, 3, 3}, {1, 3, 5, 13}};
  Dirs d{std::vector<uint32_t>(32 * dims), std::vector<uint32_t>(128 * dims), std::vector<uint64_t>(64 * dims)};
  for (uint32_t i = 0; i < dims; ++i) {
    const int j = (int)(i % 7);
    cr_sobol32_directions(s[j], a[j], m[j], &d.v32[32 * i]);
    cr_sobol64_directions(s[j], a[j], m[j], &d.v64[64 * i]);
  }
  for (size_t k = 0; k < d.v64.size(); ++k) {
    d.pairs[2 * k] = (uint32_t)(d.v64[k] >> 32);
    d.pairs[2 * k + 1] = (uint32_t)d.v64[k];
  }
  return d;
}

template <class T>
void check_sobol(const Dirs& D, cr_sobol_spec sp, uint64_t first, uint64_t n, uint32_t k0, uint32_t k1, const char* what) {
  const int type = type_of((const T*)nullptr);
  sp.dirs = sp.bits == 32 ? D.v32.data() : D.pairs.data();
  // host reference: the randomisation, then each element's item and map
  std::vector<uint32_t> d32(D.v32), c32(sp.dims, 0);
  std::vector<uint64_t> d64(D.v64), c64(sp.dims, 0);
  for (uint32_t d = 0; sp.scramble && d < sp.dims; ++d) {
    const bool lms = sp.scramble == CR_SOBOL_SCRAMBLE_LMS;
    cr_sobol32_randomise(k0, k1, d, lms, &D.v32[32 * d], &d32[32 * d], &c32[d]);
    cr_sobol64_randomise(k0, k1, d, lms, &D.v64[64 * d], &d64[64 * d], &c64[d]);
  }
  std::vector<T> want(n + 2, (T)7), got(n + 2);
  for (uint64_t j = 0; j < n; ++j) {
    if (sp.bits == 32) {
      cr_sobol32_to(cr_sobol32_item(first + j, sp.points, sp.dims, sp.points_layout, d32.data(), c32.data(), (uint32_t)sp.offset),
                    sp.normal, &want[1 + j]);
    } else {
      cr_sobol64_to(cr_sobol64_item(first + j, sp.points, sp.dims, sp.points_layout, d64.data(), c64.data(), sp.offset),
                    sp.normal, &want[1 + j]);
    }
  }
  T* dev = nullptr;
  CK(cudaMalloc(&dev, (n + 2) * sizeof(T)));
  CK(cudaMemcpy(dev, std::vector<T>(n + 2, (T)7).data(), (n + 2) * sizeof(T), cudaMemcpyHostToDevice));
  CRK(cr_sobol_device(k0, k1, first, &sp, dev + 1, type, n, nullptr));
  CK(cudaMemcpy(got.data(), dev, (n + 2) * sizeof(T), cudaMemcpyDeviceToHost));
  CK(cudaFree(dev));
  CRT_CHECK(memcmp(got.data(), want.data(), (n + 2) * sizeof(T)) == 0, "sobol %s (device, guards)", what);
  std::vector<T> host(n);
  CRK(cr_sobol(k0, k1, first, &sp, cr_array{host.data(), n, type, 0}));
  CRT_CHECK(memcmp(host.data(), want.data() + 1, n * sizeof(T)) == 0, "sobol %s (blocking, host)", what);
}

template <class T>
void check_mrg(uint64_t seed, uint64_t sub, uint64_t offset, uint64_t n, const char* what) {
  const int type = type_of((const T*)nullptr);
  std::vector<cr_mrg32k3a_jump> jumps(CR_MRG32K3A_JUMPS);
  cr_mrg32k3a_make_jumps(jumps.data());
  cr_mrg32k3a_state s;
  cr_mrg32k3a_init(jumps.data(), seed, sub, offset, &s);
  std::vector<T> want(n + 2, (T)7), got(n + 2), host(n);
  for (uint64_t j = 0; j < n; ++j) cr_mrg32k3a_to(cr_mrg32k3a_step(&s), &want[1 + j]);
  T* dev = nullptr;
  CK(cudaMalloc(&dev, (n + 2) * sizeof(T)));
  CK(cudaMemcpy(dev, std::vector<T>(n + 2, (T)7).data(), (n + 2) * sizeof(T), cudaMemcpyHostToDevice));
  CRK(cr_mrg32k3a_fill_device(seed, sub, offset, dev + 1, type, n, nullptr));
  CK(cudaMemcpy(got.data(), dev, (n + 2) * sizeof(T), cudaMemcpyDeviceToHost));
  CK(cudaFree(dev));
  CRT_CHECK(memcmp(got.data(), want.data(), (n + 2) * sizeof(T)) == 0, "mrg32k3a %s (device, guards)", what);
  CRK(cr_mrg32k3a_fill(seed, sub, offset, cr_array{host.data(), n, type, 0}));
  CRT_CHECK(memcmp(host.data(), want.data() + 1, n * sizeof(T)) == 0, "mrg32k3a %s (blocking, host)", what);
}

inline void test_qrng(bool quick) {
  const uint64_t big = quick ? 4099 : (3u << 20) + 7;  // past a staging chunk of words
  const Dirs D = dirs(7);
  for (int scramble : {CR_SOBOL_SCRAMBLE_NONE, CR_SOBOL_SCRAMBLE_LMS, CR_SOBOL_SCRAMBLE_SHIFT}) {
    for (int layout : {1, 0}) {
      const uint64_t points = big / 7 + 1;
      check_sobol<uint32_t>(D, {points, 7, layout, 32, 0, scramble, 12345, nullptr}, 3, points * 7 - 5, 1, 2, "words");
      check_sobol<float>(D, {points, 7, layout, 32, 0, scramble, 0xFFFFFFFFull - points, nullptr}, 0, points * 7, 3, 4, "float32 at the end");
      check_sobol<double>(D, {points, 7, layout, 64, 0, scramble, (1ull << 63) + 5, nullptr}, 1, points * 7 - 1, 5, 6, "float64");
      check_sobol<float>(D, {points, 5, layout, 64, 1, scramble, 1ull << 40, nullptr}, 2, points * 5 - 2, 7, 8, "normal float32 Sobol64");
      check_sobol<double>(D, {points, 3, layout, 32, 1, scramble, 2147483000ull, nullptr}, 0, points * 3, 9, 10, "normal float64 Sobol32");
    }
  }
  for (uint64_t n : {(uint64_t)1, (uint64_t)31, (uint64_t)4099, big}) {
    check_mrg<uint32_t>(0, 0, 0, n, "seed 0 words");
    check_mrg<float>(0x123456789abcdefull, 5, 77, n, "floats");
    check_mrg<double>(~0ull, (1ull << 51) - 1, ~0ull - n, n, "doubles");
  }
}

inline void bench_qrng(std::string& j) {
  const uint64_t n = 1ull << 28;
  void* dst = nullptr;
  CK(cudaMalloc(&dst, n * 8));
  const Dirs D = dirs(8);
  auto add = [&](const char* k, double v) {
    char buf[128];
    snprintf(buf, sizeof buf, ",\"%s\":%.3f", k, v);
    j += buf;
  };
  cr_sobol_spec s32{n / 8, 8, 1, 32, 0, 0, 0, D.v32.data()};
  double ms = time_ms([&] { CRK(cr_sobol_device(0, 0, 0, &s32, dst, CR_TYPE_U32, n, nullptr)); }, 5);
  add("sobol32_words_Gelems", n / (ms / 1e3) / 1e9);
  cr_sobol_spec s64{n / 8, 8, 0, 64, 1, CR_SOBOL_SCRAMBLE_LMS, 0, D.pairs.data()};
  ms = time_ms([&] { CRK(cr_sobol_device(1, 2, 0, &s64, dst, CR_TYPE_F64, n, nullptr)); }, 5);
  add("sobol64_normal_f64_lms_Gelems", n / (ms / 1e3) / 1e9);
  ms = time_ms([&] { CRK(cr_mrg32k3a_fill_device(1, 0, 0, dst, CR_TYPE_U32, n, nullptr)); }, 5);
  add("mrg32k3a_words_Gelems", n / (ms / 1e3) / 1e9);
  ms = time_ms([&] { CRK(cr_mrg32k3a_fill_device(1, 0, 0, dst, CR_TYPE_F64, n, nullptr)); }, 5);
  add("mrg32k3a_f64_Gelems", n / (ms / 1e3) / 1e9);
  ms = time_ms([&] { CRK(cr_bits_device(1, 2, 0, (uint32_t*)dst, n, nullptr)); }, 5);
  add("philox_bits_same_n_Gelems", n / (ms / 1e3) / 1e9);
  CK(cudaFree(dst));
}

}  // namespace gq

#endif  // CR_GPU_QRNG_H
