// Host side of the count samplers (cuda/include/cr_api_counts.h): a body for Poisson / binomial /
// negative binomial (per-element parameters staged chunk by chunk from host memory or read in place
// from device memory, validated on the device by blocking calls) and one for multinomial rows, both
// driven by cr_run.h. Kernels: count_kernels.cu.
#include "cr_api_counts.h"
#include "cr_api_dist.h"

#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "cr_dist_items.h"
#include "cr_launch_counts.h"
#include "cr_run.h"

using namespace cr_rt;

namespace {

cr_status check_count_type(int type) {
  return cr_count_max(type) > 0 ? ok_status() : invalid("out must hold int32, uint32 or float64 elements");
}

cr_status check_proposals(int p) {
  if (p == CR_PROPOSALS_DEFAULT || (p >= 1 && p <= CR_MAX_PROPOSALS)) return ok_status();
  return invalid("proposals must be -1 (the default) or an integer in [1, 1024]");
}

/** One per-element parameter: host values (staged per chunk) or device values (read in place). Not
 *  cr_run.h's PerElement: both of a count's parameters share one device flag pair (cr_count_args.bad),
 *  which the device also sets for staged host values, so verify reads either kind back. */
struct CountParam {
  const char* data = nullptr;
  size_t elem = 0;
  bool host = false;
  int type = 0;
  void* staged = nullptr;
};

struct CountBody : BodyBase {
  size_t elem;
  uint64_t first;
  cr_count_args a{};
  CountParam pe[2];
  const char* names[2] = {"", ""};
  const char* domains[2] = {"", ""};

  void set(int j, const cr_array* v) {
    if (!v) return;
    pe[j].data = static_cast<const char*>(v->data);
    pe[j].elem = type_size(v->type);
    pe[j].host = !v->on_device;
    pe[j].type = v->type;
    (j == 0 ? a.a : a.b).f32 = v->type == CR_TYPE_F32;
    if (pe[j].host) chunk = kDeviceChunk;
  }

  cr_status prepare(Scratch& sc, cudaStream_t s, const DeviceState& ds, uint64_t most, bool validate) {
    cr_status st = ok_status();
    for (int j = 0; j < 2; ++j) {
      if (!pe[j].host) continue;
      if ((st = alloc_device(sc.buf[j], most * pe[j].elem, s, ds.pools)).code) return st;
      pe[j].staged = sc.buf[j].p;
    }
    if (validate && (pe[0].data || pe[1].data)) {
      if ((st = alloc_device(sc.buf[2], 2 * sizeof(unsigned long long), s, ds.pools)).code) return st;
      CR_TRY(cudaMemsetAsync(sc.buf[2].p, 0xff, 2 * sizeof(unsigned long long), s));
      a.bad = static_cast<unsigned long long*>(sc.buf[2].p);
    }
    return st;
  }

  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    cr_count_args c = a;
    c.e0 = first + start;
    c.count = m;
    c.out = d;
    c.bad_base = start;
    for (int j = 0; j < 2; ++j) {
      const CountParam& p = pe[j];
      if (!p.data) continue;
      const void* values = p.data + start * p.elem;
      if (p.host) {
        const cudaError_t e = copy_from_caller(p.staged, values, m * p.elem, s);  // read before a _device twin returns
        if (e != cudaSuccess) return e;
        values = p.staged;
      }
      (j == 0 ? c.a : c.b).values = values;
    }
    return cr_launch_counts(c, sms, s);
  }

  /** CR_ERANGE naming the first parameter whose smallest bad index the device recorded. */
  cr_status verify(cudaStream_t s) {
    if (!a.bad) return ok_status();
    unsigned long long bad[2] = {kNoBadIndex, kNoBadIndex};
    CR_TRY(cudaMemcpyAsync(bad, a.bad, sizeof bad, cudaMemcpyDeviceToHost, s));
    CR_TRY(cudaStreamSynchronize(s));
    for (int j = 0; j < 2; ++j) {
      if (bad[j] == kNoBadIndex) continue;
      double v = 0;
      if (pe[j].type == CR_TYPE_F32) {
        float f = 0;
        CR_TRY(cudaMemcpy(&f, pe[j].data + bad[j] * 4, 4, pe[j].host ? cudaMemcpyHostToHost : cudaMemcpyDeviceToHost));
        v = f;
      } else {
        CR_TRY(cudaMemcpy(&v, pe[j].data + bad[j] * 8, 8, pe[j].host ? cudaMemcpyHostToHost : cudaMemcpyDeviceToHost));
      }
      char domain[160];
      snprintf(domain, sizeof domain, "%s for this dtype", domains[j]);
      return value_error(names[j], bad[j], domain, v);
    }
    return ok_status();
  }
};

cr_status check_values(const cr_array* v, uint64_t n, const char* what) {
  if (!v) return ok_status();
  if (!is_float_type(v->type) || !v->data || v->n < n) return invalid(what);
  return ok_status();
}

/** The fields every count body shares. */
cr_status init_counts(CountBody& b, uint32_t k0, uint32_t k1, uint64_t first, int kind, int type) {
  if (cr_status st = check_count_type(type); st.code) return st;
  b.elem = type_size(type);
  b.first = first;
  b.a.k0 = k0;
  b.a.k1 = k1;
  b.a.kind = kind;
  b.a.type = type;
  b.a.max = cr_count_max(type);
  return ok_status();
}

cr_status make_poisson(CountBody& b, uint32_t k0, uint32_t k1, uint64_t first, double lam, const cr_array* lams,
                       int type, uint64_t n) {
  if (cr_status st = init_counts(b, k0, k1, first, CR_COUNT_POISSON, type); st.code) return st;
  if (cr_status st = check_values(lams, n, "lam must hold at least n float32 or float64 values"); st.code) return st;
  b.a.a.alpha = lam;
  if (!lams && !cr_lam_fits(lam, b.a.max)) {
    return invalid("lam must be finite, >= 0, with lam + 64 sqrt(lam) + 64 at most the dtype's largest count");
  }
  b.set(0, lams);
  b.names[0] = "lam";
  b.domains[0] = "finite, >= 0 and with lam + 64·sqrt(lam) + 64 at most the largest count";
  return ok_status();
}

cr_status make_binomial(CountBody& b, uint32_t k0, uint32_t k1, uint64_t first, double count, const cr_array* counts,
                        double p, const cr_array* ps, int type, uint64_t n) {
  if (cr_status st = init_counts(b, k0, k1, first, CR_COUNT_BINOMIAL, type); st.code) return st;
  if (cr_status st = check_values(counts, n, "count must hold at least n float32 or float64 values"); st.code) return st;
  if (cr_status st = check_values(ps, n, "p must hold at least n float32 or float64 values"); st.code) return st;
  b.a.a.alpha = count;
  b.a.b.alpha = p;
  if (!counts && !cr_count_fits(count, b.a.max)) return invalid("count must be an integer in [0, the dtype's largest count]");
  if (!ps && !cr_probability(p)) return invalid("p must be in [0, 1]");
  b.set(0, counts);
  b.set(1, ps);
  b.names[0] = "count";
  b.domains[0] = "an integer in [0, the largest count]";
  b.names[1] = "p";
  b.domains[1] = "in [0, 1]";
  return ok_status();
}

cr_status make_negative_binomial(CountBody& b, uint32_t k0, uint32_t k1, uint64_t first, double r, double p, int type) {
  if (cr_status st = init_counts(b, k0, k1, first, CR_COUNT_NEGATIVE_BINOMIAL, type); st.code) return st;
  if (!(r > 0.0 && r <= 1.7976931348623157e308)) return invalid("r must be finite and > 0");
  if (!(p > 0.0 && p <= 1.0)) return invalid("p must be in (0, 1]");
  if (!cr_lam_fits(cr_negative_binomial_largest_mean(r, p), cr_count_max(type))) return invalid("r and p give counts the dtype cannot hold");
  b.a.a.alpha = r;
  b.a.b.alpha = p;
  return ok_status();
}

/** Multinomial rows: the K weights and their tail sums copied to the device once. */
struct MultinomialBody : BodyBase {
  size_t elem;
  uint32_t k0, k1;
  uint64_t first;
  double count;
  int type;
  uint32_t K;
  std::vector<double> host;  // w then tails
  const double* w = nullptr;

  cr_status prepare(Scratch& sc, cudaStream_t s, const DeviceState& ds, uint64_t, bool) {
    cr_status st = alloc_device(sc.buf[0], host.size() * sizeof(double), s, ds.pools);
    if (st.code) return st;
    CR_TRY(cudaMemcpyAsync(sc.buf[0].p, host.data(), host.size() * sizeof(double), cudaMemcpyHostToDevice, s));
    CR_TRY(cudaStreamSynchronize(s));  // `host` is pageable and ours: done before anything can free it
    w = static_cast<const double*>(sc.buf[0].p);
    return st;
  }

  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    const cr_multinomial_work work{k0, k1, cr_rows_of(first + start, m, K), K, m, count, w, w + K, d, type};
    return cr_launch_multinomial(work, sms, s);
  }
};

}  // namespace

cr_status cr_poisson(uint32_t k0, uint32_t k1, uint64_t first, double lam, const cr_array* lams, int proposals,
                     cr_array out) {
  if (cr_status st = check_proposals(proposals); st.code) return st;
  CountBody b{};
  if (cr_status st = make_poisson(b, k0, k1, first, lam, lams, out.type, out.n); st.code) return st;
  return run_blocking(b, out);
}

cr_status cr_poisson_device(uint32_t k0, uint32_t k1, uint64_t first, double lam, const void* dev_lams, int lam_type,
                            int proposals, void* dev_out, int type, uint64_t n, void* stream) {
  if (cr_status st = check_proposals(proposals); st.code) return st;
  const cr_array lams{const_cast<void*>(dev_lams), n, lam_type, 1};
  CountBody b{};
  if (cr_status st = make_poisson(b, k0, k1, first, lam, dev_lams ? &lams : nullptr, type, n); st.code) return st;
  return run_on_stream(b, dev_out, n, stream);
}

cr_status cr_binomial(uint32_t k0, uint32_t k1, uint64_t first, double count, const cr_array* counts, double p,
                      const cr_array* ps, int proposals, cr_array out) {
  if (cr_status st = check_proposals(proposals); st.code) return st;
  CountBody b{};
  if (cr_status st = make_binomial(b, k0, k1, first, count, counts, p, ps, out.type, out.n); st.code) return st;
  return run_blocking(b, out);
}

cr_status cr_binomial_device(uint32_t k0, uint32_t k1, uint64_t first, double count, double p, int proposals,
                             void* dev_out, int type, uint64_t n, void* stream) {
  if (cr_status st = check_proposals(proposals); st.code) return st;
  CountBody b{};
  if (cr_status st = make_binomial(b, k0, k1, first, count, nullptr, p, nullptr, type, n); st.code) return st;
  return run_on_stream(b, dev_out, n, stream);
}

cr_status cr_negative_binomial(uint32_t k0, uint32_t k1, uint64_t first, double r, double p, int proposals,
                               cr_array out) {
  if (cr_status st = check_proposals(proposals); st.code) return st;
  CountBody b{};
  if (cr_status st = make_negative_binomial(b, k0, k1, first, r, p, out.type); st.code) return st;
  return run_blocking(b, out);
}

cr_status cr_negative_binomial_device(uint32_t k0, uint32_t k1, uint64_t first, double r, double p, int proposals,
                                      void* dev_out, int type, uint64_t n, void* stream) {
  if (cr_status st = check_proposals(proposals); st.code) return st;
  CountBody b{};
  if (cr_status st = make_negative_binomial(b, k0, k1, first, r, p, type); st.code) return st;
  return run_on_stream(b, dev_out, n, stream);
}

cr_status cr_multinomial(uint32_t k0, uint32_t k1, uint64_t first, double count, cr_array probs, cr_array out) {
  if (cr_status st = check_count_type(out.type); st.code) return st;
  if (probs.type != CR_TYPE_F64 || probs.on_device || !probs.data || probs.n < 1 || probs.n > (1u << 20)) {
    return invalid("probs must hold 1 to 2^20 float64 weights in host memory");
  }
  if (!cr_count_fits(count, cr_count_max(out.type))) return invalid("count must be an integer in [0, the dtype's largest count]");
  MultinomialBody b{};
  b.elem = type_size(out.type);
  b.k0 = k0;
  b.k1 = k1;
  b.first = first;
  b.count = count;
  b.type = out.type;
  b.K = (uint32_t)probs.n;
  b.host.assign(2 * probs.n, 0.0);
  const double* w = static_cast<const double*>(probs.data);
  double total = 0;
  for (uint32_t k = 0; k < b.K; ++k) {
    if (!(w[k] >= 0.0 && w[k] <= 1.7976931348623157e308)) return invalid("probs must be finite and >= 0");
    b.host[k] = w[k];
    total += w[k];
  }
  if (!(total > 0.0 && total <= 1.7976931348623157e308)) return invalid("probs must have a positive finite total");
  cr_weight_tails(b.host.data(), b.K, b.host.data() + b.K);
  return run_blocking(b, out);
}
