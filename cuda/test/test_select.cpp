// Host test of cuda/include/cr_select.h against the TypeScript backend's values in
// test/vectors/select.json (scripts/gen-select-vectors.mjs): every permutation and weighted key must
// match bit for bit, and ordering the indices by key with a stable sort — what cuda/src/select.cu does
// with CUB's stable radix sort — must give the TypeScript results.
#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "cr_select.h"
#include "cr_test.h"

using crt::Json;

namespace {

/** Indices 0 … n−1 ordered by key, equal keys in index order. */
std::vector<uint32_t> order(const std::vector<uint64_t>& keys) {
  std::vector<uint32_t> idx(keys.size());
  std::iota(idx.begin(), idx.end(), 0u);
  std::stable_sort(idx.begin(), idx.end(), [&](uint32_t a, uint32_t b) { return keys[a] < keys[b]; });
  return idx;
}

/** One case: every key from key_of(i) equal to the TS key, and the stable order of the keys equal to
 *  the TS result (`want`: the permutation or the sample, a prefix of the order). */
template <class KeyOf>
void check_case(const Json& k, const Json& want, size_t n, const char* what, size_t c, KeyOf key_of) {
  std::vector<uint64_t> keys(n);
  for (size_t i = 0; i < n; ++i) {
    keys[i] = key_of(i);
    CRT_CHECK(keys[i] == hex(k["keys"][i]), "%s case %zu key %zu: %016llx", what, c, i, (unsigned long long)keys[i]);
  }
  const std::vector<uint32_t> got = order(keys);
  for (size_t j = 0; j < want.size(); ++j) {
    CRT_CHECK(got[j] == want[j].u32(), "%s case %zu position %zu: %u, TS %u", what, c, j, got[j], want[j].u32());
  }
}

void test_permutation(const Json& cases) {
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    const uint32_t k0 = k["k0"].u32(), k1 = k["k1"].u32();
    check_case(k, k["perm"], k["n"].u64(), "permutation", c, [&](size_t i) { return cr_permute_key(k0, k1, i); });
  }
}

void test_weighted(const Json& cases) {
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    const uint32_t k0 = k["k0"].u32(), k1 = k["k1"].u32();
    const Json& w = k["weights"];
    check_case(k, k["sample"], w.size(), "weighted", c,
               [&](size_t i) { return cr_weighted_key(k0, k1, i, cr_dfrom(hex(w[i]))); });
  }
}

}  // namespace

int main(int argc, char** argv) {
  try {
    Json v = crt::read_json(argc > 1 ? argv[1] : "test/vectors/select.json");
    test_permutation(v["permutation"]);
    test_weighted(v["weighted"]);
  } catch (const std::exception& e) {
    fprintf(stderr, "test_select: %s\n", e.what());
    return 2;
  }
  return crt::report("test_select");
}
