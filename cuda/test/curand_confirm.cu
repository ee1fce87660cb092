// Real cuRAND (device API, curand_kernel.h) against our vectors and kernels. Built only where
// curand_kernel.h exists (-DCR_BUILD_GPU_TESTS=ON on a GPU machine; CI never needs it), run from the
// repository root by scripts/gpu-check.sh. Prints one JSON document and exits 0 iff everything agrees:
//
//   xorwow:  curand() after curand_init(seed, subsequence, offset, &curandStateXORWOW_t) for every case
//            of test/vectors/curand_xorwow.json (the file's values were derived from the published
//            algorithm, not from cuRAND: this settles them)
//   philox:  curand() after curand_init(seed, 0, offset, &curandStatePhilox4_32_10_t) vs our raw stream
//            under key(seed) (docs/streams.md, "The counter layout"), host-computed, at offsets around block boundaries
//   mrg32k3a: curand(), curand_uniform() and curand_uniform_double() after curand_init(seed,
//            subsequence, offset, &curandStateMRG32k3a_t) for every case of test/vectors/mrg32k3a.json
//            (derived from the published algorithm: this settles them)
//   long:    2^20 outputs of one cuRAND thread vs cr_xorwow_fill_device and cr_bits_device
#include <cuda_runtime.h>
#include <curand_kernel.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cr_api.h"
#include "cr_test.h"
#include "cr_uniform.h"

#define CK(call)                                                                                  \
  do {                                                                                            \
    cudaError_t e_ = (call);                                                                      \
    if (e_ != cudaSuccess) {                                                                      \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));       \
      exit(2);                                                                                    \
    }                                                                                             \
  } while (0)

struct Case {
  unsigned long long seed, subsequence, offset;
  int count;
};

__global__ void k_xorwow_cases(const Case* cases, int ncases, unsigned* out, int stride) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncases) return;
  curandStateXORWOW_t s;
  curand_init(cases[c].seed, cases[c].subsequence, cases[c].offset, &s);
  for (int i = 0; i < cases[c].count; ++i) out[c * stride + i] = curand(&s);
}

__global__ void k_philox_cases(const Case* cases, int ncases, unsigned* out, int stride) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncases) return;
  curandStatePhilox4_32_10_t s;
  curand_init(cases[c].seed, cases[c].subsequence, cases[c].offset, &s);
  for (int i = 0; i < cases[c].count; ++i) out[c * stride + i] = curand(&s);
}

// MRG32k3a: three fresh states per case (curand, curand_uniform, curand_uniform_double), each value
// written as its bits so one buffer serves the three
__global__ void k_mrg_cases(const Case* cases, int ncases, unsigned long long* out, int stride) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncases) return;
  curandStateMRG32k3a_t s;
  unsigned long long* o = out + (size_t)c * 3 * stride;
  curand_init(cases[c].seed, cases[c].subsequence, cases[c].offset, &s);
  for (int i = 0; i < cases[c].count; ++i) o[i] = curand(&s);
  curand_init(cases[c].seed, cases[c].subsequence, cases[c].offset, &s);
  for (int i = 0; i < cases[c].count; ++i) o[stride + i] = __float_as_uint(curand_uniform(&s));
  curand_init(cases[c].seed, cases[c].subsequence, cases[c].offset, &s);
  for (int i = 0; i < cases[c].count; ++i) o[2 * stride + i] = (unsigned long long)__double_as_longlong(curand_uniform_double(&s));
}

static std::vector<unsigned> run_cases(bool philox, const std::vector<Case>& cases, int stride) {
  Case* d_cases;
  unsigned* d_out;
  CK(cudaMalloc(&d_cases, cases.size() * sizeof(Case)));
  CK(cudaMalloc(&d_out, cases.size() * stride * sizeof(unsigned)));
  CK(cudaMemcpy(d_cases, cases.data(), cases.size() * sizeof(Case), cudaMemcpyHostToDevice));
  const int threads = 64, blocks = (int)((cases.size() + threads - 1) / threads);
  if (philox) {
    k_philox_cases<<<blocks, threads>>>(d_cases, (int)cases.size(), d_out, stride);
  } else {
    k_xorwow_cases<<<blocks, threads>>>(d_cases, (int)cases.size(), d_out, stride);
  }
  CK(cudaGetLastError());
  std::vector<unsigned> out(cases.size() * stride);
  CK(cudaMemcpy(out.data(), d_out, out.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CK(cudaFree(d_cases));
  CK(cudaFree(d_out));
  return out;
}

static std::string words_json(const unsigned* w, int n) {
  std::string s = "[";
  for (int i = 0; i < n; ++i) s += (i ? "," : "") + std::to_string(w[i]);
  return s + "]";
}

int main() {
  bool all = true;
  std::string json = "{\n";

  // 1. XORWOW vectors
  crt::Json vec = crt::read_json("test/vectors/curand_xorwow.json");
  std::vector<Case> xc;
  int stride = 1;
  for (size_t i = 0; i < vec.size(); ++i) {
    const crt::Json& v = vec[i];
    Case c{(unsigned long long)std::stoull(v["seed"].text), (unsigned long long)std::stoull(v["subsequence"].text),
           (unsigned long long)std::stoull(v["offset"].text), (int)v["curand"].size()};
    stride = std::max(stride, c.count);
    xc.push_back(c);
  }
  std::vector<unsigned> xo = run_cases(false, xc, stride);
  json += " \"xorwow\": [\n";
  int agree = 0;
  for (size_t i = 0; i < xc.size(); ++i) {
    const crt::Json& want = vec[i]["curand"];
    bool same = true;
    for (int j = 0; j < xc[i].count; ++j) same &= xo[i * stride + j] == want[j].u32();
    agree += same;
    json += "  {\"seed\": \"" + std::to_string(xc[i].seed) + "\", \"subsequence\": \"" +
            std::to_string(xc[i].subsequence) + "\", \"offset\": \"" + std::to_string(xc[i].offset) +
            "\", \"curand\": " + words_json(&xo[i * stride], xc[i].count) +
            ", \"matches_vectors\": " + (same ? "true" : "false") + "}" + (i + 1 < xc.size() ? "," : "") + "\n";
  }
  json += " ],\n \"xorwow_vectors_confirmed\": " + std::string(agree == (int)xc.size() ? "true" : "false") + ",\n";
  all &= agree == (int)xc.size();

  // 2. Philox: curand_init(seed, 0, offset) vs our raw stream under key(seed)
  const unsigned long long seeds[] = {0ull, 1ull, 1234ull, 0x0123456789abcdefull, 0xffffffffffffffffull};
  const unsigned long long offsets[] = {0, 1, 2, 3, 4, 5, 7, 4ull * 0xffffffffull + 2, (1ull << 40) + 3};
  std::vector<Case> pc;
  for (auto s : seeds)
    for (auto o : offsets) pc.push_back(Case{s, 0, o, 9});
  std::vector<unsigned> po = run_cases(true, pc, 9);
  json += " \"philox\": [\n";
  agree = 0;
  for (size_t i = 0; i < pc.size(); ++i) {
    unsigned ours[9];
    cr_raw_stream_host((uint32_t)pc[i].seed, (uint32_t)(pc[i].seed >> 32), pc[i].offset, ours, 9);
    bool same = true;
    for (int j = 0; j < 9; ++j) same &= po[i * 9 + j] == ours[j];
    agree += same;
    json += "  {\"seed\": \"" + std::to_string(pc[i].seed) + "\", \"offset\": \"" + std::to_string(pc[i].offset) +
            "\", \"curand\": " + words_json(&po[i * 9], 9) + ", \"matches_bits\": " + (same ? "true" : "false") +
            "}" + (i + 1 < pc.size() ? "," : "") + "\n";
  }
  json += " ],\n \"philox_raw_stream_confirmed\": " + std::string(agree == (int)pc.size() ? "true" : "false") + ",\n";
  all &= agree == (int)pc.size();

  // 3. MRG32k3a vectors: every listed value of curand, uniform and uniform_double
  {
    crt::Json mv = crt::read_json("test/vectors/mrg32k3a.json")["cases"];
    std::vector<Case> mc;
    int ms = 1;
    for (size_t i = 0; i < mv.size(); ++i) {
      const crt::Json& v = mv[i];
      const int cnt = (int)std::max({v["curand"].size(), v["uniform"].size(), v["uniform_double"].size()});
      mc.push_back(Case{(unsigned long long)std::stoull(v["seed"].text), (unsigned long long)std::stoull(v["subsequence"].text),
                        (unsigned long long)std::stoull(v["offset"].text), cnt});
      ms = std::max(ms, cnt);
    }
    Case* d_cases;
    unsigned long long* d_out;
    CK(cudaMalloc(&d_cases, mc.size() * sizeof(Case)));
    CK(cudaMalloc(&d_out, mc.size() * 3 * ms * sizeof(unsigned long long)));
    CK(cudaMemcpy(d_cases, mc.data(), mc.size() * sizeof(Case), cudaMemcpyHostToDevice));
    k_mrg_cases<<<(int)(mc.size() + 63) / 64, 64>>>(d_cases, (int)mc.size(), d_out, ms);
    CK(cudaGetLastError());
    std::vector<unsigned long long> mo(mc.size() * 3 * ms);
    CK(cudaMemcpy(mo.data(), d_out, mo.size() * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
    CK(cudaFree(d_cases));
    CK(cudaFree(d_out));
    json += " \"mrg32k3a\": [\n";
    agree = 0;
    for (size_t i = 0; i < mc.size(); ++i) {
      const crt::Json& v = mv[i];
      const unsigned long long* o = &mo[i * 3 * ms];
      bool same = true;
      std::string words = "[", unis = "[", dbls = "[";
      for (size_t j = 0; j < v["curand"].size(); ++j) {
        same &= o[j] == v["curand"][j].u32();
        words += (j ? "," : "") + std::to_string(o[j]);
      }
      for (size_t j = 0; j < v["uniform"].size(); ++j) {
        float f;
        const unsigned u = (unsigned)o[ms + j];
        memcpy(&f, &u, 4);
        same &= f == (float)v["uniform"][j].d();
        char b[48];
        snprintf(b, sizeof b, "%s%.9g", j ? "," : "", f);
        unis += b;
      }
      for (size_t j = 0; j < v["uniform_double"].size(); ++j) {
        double d;
        memcpy(&d, &o[2 * ms + j], 8);
        same &= d == v["uniform_double"][j].d();
        char b[48];
        snprintf(b, sizeof b, "%s%.17g", j ? "," : "", d);
        dbls += b;
      }
      agree += same;
      json += "  {\"seed\": \"" + std::to_string(mc[i].seed) + "\", \"subsequence\": \"" + std::to_string(mc[i].subsequence) +
              "\", \"offset\": \"" + std::to_string(mc[i].offset) + "\", \"curand\": " + words + "], \"uniform\": " + unis +
              "], \"uniform_double\": " + dbls + "], \"matches_vectors\": " + (same ? "true" : "false") + "}" +
              (i + 1 < mc.size() ? "," : "") + "\n";
    }
    json += " ],\n \"mrg32k3a_vectors_confirmed\": " + std::string(agree == (int)mc.size() ? "true" : "false") + ",\n";
    all &= agree == (int)mc.size();
  }

  // 4. Long runs: one cuRAND thread vs our parallel kernels
  const int n = 1 << 20;
  std::vector<Case> lx = {Case{1234, 5, 777, n}}, lp = {Case{0x0123456789abcdefull, 0, 3, n}};
  std::vector<unsigned> cx = run_cases(false, lx, n), cp = run_cases(true, lp, n);
  unsigned* d;
  CK(cudaMalloc(&d, n * sizeof(unsigned)));
  std::vector<unsigned> ox(n), op(n);
  cr_status st = cr_xorwow_fill_device(1234, 5, 777, d, n, nullptr);
  if (st.code) fprintf(stderr, "cr_xorwow_fill_device: %s\n", st.message);
  CK(cudaMemcpy(ox.data(), d, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  st = cr_bits_device(0x89abcdefu, 0x01234567u, 3, d, n, nullptr);
  if (st.code) fprintf(stderr, "cr_bits_device: %s\n", st.message);
  CK(cudaMemcpy(op.data(), d, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CK(cudaFree(d));
  const bool lx_ok = cx == ox, lp_ok = cp == op;
  json += " \"long_xorwow_fill_equals_curand\": " + std::string(lx_ok ? "true" : "false") + ",\n";
  json += " \"long_philox_bits_equals_curand\": " + std::string(lp_ok ? "true" : "false") + ",\n";
  all &= lx_ok && lp_ok;
  json += " \"all_agree\": " + std::string(all ? "true" : "false") + "\n}\n";
  fputs(json.c_str(), stdout);
  return all ? 0 : 1;
}
