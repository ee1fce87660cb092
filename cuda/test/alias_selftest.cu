// Runs the CUDA alias tables on a GPU and compares every result with the host references of the same
// headers (cr_alias_fixed.h, cr_alias.h: which test_alias_gpu.cpp and test_alias.cpp check against the
// TypeScript vectors). Built with -DCR_BUILD_GPU_TESTS=ON (scripts/gpu-check-alias.sh), run from the
// repository root.
//
//   alias_selftest          units and rows (host API, device API with every split/pack variant, float64
//                           and float32 weights), samples at odd offsets and sizes (host output across
//                           pipeline chunks, misaligned device output), counts (privatised and global),
//                           CDF draws, categorical, out-of-memory errors; N up to 10^7
//   alias_selftest --quick  the same at small N (for compute-sanitizer memcheck / racecheck / initcheck)
//   alias_selftest --bench  build times, sampling and counts throughput into device memory, every
//                           variant; prints one line "ALIAS_BENCH_JSON {...}"
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cr_alias.h"
#include "cr_alias_fixed.h"
#include "cr_api.h"
#include "cr_api_alias.h"
#include "cr_api_diagnostics.h"
#include "cr_test.h"

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

namespace {

bool quick = false;

struct Rng {
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double unit() { return (double)(next() >> 11) * 0x1p-53; }
};

const char* kFamilies[] = {"uniform", "powerLaw1", "powerLaw0.5", "manyZeros", "singleNonZero", "1e-30..1e30", "equal"};
constexpr int kFamilyCount = 7;

std::vector<double> weights(int family, uint32_t n, uint64_t seed) {
  Rng r{seed * 7919 + (uint64_t)family};
  std::vector<double> w(n);
  for (uint32_t i = 0; i < n; ++i) {
    const double u = r.unit();
    switch (family) {
      case 0: w[i] = u; break;
      case 1: w[i] = 1.0 / (i + 1.0); break;
      case 2: w[i] = 1.0 / sqrt(i + 1.0); break;
      case 3: w[i] = (i % 3 == 0 || u < 0.3) ? 0.0 : u; break;
      case 4: w[i] = i == n / 2 ? 7.5 : 0.0; break;
      case 5: w[i] = pow(10.0, 60 * u - 30); break;
      default: w[i] = 0.1; break;
    }
  }
  if (family == 1 || family == 2) {
    for (uint32_t i = n - 1; i > 0; --i) std::swap(w[i], w[r.next() % (i + 1)]);
  }
  return w;
}

struct Reference {
  std::vector<uint64_t> W;
  std::vector<uint32_t> rows[2];
};

template <class T>
Reference reference(const std::vector<T>& w) {
  const uint32_t n = (uint32_t)w.size();
  Reference r;
  r.W.resize(n);
  CRT_CHECK(cr_alias_fixed_point_host(w.data(), n, r.W.data()), "host fixed point failed");
  for (int plus = 0; plus < 2; ++plus) {
    r.rows[plus].resize(2 * (size_t)n);
    CRT_CHECK(cr_alias_build_host(r.W.data(), n, plus, r.rows[plus].data()), "host build failed");
  }
  return r;
}

template <class T>
T* to_device(const std::vector<T>& v) {
  T* p = nullptr;
  CK(cudaMalloc(&p, std::max<size_t>(1, v.size()) * sizeof(T)));
  CK(cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
  return p;
}

template <class T>
std::vector<T> to_host(const T* p, size_t n) {
  std::vector<T> v(n);
  CK(cudaMemcpy(v.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost));
  return v;
}

size_t first_diff(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
    if (a[i] != b[i]) return i;
  return a.size() == b.size() ? (size_t)-1 : std::min(a.size(), b.size());
}

// ---- construction -----------------------------------------------------------------------------------

template <class T>
void check_build(const std::string& name, const std::vector<T>& w, const Reference& ref) {
  const uint32_t n = (uint32_t)w.size();
  const int dtype = sizeof(T) == 4 ? CR_WEIGHTS_F32 : CR_WEIGHTS_F64;
  std::vector<uint32_t> hi(n), lo(n);
  for (int plus = 0; plus < 2; ++plus) {
    const std::string what = name + (plus ? " psa+" : " psa");
    std::vector<uint32_t> rows(2 * (size_t)n, 0xdeadbeefu);
    cr_alias_table* t = nullptr;
    CRK(cr_alias_build(w.data(), dtype, n, plus, rows.data(), hi.data(), lo.data(), &t));
    size_t bad = 0;
    for (uint32_t i = 0; i < n; ++i) bad += (((uint64_t)hi[i] << 32) | lo[i]) != ref.W[i];
    CRT_CHECK(bad == 0, "%s: %zu units differ from the host rule", what.c_str(), bad);
    const size_t d = first_diff(rows, ref.rows[plus]);
    CRT_CHECK(d == (size_t)-1, "%s: rows differ at word %zu", what.c_str(), d);
    // The table the build kept on the device holds the same rows.
    CRT_CHECK(t && cr_alias_table_size(t) == n, "%s: no device table", what.c_str());
    if (t) CRT_CHECK(to_host(cr_alias_table_rows(t), 2 * (size_t)n) == ref.rows[plus], "%s: device table", what.c_str());
    cr_alias_table_free(t);

    // Device API, every split / pack variant.
    T* dw = to_device(w);
    uint32_t *drows = nullptr, *dstatus = nullptr;
    uint64_t* dunits = nullptr;
    CK(cudaMalloc(&drows, 8 * (size_t)n));
    CK(cudaMalloc(&dunits, 8 * (size_t)n));
    CK(cudaMalloc(&dstatus, 4));
    cr_alias_tuning saved;
    cr_alias_get_tuning(&saved);
    for (int split = 0; split < 2; ++split) {
      for (int pack = 0; pack < 2; ++pack) {
        cr_alias_tuning tu = saved;
        tu.split = split;
        tu.pack = pack;
        cr_alias_set_tuning(&tu);
        CK(cudaMemset(drows, 0xee, 8 * (size_t)n));
        CRK(cr_alias_build_device(dw, dtype, n, plus, drows, dunits, dstatus, nullptr));
        CK(cudaDeviceSynchronize());
        CRT_CHECK(to_host(dstatus, 1)[0] == 0, "%s split=%d pack=%d: device status %u", what.c_str(), split, pack,
                  to_host(dstatus, 1)[0]);
        CRT_CHECK(to_host(dunits, n) == ref.W, "%s split=%d pack=%d: units differ", what.c_str(), split, pack);
        const size_t dd = first_diff(to_host(drows, 2 * (size_t)n), ref.rows[plus]);
        CRT_CHECK(dd == (size_t)-1, "%s split=%d pack=%d: rows differ at word %zu", what.c_str(), split, pack, dd);
      }
    }
    cr_alias_set_tuning(&saved);
    // Weights already in device memory (the DeviceArray path): checked in place, same units and rows.
    {
      std::vector<uint32_t> r2(2 * (size_t)n, 0xdeadbeefu), h2(n), l2(n);
      cr_alias_table* t2 = nullptr;
      CRK(cr_alias_build_from_device(dw, dtype, n, plus, r2.data(), h2.data(), l2.data(), &t2));
      CRT_CHECK(r2 == ref.rows[plus] && h2 == hi && l2 == lo, "%s: cr_alias_build_from_device differs", what.c_str());
      if (t2) CRT_CHECK(to_host(cr_alias_table_rows(t2), 2 * (size_t)n) == ref.rows[plus], "%s: from-device table", what.c_str());
      cr_alias_table_free(t2);
    }
    // Units alone, synchronous status.
    CK(cudaMemset(dunits, 0, 8 * (size_t)n));
    CRK(cr_alias_units_device(dw, dtype, n, dunits, nullptr, nullptr));
    CRT_CHECK(to_host(dunits, n) == ref.W, "%s: cr_alias_units_device differs", what.c_str());
    CK(cudaFree(dw));
    CK(cudaFree(drows));
    CK(cudaFree(dunits));
    CK(cudaFree(dstatus));
  }
}

// ---- sampling -----------------------------------------------------------------------------------------

void check_sampling(const std::string& name, const Reference& ref, int plus, const std::vector<double>& w) {
  const uint32_t n = (uint32_t)ref.W.size();
  const std::vector<uint32_t>& rows = ref.rows[plus];
  std::vector<uint64_t> prefix(n + 1, 0);
  for (uint32_t i = 0; i < n; ++i) prefix[i + 1] = prefix[i] + ref.W[i];
  cr_alias_table* t = nullptr;
  CRK(cr_alias_table_upload(rows.data(), n, &t));
  const uint32_t key[2] = {0xdeadbeefu, 0x01234567u};
  const uint64_t big = quick ? 20000 : 5000003;  // > 2 pipeline chunks of 2^21 samples
  const uint64_t counts[] = {1, 2, 3, 1001, big};
  const uint64_t offsets[] = {0, 1, (1ull << 33) + 1, (1ull << 62) + 5};
  uint32_t *dout = nullptr, *dcnt = nullptr;
  uint64_t* dprefix = to_device(prefix);
  CK(cudaMalloc(&dout, 4 * (big + 2)));
  CK(cudaMalloc(&dcnt, 4 * (size_t)n));
  for (uint64_t count : counts) {
    for (uint64_t first : offsets) {
      if (count == big && first != 1) continue;
      std::vector<uint32_t> want(count), wcdf(count);
      for (uint64_t i = 0; i < count; ++i) {
        want[i] = cr_alias_sample(key, first + i, rows.data(), n);
        wcdf[i] = cr_cdf_sample(key, first + i, prefix.data(), n);
      }
      const std::string at = name + (plus ? " psa+" : " psa") + " count=" + std::to_string(count) + " first=" +
                             std::to_string(first);
      std::vector<uint32_t> got(count);
      CRK(cr_alias_sample(t, key[0], key[1], first, got.data(), count));
      CRT_CHECK(got == want, "%s: host-output samples differ at %zu", at.c_str(), first_diff(got, want));
      // Device output one word past an 8-byte boundary: the unaligned store path.
      CRK(cr_alias_sample_device(cr_alias_table_rows(t), n, key[0], key[1], first, dout + 1, count, nullptr));
      CRT_CHECK(to_host(dout + 1, count) == want, "%s: device samples differ", at.c_str());
      CK(cudaMemset(dout, 0xee, 4 * (count + 2)));
      CRK(cr_alias_sample_into(t, key[0], key[1], first, dout + 1, count));
      CRT_CHECK(to_host(dout + 1, count) == want, "%s: cr_alias_sample_into differs", at.c_str());
      CRK(cr_cdf_sample_device(dprefix, n, key[0], key[1], first, dout, count, nullptr));
      CRT_CHECK(to_host(dout, count) == wcdf, "%s: CDF samples differ", at.c_str());
      // Counts: the host API (auto) and both device variants.
      std::vector<double> hist(n, 0.0), wh(n, 0.0);
      for (uint32_t x : want) wh[x] += 1;
      CRK(cr_alias_counts(t, key[0], key[1], first, count, hist.data()));
      CRT_CHECK(hist == wh, "%s: counts differ", at.c_str());
      for (int mode = 1; mode <= 2; ++mode) {
        cr_alias_tuning tu, saved;
        cr_alias_get_tuning(&saved);
        tu = saved;
        tu.counts = mode;
        cr_alias_set_tuning(&tu);
        CK(cudaMemset(dcnt, 0, 4 * (size_t)n));
        CRK(cr_alias_counts_device(cr_alias_table_rows(t), n, key[0], key[1], first, count, dcnt, nullptr));
        const std::vector<uint32_t> c = to_host(dcnt, n);
        bool same = true;
        for (uint32_t i = 0; i < n; ++i) same &= c[i] == wh[i];
        CRT_CHECK(same, "%s: device counts (mode %d) differ", at.c_str(), mode);
        cr_alias_set_tuning(&saved);
      }
    }
  }
  // categorical in one call equals build + sample, and CDF.
  {
    const uint64_t count = quick ? 777 : 100003, first = 12345;
    std::vector<uint32_t> got(count), want(count), wcdf(count);
    for (uint64_t i = 0; i < count; ++i) {
      want[i] = cr_alias_sample(key, first + i, rows.data(), n);
      wcdf[i] = cr_cdf_sample(key, first + i, prefix.data(), n);
    }
    CRK(cr_categorical(w.data(), CR_WEIGHTS_F64, n, plus, key[0], key[1], first, got.data(), count));
    CRT_CHECK(got == want, "%s categorical alias differs", name.c_str());
    CRK(cr_categorical(w.data(), CR_WEIGHTS_F64, n, CR_CATEGORICAL_CDF, key[0], key[1], first, got.data(), count));
    CRT_CHECK(got == wcdf, "%s categorical cdf differs", name.c_str());
    // Weights and/or samples in device memory (cr_categorical_ex), misaligned device output.
    double* dw = to_device(w);
    for (int wd = 0; wd < 2; ++wd) {
      for (int od = 0; od < 2; ++od) {
        for (int m : {plus, (int)CR_CATEGORICAL_CDF}) {
          const std::vector<uint32_t>& expect = m == CR_CATEGORICAL_CDF ? wcdf : want;
          std::fill(got.begin(), got.end(), 0xeeeeeeeeu);
          CRK(cr_categorical_ex(wd ? (const void*)dw : (const void*)w.data(), wd, CR_WEIGHTS_F64, n, m, key[0], key[1],
                                first, od ? dout + 1 : got.data(), od, count));
          if (od) got = to_host(dout + 1, count);
          CRT_CHECK(got == expect, "%s categorical_ex weights_on_device=%d out_on_device=%d method=%d differs", name.c_str(),
                    wd, od, m);
        }
      }
    }
    CK(cudaFree(dw));
  }
  CK(cudaFree(dout));
  CK(cudaFree(dcnt));
  CK(cudaFree(dprefix));
  cr_alias_table_free(t);
}

// ---- errors -----------------------------------------------------------------------------------------

void check_errors() {
  const double w[3] = {1, 2, 3};
  cr_status s = cr_alias_build(w, 7, 3, 0, nullptr, nullptr, nullptr, nullptr);
  CRT_CHECK(s.code == CR_EINVAL, "bad dtype must be EINVAL");
  s = cr_alias_build(w, CR_WEIGHTS_F64, 0, 0, nullptr, nullptr, nullptr, nullptr);
  CRT_CHECK(s.code == CR_EINVAL, "n = 0 must be EINVAL");
  s = cr_alias_build(w, CR_WEIGHTS_F64, 3, 5, nullptr, nullptr, nullptr, nullptr);
  CRT_CHECK(s.code == CR_EINVAL, "bad method must be EINVAL");
  s = cr_alias_counts(nullptr, 0, 0, 0, 5, nullptr);
  CRT_CHECK(s.code == CR_EINVAL, "null table must be EINVAL");

  // Device weights are checked on the device: the lowest bad index and its value, or all zero.
  {
    std::vector<double> bad(100000, 1.0);
    bad[99999] = NAN;
    bad[4321] = -0.5;
    bad[70000] = INFINITY;
    double* dbad = to_device(bad);
    std::vector<uint32_t> rows(2 * bad.size());
    s = cr_alias_build_from_device(dbad, CR_WEIGHTS_F64, (uint32_t)bad.size(), 0, rows.data(), nullptr, nullptr, nullptr);
    CRT_CHECK(s.code == CR_ERANGE && !strcmp(s.message, "weights[4321] must be a finite number >= 0, got -0.5"),
              "device weight check: %d %s", s.code, s.message);
    std::vector<float> zeros(5000, 0.0f);
    float* dz = to_device(zeros);
    uint32_t one = 0;
    s = cr_categorical_ex(dz, 1, CR_WEIGHTS_F32, 5000, CR_CATEGORICAL_CDF, 1, 2, 0, &one, 0, 1);
    CRT_CHECK(s.code == CR_ERANGE && !strcmp(s.message, "weights must have at least one positive weight; all 5000 are zero"),
              "device all-zero check: %d %s", s.code, s.message);
    CK(cudaFree(dbad));
    CK(cudaFree(dz));
    // the next call works (no sticky error)
    const double ok[3] = {1, 0, 2};
    double* dok = to_device(std::vector<double>(ok, ok + 3));
    CRK(cr_alias_build_from_device(dok, CR_WEIGHTS_F64, 3, 0, rows.data(), nullptr, nullptr, nullptr));
    CK(cudaFree(dok));
  }
  if (quick) return;

  // Out of device memory: leave ~512 MiB free, ask for a ~1.1 GB construction. The error names the
  // size, everything is released, and the next call works.
  CK(cudaDeviceSynchronize());
  int dev = 0;
  CK(cudaGetDevice(&dev));
  cudaMemPool_t pool;
  CK(cudaDeviceGetDefaultMemPool(&pool, dev));
  CK(cudaMemPoolTrimTo(pool, 0));
  size_t free0 = 0, total = 0;
  CK(cudaMemGetInfo(&free0, &total));
  void* ballast = nullptr;
  size_t take = free0 > (size_t)(768u << 20) ? free0 - (768u << 20) : 0;
  while (take && cudaMalloc(&ballast, take) != cudaSuccess) {
    cudaGetLastError();
    take -= 64u << 20;
  }
  const uint32_t n = 30000000;
  std::vector<double> big(n, 1.0);
  s = cr_alias_build(big.data(), CR_WEIGHTS_F64, n, CR_ALIAS_PSA, nullptr, nullptr, nullptr, nullptr);
  CRT_CHECK(s.code == (int)cudaErrorMemoryAllocation, "expected cudaErrorMemoryAllocation, got %d (%s)", s.code,
            s.message);
  CRT_CHECK(strstr(s.message, "bytes") && strstr(s.message, "30000000 items"), "message must name the size: %s",
            s.message);
  printf("out-of-memory message: %s\n", s.message);
  CK(cudaFree(ballast));
  CK(cudaDeviceSynchronize());
  CK(cudaMemPoolTrimTo(pool, 0));
  size_t free1 = 0;
  CK(cudaMemGetInfo(&free1, &total));
  CRT_CHECK(free1 + (64u << 20) >= free0, "device memory leaked: %zu bytes free before, %zu after", free0, free1);
  CRT_CHECK(cudaGetLastError() == cudaSuccess, "a stale error is left behind");
  std::vector<uint32_t> rows(6);
  CRK(cr_alias_build(w, CR_WEIGHTS_F64, 3, CR_ALIAS_PSA, rows.data(), nullptr, nullptr, nullptr));
}

// ---- benchmarks ---------------------------------------------------------------------------------------

struct Timer {
  cudaEvent_t a, b;
  Timer() {
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
  }
  ~Timer() {
    cudaEventDestroy(a);
    cudaEventDestroy(b);
  }
  template <class F>
  double median_ms(int reps, F f) {
    f();  // warm-up
    CK(cudaDeviceSynchronize());
    std::vector<double> ms;
    for (int r = 0; r < reps; ++r) {
      CK(cudaEventRecord(a));
      f();
      CK(cudaEventRecord(b));
      CK(cudaEventSynchronize(b));
      float t = 0;
      CK(cudaEventElapsedTime(&t, a, b));
      ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
  }
};

void bench() {
  std::string json = "{";
  auto add = [&](const std::string& k, double v) {
    char buf[64];
    snprintf(buf, sizeof buf, "%.6g", v);
    if (json.size() > 1) json += ",";
    json += "\"" + k + "\":" + buf;
    printf("%-56s %s\n", k.c_str(), buf);
  };
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  printf("alias bench on %s\n", p.name);
  Timer tm;
  const uint32_t kMax = 100000000;
  double* dw = nullptr;
  uint32_t *drows = nullptr, *dstatus = nullptr, *dout = nullptr, *dcnt = nullptr;
  uint64_t* dunits = nullptr;
  CK(cudaMalloc(&dw, 8ull * kMax));
  CK(cudaMalloc(&drows, 8ull * kMax));
  CK(cudaMalloc(&dunits, 8ull * kMax));
  CK(cudaMalloc(&dstatus, 4));
  CRK(cr_uniform_device(7, 11, 0, 0.0, 1.0, dw, CR_TYPE_F64, kMax, nullptr));  // weights made on the GPU
  cr_alias_tuning saved;
  cr_alias_get_tuning(&saved);

  // Construction: device weights → device units and rows, per method and variant.
  for (uint32_t n : {1000000u, 10000000u, 100000000u}) {
    const std::string N = n == 1000000u ? "1e6" : n == 10000000u ? "1e7" : "1e8";
    add("units_ms_N" + N, tm.median_ms(5, [&] { CRK(cr_alias_units_device(dw, CR_WEIGHTS_F64, n, dunits, dstatus, nullptr)); }));
    for (int plus = 0; plus < 2; ++plus) {
      for (int split = 0; split < 2; ++split) {
        for (int pack = 0; pack < 2; ++pack) {
          cr_alias_tuning tu = saved;
          tu.split = split;
          tu.pack = pack;
          cr_alias_set_tuning(&tu);
          const double ms = tm.median_ms(5, [&] {
            CRK(cr_alias_build_device(dw, CR_WEIGHTS_F64, n, plus, drows, dunits, dstatus, nullptr));
          });
          add(std::string("build_ms_") + (plus ? "psaplus" : "psa") + "_N" + N + (split ? "_pary" : "_binary") +
                  (pack ? "_chunked" : "_shared"),
              ms);
        }
      }
    }
    CRT_CHECK(to_host(dstatus, 1)[0] == 0, "bench build status");
  }
  cr_alias_set_tuning(&saved);

  // Sampling into device memory: 2^28 samples (1 GiB) per run.
  const uint64_t S = 1ull << 28;
  CK(cudaMalloc(&dout, 4 * S));
  CK(cudaMalloc(&dcnt, 4ull * 1000000));
  uint64_t* dprefix = nullptr;
  CK(cudaMalloc(&dprefix, 8ull * (kMax + 1)));
  for (uint32_t n : {100u, 1000u, 10000u, 100000u, 1000000u, 10000000u, 100000000u}) {
    char N[16];
    snprintf(N, sizeof N, "1e%d", (int)lround(log10((double)n)));
    CRK(cr_alias_build_device(dw, CR_WEIGHTS_F64, n, CR_ALIAS_PSA, drows, dunits, nullptr, nullptr));
    const double ms = tm.median_ms(5, [&] { CRK(cr_alias_sample_device(drows, n, 1, 2, 0, dout, S, nullptr)); });
    add(std::string("sample_GSps_N") + N, S / (ms * 1e6));
    if (n <= 1000000u) {
      CRK(cr_cdf_prefix_device(dunits, n, dprefix, nullptr));
      const double cms = tm.median_ms(3, [&] { CRK(cr_cdf_sample_device(dprefix, n, 1, 2, 0, dout, S, nullptr)); });
      add(std::string("cdf_sample_GSps_N") + N, S / (cms * 1e6));
      for (int mode = 1; mode <= 2; ++mode) {
        cr_alias_tuning tu = saved;
        tu.counts = mode;
        cr_alias_set_tuning(&tu);
        const double c = tm.median_ms(3, [&] {
          CK(cudaMemsetAsync(dcnt, 0, 4ull * n));
          CRK(cr_alias_counts_device(drows, n, 1, 2, 0, S, dcnt, nullptr));
        });
        add(std::string("counts_GSps_N") + N + (mode == 1 ? "_shared" : "_global"), S / (c * 1e6));
      }
      cr_alias_set_tuning(&saved);
    }
  }
  // Ceiling: a 1 GiB device-to-device copy (bytes read + written).
  const double cp = tm.median_ms(5, [&] { CK(cudaMemcpyAsync(dout, dout + S / 2, 2 * S, cudaMemcpyDeviceToDevice)); });
  add("d2d_copy_GBps_rw", 2.0 * 2 * S / (cp * 1e6));
  json += ",\"device\":\"" + std::string(p.name) + "\"}";
  printf("ALIAS_BENCH_JSON %s\n", json.c_str());
  CK(cudaFree(dw));
  CK(cudaFree(drows));
  CK(cudaFree(dunits));
  CK(cudaFree(dstatus));
  CK(cudaFree(dout));
  CK(cudaFree(dcnt));
  CK(cudaFree(dprefix));
}

}  // namespace

int main(int argc, char** argv) {
  bool do_bench = false;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--quick")) quick = true;
    if (!strcmp(argv[i], "--bench")) do_bench = true;
  }
  try {
    if (do_bench) {
      bench();
      return crt::report("alias_selftest --bench");
    }
    // Quick: 13001 rows > 12288, so the privatised counts stage more than 48 KiB (the opt-in attribute's path).
    const std::vector<uint32_t> sizes =
        quick ? std::vector<uint32_t>{1, 5, 1000, 13001} : std::vector<uint32_t>{1, 7, 1000, 100003, 1000000, 10000000};
    for (uint32_t n : sizes) {
      for (int f = 0; f < kFamilyCount; ++f) {
        if (n == 1 && f != 0) continue;
        if (quick && f != 0 && f != 3 && f != 4 && f != 5) continue;  // sanitizer runs: fewer launches
        const std::string name = std::string(kFamilies[f]) + " N=" + std::to_string(n);
        const std::vector<double> w = weights(f, n, 1);
        const auto t0 = std::chrono::steady_clock::now();
        const Reference ref = reference(w);
        check_build(name, w, ref);
        if (f == 0 || f == 3) {
          std::vector<float> w32(w.begin(), w.end());
          check_build(name + " float32", w32, reference(w32));
        }
        if (quick ? (n == 13001 && f == 0) : (n <= 1000000 && (f == 0 || f == 1 || f == 5))) {
          for (int plus = 0; plus < 2; ++plus) check_sampling(name, ref, plus, w);
        }
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        printf("%-32s %6.2f s, %d checks, %d failures so far\n", name.c_str(), s, crt::checks(), crt::failures());
        fflush(stdout);
      }
    }
    check_errors();
    const cr_status rs = cr_diag_release();  // the pinned staging pool, so a leak check sees only real leaks
    if (rs.code) fprintf(stderr, "alias_selftest: cr_diag_release: %s\n", rs.message);
  } catch (const std::exception& e) {
    fprintf(stderr, "alias_selftest: %s\n", e.what());
    return 2;
  }
  return crt::report(quick ? "alias_selftest --quick" : "alias_selftest");
}
