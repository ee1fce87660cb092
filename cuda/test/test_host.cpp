// Host test of the shared CUDA headers (cuda/include), compiled for the CPU with g++
// -ffp-contract=off and run from the repository root by test/cuda-host.test.ts (npm test). It checks
// the very functions the kernels call against the same vectors as the TypeScript tests:
//   - Philox4x32-10 against Random123's known answers (test/vectors/random123_kat_32bit.txt)
//   - raw stream and uniform maps against the TypeScript backend (test/vectors/philox_stream.json)
//   - the kernels' work items (head/tail/aligned paths of cr_fill.h) against the sequential stream
//   - XORWOW seeding, step and skip-ahead against test/vectors/curand_xorwow.json, and the fill
//     kernel's per-thread skip-ahead decomposition against plain stepping.
#include <vector>

#include "cr_fill.h"
#include "cr_philox.h"
#include "cr_test.h"
#include "cr_uniform.h"
#include "cr_xorwow.h"

using crt::Json;

static void test_kat() {
  std::string text = crt::read_file("test/vectors/random123_kat_32bit.txt");
  std::istringstream in(text);
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) {
    if (line.rfind("philox4x32 10 ", 0) != 0) continue;
    std::istringstream ls(line.substr(14));
    uint32_t w[10];
    for (int i = 0; i < 10; ++i) {
      std::string h;
      ls >> h;
      w[i] = (uint32_t)std::strtoul(h.c_str(), nullptr, 16);
    }
    uint32_t out[4];
    cr_philox4x32_10(w, w + 4, out);
    for (int i = 0; i < 4; ++i) CRT_CHECK(out[i] == w[6 + i], "KAT line %d word %d: %08x != %08x", lines, i, out[i], w[6 + i]);
    ++lines;
  }
  CRT_CHECK(lines == 3, "expected 3 philox4x32 10 KAT lines, found %d", lines);
}

// A buffer with 16-byte aligned storage; at(k) returns a pointer k elements in.
template <class T>
struct Buf {
  std::vector<unsigned char> raw;
  T* base;
  explicit Buf(size_t n) : raw((n + 8) * sizeof(T) + 32) {
    uintptr_t p = reinterpret_cast<uintptr_t>(raw.data());
    base = reinterpret_cast<T*>((p + 15) & ~(uintptr_t)15);
  }
};

// Runs the kernel work items for every item, in a shuffled order (as a grid would), into dst.
template <class F>
static void run_items(uint64_t items, F item) {
  for (uint64_t q = items; q-- > 0;) item(q);  // reverse order: no item relies on another
}

static void test_raw_stream(const Json& v) {
  const Json& cases = v["bits"];
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    const uint32_t k0 = k["k0"].u32(), k1 = k["k1"].u32();
    const uint64_t first = k["offset"].u64(), n = k["n"].u64();
    std::vector<uint32_t> ref(n);
    cr_raw_stream_host(k0, k1, first, ref.data(), n);
    for (uint64_t i = 0; i < n; ++i) {
      CRT_CHECK(ref[i] == k["words"][i].u32(), "bits case %zu word %llu", c, (unsigned long long)i);
    }
    // the kernel's work items, on an aligned and on a misaligned output
    for (int shift = 0; shift < 4; ++shift) {
      Buf<uint32_t> b(n + 4);
      uint32_t* dst = b.base + shift;
      const bool aligned = cr_fill_aligned(dst, 4, (unsigned)(first & 3));
      run_items(cr_bits_items(n, first), [&](uint64_t q) { cr_bits_item(q, dst, n, k0, k1, first, aligned); });
      CRT_CHECK(memcmp(dst, ref.data(), n * 4) == 0, "bits items case %zu shift %d", c, shift);
    }
  }
}

static void test_uniform(const Json& v) {
  const Json& c32 = v["uniform32"];
  for (size_t c = 0; c < c32.size(); ++c) {
    const Json& k = c32[c];
    const uint32_t k0 = k["k0"].u32(), k1 = k["k1"].u32();
    const uint64_t first = k["offset"].u64();
    const double low = k["low"].d(), high = k["high"].d();
    const bool unit = low == 0.0 && high == 1.0;
    const Json& vals = k["values"];
    const uint64_t n = vals.size();
    std::vector<uint32_t> w(n);
    cr_raw_stream_host(k0, k1, first, w.data(), n);
    std::vector<float> ref(n);
    for (uint64_t i = 0; i < n; ++i) {
      ref[i] = cr_uniform_f32(w[i], unit, low, high - low);
      const float want = (float)vals[i].d();
      CRT_CHECK(crt::bits_of(ref[i]) == crt::bits_of(want), "uniform32 case %zu element %llu: %.9g != %.9g", c,
                (unsigned long long)i, ref[i], want);
    }
    for (int shift = 0; shift < 4; ++shift) {
      Buf<float> b(n + 4);
      float* dst = b.base + shift;
      const bool aligned = cr_fill_aligned(dst, 4, (unsigned)(first & 3));
      run_items(cr_bits_items(n, first),
                [&](uint64_t q) { cr_uniform32_item(q, dst, n, k0, k1, first, aligned, unit, low, high - low); });
      CRT_CHECK(memcmp(dst, ref.data(), n * 4) == 0, "uniform32 items case %zu shift %d", c, shift);
    }
  }
  const Json& c64 = v["uniform64"];
  for (size_t c = 0; c < c64.size(); ++c) {
    const Json& k = c64[c];
    const uint32_t k0 = k["k0"].u32(), k1 = k["k1"].u32();
    const uint64_t first = k["offset"].u64();
    const double low = k["low"].d(), high = k["high"].d();
    const bool unit = low == 0.0 && high == 1.0;
    const Json& vals = k["values"];
    const uint64_t n = vals.size();
    std::vector<uint32_t> w(2 * n);
    cr_raw_stream_host(k0, k1, 2 * first, w.data(), 2 * n);
    std::vector<double> ref(n);
    for (uint64_t i = 0; i < n; ++i) {
      ref[i] = cr_uniform_f64(w[2 * i], w[2 * i + 1], unit, low, high - low);
      CRT_CHECK(crt::bits_of(ref[i]) == crt::bits_of(vals[i].d()), "uniform64 case %zu element %llu: %.17g != %.17g",
                c, (unsigned long long)i, ref[i], vals[i].d());
    }
    for (int shift = 0; shift < 2; ++shift) {
      Buf<double> b(n + 2);
      double* dst = b.base + shift;
      const bool aligned = cr_fill_aligned(dst, 8, (unsigned)(first & 1));
      run_items(cr_uniform64_items(n, first),
                [&](uint64_t q) { cr_uniform64_item(q, dst, n, k0, k1, first, aligned, unit, low, high - low); });
      CRT_CHECK(memcmp(dst, ref.data(), n * 8) == 0, "uniform64 items case %zu shift %d", c, shift);
    }
  }
}

// Every (offset mod 4, n) shape the kernels' head/tail logic distinguishes, near a counter carry.
static void test_item_shapes() {
  const uint32_t k0 = 0x9e3779b9u, k1 = 0x01234567u;
  for (uint64_t base_off : {0ull, 4ull * 0xffffffffull - 8}) {
    for (uint64_t lane = 0; lane < 4; ++lane) {
      for (uint64_t n = 0; n <= 21; ++n) {
        const uint64_t first = base_off + lane;
        std::vector<uint32_t> ref(n + 1);
        cr_raw_stream_host(k0, k1, first, ref.data(), n);
        for (int shift = 0; shift < 4; ++shift) {
          Buf<uint32_t> b(n + 8);
          for (size_t i = 0; i < n + 8; ++i) b.base[i] = 0xdeadbeef;
          uint32_t* dst = b.base + 1 + shift;
          run_items(cr_bits_items(n, first), [&](uint64_t q) {
            cr_bits_item(q, dst, n, k0, k1, first, cr_fill_aligned(dst, 4, (unsigned)(first & 3)));
          });
          CRT_CHECK(memcmp(dst, ref.data(), n * 4) == 0, "shape lane %llu n %llu shift %d", (unsigned long long)lane,
                    (unsigned long long)n, shift);
          CRT_CHECK(dst[-1] == 0xdeadbeef && dst[n] == 0xdeadbeef, "write outside [0, n): lane %llu n %llu",
                    (unsigned long long)lane, (unsigned long long)n);
        }
      }
    }
  }
}

static void test_xorwow(const Json& cases) {
  std::vector<cr_xorwow_matrix> jumps(CR_XORWOW_HOST_JUMPS);
  cr_xorwow_make_jumps(jumps.data(), CR_XORWOW_HOST_JUMPS);
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    cr_xorwow_state s;
    cr_xorwow_init(jumps.data(), k["seed"].u64(), k["subsequence"].u64(), k["offset"].u64(), &s);
    const Json& want = k["curand"];
    for (size_t i = 0; i < want.size(); ++i) {
      const uint32_t got = cr_xorwow_next(&s);
      CRT_CHECK(got == want[i].u32(), "xorwow case %zu output %zu: %u != %u", c, i, got, want[i].u32());
    }
  }
  // skipahead(k) == k steps, and skips compose
  for (uint64_t k : {1ull, 2ull, 31ull, 32ull, 1000ull, 65537ull}) {
    cr_xorwow_state a, b;
    cr_xorwow_seed(42, &a);
    b = a;
    for (uint64_t i = 0; i < k; ++i) cr_xorwow_next(&a);
    cr_xorwow_skipahead(jumps.data(), CR_XORWOW_HOST_JUMPS, k, &b);
    CRT_CHECK(memcmp(&a, &b, sizeof a) == 0, "skipahead(%llu) != %llu steps", (unsigned long long)k,
              (unsigned long long)k);
  }
  {
    cr_xorwow_state a, b;
    cr_xorwow_seed(7, &a);
    b = a;
    cr_xorwow_skipahead(jumps.data(), CR_XORWOW_HOST_JUMPS, 0xfedcba9876543210ull, &a);
    cr_xorwow_skipahead(jumps.data(), CR_XORWOW_HOST_JUMPS, 0x7edcba9876543210ull, &b);
    cr_xorwow_skipahead(jumps.data(), CR_XORWOW_HOST_JUMPS, 0x8000000000000000ull, &b);
    CRT_CHECK(memcmp(&a, &b, sizeof a) == 0, "skipahead does not compose");
    // subsequence 2 == subsequence 1 twice
    cr_xorwow_seed(7, &a);
    b = a;
    cr_xorwow_skipahead_sequence(jumps.data(), CR_XORWOW_HOST_JUMPS, 2, &a);
    cr_xorwow_skipahead_sequence(jumps.data(), CR_XORWOW_HOST_JUMPS, 1, &b);
    cr_xorwow_skipahead_sequence(jumps.data(), CR_XORWOW_HOST_JUMPS, 1, &b);
    CRT_CHECK(memcmp(&a, &b, sizeof a) == 0, "skipahead_sequence does not compose");
  }
  // The fill kernel's decomposition: thread g starts g * L steps in; output e = g L + i.
  for (uint64_t n : {1ull, 31ull, 32ull, 33ull, 1000ull, 4099ull, 20000ull}) {
    for (uint64_t target : {1ull, 3ull, 40ull, 1024ull}) {
      cr_xorwow_state base;
      cr_xorwow_init(jumps.data(), 1234, 1, 77, &base);
      std::vector<uint32_t> ref(n), got(n, 0);
      cr_xorwow_state s = base;
      for (uint64_t i = 0; i < n; ++i) ref[i] = cr_xorwow_next(&s);
      const int log2_seg = cr_xorwow_log2_seg(n, target);
      const uint64_t L = 1ull << log2_seg;
      CRT_CHECK(log2_seg >= 5 && ((target << log2_seg) >= n || log2_seg == 40), "segment size");
      for (uint64_t g = 0; g * L < n; ++g) {
        cr_xorwow_state t;
        cr_xorwow_thread_state(jumps.data(), 64, &base, g, log2_seg, &t);
        for (uint64_t i = 0; i < L && g * L + i < n; ++i) got[g * L + i] = cr_xorwow_next(&t);
      }
      CRT_CHECK(got == ref, "xorwow decomposition n=%llu target=%llu", (unsigned long long)n,
                (unsigned long long)target);
    }
  }
}

int main() {
  try {
    test_kat();
    Json v = crt::read_json("test/vectors/philox_stream.json");
    test_raw_stream(v);
    test_uniform(v);
    test_item_shapes();
    test_xorwow(crt::read_json("test/vectors/curand_xorwow.json"));
  } catch (const std::exception& e) {
    fprintf(stderr, "test_host: %s\n", e.what());
    return 1;
  }
  return crt::report("test_host");
}
