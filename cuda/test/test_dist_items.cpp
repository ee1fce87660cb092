// Host test of the distribution kernels' work items (cuda/include/cr_dist_items.h), compiled with g++
// -ffp-contract=off by test/cuda-host.test.ts. The per-element functions of cr_normal.h / cr_gamma.h
// are checked against the TypeScript backend by test_distributions.cpp; this program checks that the
// kernels' decomposition of the work gives exactly those elements:
//   - Box–Muller, polar, exponential and transform work (cr_work.h, through the kernels' own dispatch):
//     head/tail words of unaligned offsets and lengths and the vector-store path, on aligned and
//     misaligned outputs, with guard elements around the range;
//   - the M-proposal gamma kernel, simulated warp by warp and round by round with the same lane roles,
//     ballot and winner selection as the device (M = 1 … 32, scalar, per-element and periodic shapes,
//     both proposal layouts), against the sequential first-accepted draw;
//   - beta from two draws, and Dirichlet chunks cut anywhere (whole-row spans, row normalisation,
//     writes inside the chunk only) against cr_dirichlet_row.
#include <vector>

#include "cr_dist_items.h"
#include "cr_work.h"
#include "cr_test.h"

namespace {

const uint32_t kKeys[][2] = {{0x01234567u, 0x89abcdefu}, {0u, 0u}, {0xffffffffu, 7u}};
const uint64_t kFirsts[] = {0, 1, 2, 3, 5, 4ull * 0xffffffffull - 2, (1ull << 33) + 1, (1ull << 62) + 3};
const uint64_t kSizes[] = {0, 1, 2, 3, 4, 5, 7, 9, 31, 33, 130};

template <class T>
bool same_bits(T a, T b) {
  return memcmp(&a, &b, sizeof(T)) == 0;
}

/** A 16-byte aligned buffer with `guard` sentinel elements before and after n, shifted by `shift`. */
template <class T>
struct Guarded {
  std::vector<unsigned char> raw;
  T* dst;
  size_t guard, shift, n;
  Guarded(size_t n_, size_t shift_, size_t guard_ = 4) : raw((n_ + 2 * guard_ + 8) * sizeof(T) + 32), guard(guard_),
                                                          shift(shift_), n(n_) {
    memset(raw.data(), 0xAB, raw.size());
    uintptr_t p = (reinterpret_cast<uintptr_t>(raw.data()) + 15) & ~(uintptr_t)15;
    dst = reinterpret_cast<T*>(p) + guard + shift;
  }
  bool guards_intact() const {
    const unsigned char* lo = reinterpret_cast<const unsigned char*>(dst - guard - shift);
    const unsigned char* hi = reinterpret_cast<const unsigned char*>(dst + n);
    for (const unsigned char* c = lo; c < reinterpret_cast<const unsigned char*>(dst); ++c)
      if (*c != 0xAB) return false;
    for (size_t i = 0; i < guard * sizeof(T); ++i)
      if (hi[i] != 0xAB) return false;
    return true;
  }
};

template <class F>
void run_items(uint64_t items, F item) {
  for (uint64_t q = items; q-- > 0;) item(q);  // any order: items are independent
}

/** The `run` of cr_work.h's visitors: a work object's items in reverse order (any order will do). */
struct HostRun {
  template <class Work>
  int operator()(const Work& w) const {
    run_items(w.items(), [&](uint64_t q) { w(q); });
    return 0;
  }
};

void test_raw_samplers() {
  const double params[][2] = {{0.0, 1.0}, {-2.5, 3.75}};
  int cases = 0;
  for (auto& k : kKeys) {
    for (uint64_t first : kFirsts) {
      for (uint64_t n : kSizes) {
        for (size_t shift = 0; shift < 4; ++shift) {
          for (auto& p : params) {
            const double mean = p[0], sd = p[1];
            for (int polar = 0; polar < 2; ++polar) {
              Guarded<float> f(n, shift);
              Guarded<double> d(n, shift);
              cr_visit_normal(HostRun{}, f.dst, true, n, k[0], k[1], first, polar != 0, mean, sd);
              cr_visit_normal(HostRun{}, d.dst, false, n, k[0], k[1], first, polar != 0, mean, sd);
              for (uint64_t i = 0; i < n; ++i) {
                CRT_CHECK(same_bits(f.dst[i], cr_normal_f32(k[0], k[1], first + i, polar, mean, sd)),
                          "normal float32 polar=%d first=%llu n=%llu shift=%zu i=%llu", polar,
                          (unsigned long long)first, (unsigned long long)n, shift, (unsigned long long)i);
                CRT_CHECK(same_bits(d.dst[i], cr_normal_f64(k[0], k[1], first + i, polar, mean, sd)),
                          "normal float64 polar=%d first=%llu n=%llu shift=%zu i=%llu", polar,
                          (unsigned long long)first, (unsigned long long)n, shift, (unsigned long long)i);
              }
              CRT_CHECK(f.guards_intact() && d.guards_intact(), "normal polar=%d wrote outside n=%llu shift=%zu",
                        polar, (unsigned long long)n, shift);
              ++cases;
            }
          }
          // exponential
          const double rate = 1.5;
          Guarded<float> f(n, shift);
          Guarded<double> d(n, shift);
          cr_visit_exponential(HostRun{}, f.dst, true, n, k[0], k[1], first, rate);
          cr_visit_exponential(HostRun{}, d.dst, false, n, k[0], k[1], first, rate);
          for (uint64_t i = 0; i < n; ++i) {
            CRT_CHECK(same_bits(f.dst[i], (float)cr_exponential_element(k[0], k[1], first + i, rate, false)),
                      "exponential float32 first=%llu i=%llu", (unsigned long long)first, (unsigned long long)i);
            CRT_CHECK(same_bits(d.dst[i], cr_exponential_element(k[0], k[1], first + i, rate, true)),
                      "exponential float64 first=%llu i=%llu", (unsigned long long)first, (unsigned long long)i);
          }
          CRT_CHECK(f.guards_intact() && d.guards_intact(), "exponential wrote outside n=%llu", (unsigned long long)n);
          // every transform of cr_transforms.h, through the kernels' own dispatch
          const double tp[][CR_TRANSFORM_MAX_PARAMS] = {{0.5, 1.25, 0, 0}, {-1.0, 0.3, 0, 0}};
          for (int id = 0; cr_transform_params(id) >= 0; ++id) {
            for (auto& p : tp) {
              Guarded<float> tf(n, shift);
              Guarded<double> td(n, shift);
              cr_visit_transform(HostRun{}, tf.dst, true, n, k[0], k[1], first, id, p);
              cr_visit_transform(HostRun{}, td.dst, false, n, k[0], k[1], first, id, p);
              for (uint64_t i = 0; i < n; ++i) {
                CRT_CHECK(same_bits(tf.dst[i], (float)cr_transform_element(k[0], k[1], first + i, id, p, false)),
                          "transform %d float32 first=%llu i=%llu", id, (unsigned long long)first, (unsigned long long)i);
                CRT_CHECK(same_bits(td.dst[i], cr_transform_element(k[0], k[1], first + i, id, p, true)),
                          "transform %d float64 first=%llu i=%llu", id, (unsigned long long)first, (unsigned long long)i);
              }
              CRT_CHECK(tf.guards_intact() && td.guards_intact(), "transform %d wrote outside n=%llu", id,
                        (unsigned long long)n);
            }
          }
        }
      }
    }
  }
  printf("normal/exponential items: %d cases\n", cases);
}

// ---- the M-proposal gamma kernel, one warp at a time -------------------------------------------------

struct Draw {
  double dv, U;
};

/**
 * The device's draw_lanes + k_gamma_lanes for one warp pass: lanes serve elements base + group; each
 * round every undecided lane evaluates its proposal, the ballot is the OR of acceptances, and each
 * lane takes its group's winner's draw (a shuffle on the device). Returns the draws of the groups'
 * elements (index: group), and how many rounds the pass took.
 */
int simulate_warp(uint32_t k0, uint32_t k1, uint64_t e0, uint64_t base, uint64_t count, const cr_shape_view& shape,
                  bool wide, unsigned log2m, std::vector<Draw>& out) {
  bool done[32], ok[32];
  double g[32], u[32], dv[32], U[32];
  cr_gamma_mt mt[32];
  uint64_t elem[32];
  for (unsigned lane = 0; lane < 32; ++lane) {
    elem[lane] = base + cr_lane_group(lane, log2m);
    done[lane] = elem[lane] >= count;
    mt[lane] = cr_gamma_setup(done[lane] ? 1.0 : cr_shape_at(shape, elem[lane]));
    dv[lane] = U[lane] = 0.0;
  }
  int rounds = 0;
  for (uint32_t round = 0;; ++round) {
    ++rounds;
    uint32_t ballot = 0;
    for (unsigned lane = 0; lane < 32; ++lane) {
      g[lane] = u[lane] = 0.0;
      ok[lane] = !done[lane] && cr_gamma_try(k0, k1, e0 + elem[lane],
                                             cr_lane_proposal(round, cr_lane_member(lane, log2m), log2m), mt[lane],
                                             wide, &g[lane], &u[lane]);
      if (ok[lane]) ballot |= 1u << lane;
    }
    bool all = true;
    for (unsigned lane = 0; lane < 32; ++lane) {
      const int winner = cr_group_winner(ballot, cr_lane_group(lane, log2m), log2m);
      const int src = winner < 0 ? (int)lane : winner;
      if (!done[lane] && winner >= 0) {
        dv[lane] = g[src];
        U[lane] = u[src];
        done[lane] = true;
      }
      all = all && done[lane];
    }
    if (all) break;
  }
  const unsigned G = cr_groups_per_warp(log2m);
  out.assign(G, Draw{0, 0});
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (cr_lane_member(lane, log2m) == 0 && elem[lane] < count) out[cr_lane_group(lane, log2m)] = Draw{dv[lane], U[lane]};
    // every member of a group holds the same draw
    if (elem[lane] < count) {
      const unsigned lead = cr_lane_group(lane, log2m) << log2m;
      CRT_CHECK(same_bits(dv[lane], dv[lead]) && same_bits(U[lane], U[lead]), "lane %u disagrees with its group", lane);
    }
  }
  return rounds;
}

void test_vote_bits() {
  // group bits and winners for hand-made ballots
  CRT_CHECK(cr_group_winner(0u, 0, 0) == -1, "empty ballot");
  CRT_CHECK(cr_group_winner(0x80000000u, 31, 0) == 31, "M=1 lane 31");
  CRT_CHECK(cr_group_winner(0x80000000u, 0, 5) == 31, "M=32 last lane");
  CRT_CHECK(cr_group_winner(0xfffffffeu, 0, 5) == 1, "M=32 first set");
  CRT_CHECK(cr_group_winner(0x00000c00u, 2, 2) == 10, "M=4 group 2 -> lane 10");
  CRT_CHECK(cr_group_winner(0x00000c00u, 1, 2) == -1, "M=4 group 1 none");
  CRT_CHECK(cr_group_winner(0x00030000u, 1, 4) == 16, "M=16 group 1");
  CRT_CHECK(cr_group_bits(0xf0f0f0f0u, 3, 3) == 0xf0u, "M=8 group 3 bits");
  for (int M = 1; M <= 32; M *= 2) CRT_CHECK(cr_lanes_log2(M) >= 0 && (1 << cr_lanes_log2(M)) == M, "log2 %d", M);
  for (int M : {0, 3, 6, 33, 64, -1}) CRT_CHECK(cr_lanes_log2(M) == -1, "not a lane count: %d", M);
  // proposals -> lanes: 1 is the thread loop (0 lanes); else the largest power of two <= min(p, 32)
  const int lanes_of[][2] = {{1, 0}, {2, 2}, {3, 2}, {4, 4}, {7, 4}, {8, 8}, {31, 16}, {32, 32}, {33, 32}, {1024, 32}};
  for (auto& pl : lanes_of) CRT_CHECK(cr_lanes_for(pl[0]) == pl[1], "cr_lanes_for(%d) = %d", pl[0], cr_lanes_for(pl[0]));
  // exhaustive: every lane of every M finds the lowest set bit of its own group
  for (unsigned log2m = 0; log2m <= 5; ++log2m) {
    for (uint32_t ballot : {0x1u, 0x80000001u, 0x12345678u, 0xdeadbeefu, 0x00ff00ffu, 0xffffffffu}) {
      for (unsigned lane = 0; lane < 32; ++lane) {
        const unsigned grp = cr_lane_group(lane, log2m), M = 1u << log2m;
        int want = -1;
        for (unsigned m = 0; m < M; ++m)
          if (ballot >> (grp * M + m) & 1u) {
            want = (int)(grp * M + m);
            break;
          }
        CRT_CHECK(cr_group_winner(ballot, grp, log2m) == want, "winner M=%u lane %u ballot %08x", M, lane, ballot);
      }
    }
  }
}

void test_gamma_lanes() {
  const double scalars[] = {0.05, 0.3, 1.0, 2.5, 30.0, 1e-3};
  const double per[] = {0.01, 0.7, 1.0, 4.5, 1e3, 0.2, 3.0};
  const float per32[] = {0.01f, 0.7f, 1.0f, 4.5f, 1e3f, 0.2f, 3.0f};
  int checked = 0;
  long long rounds_total[6] = {0}, passes[6] = {0};
  for (auto& k : kKeys) {
    for (uint64_t e0 : {0ull, 5ull, (1ull << 32) - 3, (1ull << 61) + 7}) {
      for (int wide = 0; wide < 2; ++wide) {
        std::vector<cr_shape_view> shapes;
        for (double a : scalars) shapes.push_back(cr_shape_view{a, nullptr, 0, 0});
        shapes.push_back(cr_shape_view{0, per, 0, 7});      // periodic, like Dirichlet components
        shapes.push_back(cr_shape_view{0, per32, 1, 7});    // float32 shapes
        for (const cr_shape_view& shape : shapes) {
          const uint64_t count = 45;
          std::vector<double> want(count);
          for (uint64_t i = 0; i < count; ++i) {
            double dv, U;
            cr_gamma_draw(k[0], k[1], e0 + i, cr_gamma_setup(cr_shape_at(shape, i)), wide, 1, &dv, &U);
            want[i] = cr_gamma_value(cr_shape_at(shape, i), dv, U);
          }
          for (unsigned log2m = 0; log2m <= 5; ++log2m) {
            const unsigned G = cr_groups_per_warp(log2m);
            std::vector<Draw> draws;
            for (uint64_t base = 0; base < count; base += G) {
              rounds_total[log2m] += simulate_warp(k[0], k[1], e0, base, count, shape, wide, log2m, draws);
              ++passes[log2m];
              for (unsigned grp = 0; grp < G && base + grp < count; ++grp) {
                const uint64_t i = base + grp;
                const double v = cr_gamma_value(cr_shape_at(shape, i), draws[grp].dv, draws[grp].U);
                CRT_CHECK(same_bits(v, want[i]), "gamma lanes M=%u wide=%d alpha=%g e=%llu: %a vs %a", 1u << log2m,
                          wide, cr_shape_at(shape, i), (unsigned long long)(e0 + i), v, want[i]);
                ++checked;
              }
            }
          }
        }
      }
    }
  }
  printf("gamma M-proposal lanes: %d element checks; mean rounds per warp pass by M:", checked);
  for (int l = 0; l <= 5; ++l) printf(" %d:%.2f", 1 << l, (double)rounds_total[l] / (double)passes[l]);
  printf("\n");
}

/** Jöhnk's region (a, b <= 1): cr_beta_element is the first accepted proposal of cr_johnk_try, in [0, 1]. */
void test_beta_johnk() {
  const double pairs[][2] = {{0.2, 0.3}, {1, 1}, {0.5, 0.5}, {1e-3, 0.5}, {0.01, 0.02}, {1e-300, 1e-300}, {1, 1e-300}};
  int rejected = 0;
  for (auto& k : kKeys) {
    for (uint64_t e : {0ull, 1ull, 99ull, (1ull << 40) + 3, ~0ull >> 1}) {
      for (auto& p : pairs) {
        uint32_t t = 0;
        double want = 0.0;
        while (!cr_johnk_try(k[0], k[1], e, t, p[0], p[1], &want)) ++t;
        rejected += (int)t;
        for (int wide = 0; wide < 2; ++wide) {
          const double got = cr_beta_element(k[0], k[1], e, p[0], p[1], wide, 1 + 3 * wide);
          CRT_CHECK(same_bits(got, want), "beta johnk a=%g b=%g e=%llu", p[0], p[1], (unsigned long long)e);
          CRT_CHECK(got >= 0.0 && got <= 1.0, "beta johnk a=%g b=%g e=%llu: %a", p[0], p[1], (unsigned long long)e,
                    got);
        }
      }
    }
  }
  // the log-space form: X subnormal (lx = -720) while Y is not, and both zero
  double v = -1.0;
  CRT_CHECK(cr_johnk_logs(-0.72, -0.5, 1e-3, 0.5, &v) && v > 0.0 && v < 1e-300, "log space, X subnormal: %a", v);
  CRT_CHECK(cr_johnk_logs(-2.0, -2.0, 1e-300, 1e-300, &v) && v == 0.5, "log space, X = Y = 0: %a", v);
  CRT_CHECK(!cr_johnk_logs(-0.1, -0.1, 1.0, 1.0, &v), "X + Y > 1 rejects");
  printf("beta johnk: %d rejected proposals before the accepted ones\n", rejected);
}

void test_beta_and_dirichlet() {
  const double pairs[][2] = {{2, 3}, {1.5, 0.3}, {0.5, 4}, {1e3, 0.01}};
  for (auto& k : kKeys) {
    for (uint64_t e : {0ull, 1ull, 99ull, (1ull << 40) + 3}) {
      for (auto& p : pairs) {
        for (int wide = 0; wide < 2; ++wide) {
          double dva, Ua, dvb, Ub;
          cr_gamma_draw(k[0], k[1], 2 * e, cr_gamma_setup(p[0]), wide, 1, &dva, &Ua);
          cr_gamma_draw(k[0], k[1], 2 * e + 1, cr_gamma_setup(p[1]), wide, 1, &dvb, &Ub);
          const double got = cr_beta_from_draws(p[0], p[1], dva, Ua, dvb, Ub);
          CRT_CHECK(same_bits(got, cr_beta_element(k[0], k[1], e, p[0], p[1], wide, 1)), "beta a=%g b=%g e=%llu", p[0],
                    p[1], (unsigned long long)e);
        }
      }
    }
  }
  // Dirichlet: flat values [first, first + total) cut into chunks of every size, each chunk computed the
  // way the kernels do (terms of whole rows, then row items writing inside the chunk)
  const std::vector<std::vector<double>> alphas = {{0.3, 0.5, 0.2}, {1.5, 0.2, 7, 0.9, 2}, {0.1}, {4, 0.5}};
  int chunks = 0;
  for (const auto& alpha : alphas) {
    const uint32_t K = (uint32_t)alpha.size();
    bool all_small = true;
    for (double a : alpha) all_small = all_small && a < 1.0;
    for (uint64_t row_off : {0ull, 3ull, (1ull << 35) + 1}) {
      for (int wide = 0; wide < 2; ++wide) {
        const uint64_t first = row_off * K + (K > 1 ? 1 : 0), total = 4 * K + 3;
        std::vector<double> want(total);
        std::vector<double> row(K);
        for (uint64_t f = 0; f < total; ++f) {
          const uint64_t v = first + f;
          cr_dirichlet_row(kKeys[0][0], kKeys[0][1], (v / K) * K, alpha.data(), (int)K, wide, 1, row.data());
          want[f] = row[v % K];
        }
        for (uint64_t chunk = 1; chunk <= total; ++chunk) {
          std::vector<double> got(total, -1.0);
          for (uint64_t start = 0; start < total; start += chunk) {
            const uint64_t m = std::min(chunk, total - start);
            const cr_row_span span = cr_rows_of(first + start, m, K);
            CRT_CHECK(span.row0 * K + span.lead == first + start && span.rows * K >= span.lead + m &&
                          span.rows * K < span.lead + m + K,
                      "row span of [%llu, +%llu) K=%u", (unsigned long long)(first + start), (unsigned long long)m, K);
            const cr_shape_view shape{0, alpha.data(), 0, K};
            std::vector<double> terms(span.rows * K);
            for (uint64_t i = 0; i < terms.size(); ++i) {
              double dv, U;
              const double a = cr_shape_at(shape, i);
              cr_gamma_draw(kKeys[0][0], kKeys[0][1], span.row0 * K + i, cr_gamma_setup(a), wide, 1, &dv, &U);
              terms[i] = cr_row_term(a, dv, U, all_small);
            }
            for (uint64_t r = span.rows; r-- > 0;)
              cr_dirichlet_row_item(r, terms.data(), K, all_small, span.lead, m, got.data() + start);
            ++chunks;
          }
          for (uint64_t f = 0; f < total; ++f)
            CRT_CHECK(same_bits(got[f], want[f]), "dirichlet K=%u chunk=%llu value %llu: %a vs %a", K,
                      (unsigned long long)chunk, (unsigned long long)f, got[f], want[f]);
        }
      }
    }
  }
  printf("beta from draws; dirichlet: %d chunks\n", chunks);
}

void test_shapes() {
  const double d[] = {1, 2, 3};
  const float f[] = {0.5f, 0.25f};
  CRT_CHECK(cr_shape_at(cr_shape_view{7.5, nullptr, 0, 0}, 123) == 7.5, "scalar shape");
  CRT_CHECK(cr_shape_at(cr_shape_view{0, d, 0, 0}, 2) == 3, "per-element shape");
  CRT_CHECK(cr_shape_at(cr_shape_view{0, d, 0, 3}, 7) == 2, "periodic shape");
  CRT_CHECK(cr_shape_at(cr_shape_view{0, f, 1, 2}, 5) == 0.25, "float32 periodic shape");
  const double inf = 1.0 / 0.0, nan = 0.0 / 0.0;
  for (double bad : {0.0, -0.0, -1.0, inf, -inf, nan}) CRT_CHECK(!cr_shape_valid(bad, CR_SHAPE_MAX_GAMMA), "invalid %g", bad);
  CRT_CHECK(cr_shape_valid(5e-324, CR_SHAPE_MAX_GAMMA) && cr_shape_valid(1.7976931348623157e308, CR_SHAPE_MAX_GAMMA),
            "extreme valid gamma shapes");
  CRT_CHECK(cr_shape_valid(1e300, CR_SHAPE_MAX_ROW) && !cr_shape_valid(1.0000000000000001e300 * 1.0001, CR_SHAPE_MAX_ROW),
            "row shape limit");
}

}  // namespace

int main() {
  test_raw_samplers();
  test_vote_bits();
  test_gamma_lanes();
  test_beta_johnk();
  test_beta_and_dirichlet();
  test_shapes();
  return crt::report("test_dist_items");
}
