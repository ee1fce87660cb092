// Host test of cuda/include/cr_alias.h against test/vectors/alias.json (written by
// scripts/gen-alias-vectors.mjs from the TypeScript backend):
//   g++ -std=c++17 -O2 -Icuda/include cuda/test/test_alias.cpp -o /tmp/test_alias && /tmp/test_alias
// (run from the repository root, or pass the JSON path as the first argument).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cr_alias.h"

// ---- a minimal JSON reader: objects, arrays, strings, non-negative integers --------------------
struct Json {
  enum Kind { Null, Num, Str, Arr, Obj } kind = Null;
  uint64_t num = 0;
  std::string str;
  std::vector<Json> arr;
  std::map<std::string, Json> obj;
  const Json& operator[](const std::string& k) const {
    auto it = obj.find(k);
    if (it == obj.end()) {
      std::fprintf(stderr, "missing key %s\n", k.c_str());
      std::exit(2);
    }
    return it->second;
  }
  std::vector<uint64_t> nums() const {
    std::vector<uint64_t> v;
    for (const auto& x : arr) v.push_back(x.num);
    return v;
  }
};

struct Parser {
  const std::string& s;
  size_t i = 0;
  void ws() { while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) ++i; }
  Json parse() {
    ws();
    Json j;
    if (s[i] == '{') {
      j.kind = Json::Obj;
      ++i;
      ws();
      if (s[i] == '}') { ++i; return j; }
      for (;;) {
        ws();
        std::string k = parse().str;
        ws();
        ++i;  // ':'
        j.obj[k] = parse();
        ws();
        if (s[i++] == '}') break;
      }
    } else if (s[i] == '[') {
      j.kind = Json::Arr;
      ++i;
      ws();
      if (s[i] == ']') { ++i; return j; }
      for (;;) {
        j.arr.push_back(parse());
        ws();
        if (s[i++] == ']') break;
      }
    } else if (s[i] == '"') {
      j.kind = Json::Str;
      ++i;
      while (s[i] != '"') {
        if (s[i] == '\\') ++i;
        j.str += s[i++];
      }
      ++i;
    } else {
      j.kind = Json::Num;
      while (i < s.size() && s[i] >= '0' && s[i] <= '9') j.num = j.num * 10 + (uint64_t)(s[i++] - '0');
    }
    return j;
  }
};

static int failures = 0;
static int checks = 0;

static void expect_eq(uint64_t got, uint64_t want, const std::string& what) {
  ++checks;
  if (got != want) {
    if (++failures <= 20) {
      std::fprintf(stderr, "FAIL %s: got %llu, want %llu\n", what.c_str(), (unsigned long long)got,
                   (unsigned long long)want);
    }
  }
}

static std::vector<uint64_t> pairs64(const std::vector<uint64_t>& v) {
  std::vector<uint64_t> r(v.size() / 2);
  for (size_t i = 0; i < r.size(); ++i) r[i] = v[2 * i] | (v[2 * i + 1] << 32);
  return r;
}

int main(int argc, char** argv) {
  const char* path = argc > 1 ? argv[1] : "test/vectors/alias.json";
  std::ifstream f(path);
  if (!f) {
    std::fprintf(stderr, "cannot open %s\n", path);
    return 2;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string text = ss.str();
  Parser p{text};
  const Json root = p.parse();

  // Construction: PSA and PSA+ rows from the fixed-point units.
  std::map<std::string, std::vector<uint32_t>> rowsByName[2];
  std::map<std::string, std::vector<uint64_t>> unitsByName;
  for (const Json& c : root["build"].arr) {
    const std::string name = c["name"].str;
    const uint32_t n = (uint32_t)c["n"].num;
    const std::vector<uint64_t> W = pairs64(c["units"].nums());
    unitsByName[name] = W;
    uint64_t total = 0;
    for (uint64_t w : W) total += w;
    expect_eq(total, (uint64_t)n << 32, name + " units total");
    const char* keys[2] = {"psa", "psaPlus"};
    for (int plus = 0; plus < 2; ++plus) {
      std::vector<uint32_t> rows(2 * (size_t)n, 0xdeadbeefu);
      expect_eq(cr_alias_build_host(W.data(), n, plus, rows.data()), 1, name + " build ok");
      const std::vector<uint64_t> want = c[keys[plus]].nums();
      for (size_t i = 0; i < want.size(); ++i) {
        expect_eq(rows[i], want[i], name + "." + keys[plus] + " word " + std::to_string(i));
      }
      rowsByName[plus][name] = rows;
    }
  }

  // Sampling: alias and inverse CDF, element by element and pairwise.
  for (const Json& c : root["sampling"].arr) {
    const std::string table = c["table"].str;
    const int plus = c["method"].str == "psa+";
    const std::vector<uint32_t>& rows = rowsByName[plus][table];
    const uint32_t n = (uint32_t)(rows.size() / 2);
    const uint32_t key[2] = {(uint32_t)c["key"].arr[0].num, (uint32_t)c["key"].arr[1].num};
    const uint64_t offset = std::stoull(c["offset"].str);
    const std::vector<uint64_t> alias = c["alias"].nums();
    const std::vector<uint64_t> cdf = c["cdf"].nums();
    const std::vector<uint64_t> prefix = pairs64(c["prefix"].nums());
    for (size_t i = 0; i < alias.size(); ++i) {
      const uint64_t e = offset + i;
      const std::string at = table + " element " + std::to_string(e);
      expect_eq(cr_alias_sample(key, e, rows.data(), n), alias[i], "alias " + at);
      expect_eq(cr_cdf_sample(key, e, prefix.data(), n), cdf[i], "cdf " + at);
      uint32_t pair[2];
      cr_alias_sample_pair(key, e >> 1, rows.data(), n, pair);
      expect_eq(pair[e & 1], alias[i], "alias pair " + at);
    }
  }

  // The virtual table with N = 2^31 + 1 (about half the row words rejected).
  {
    const Json& v = root["virtual"];
    const uint32_t n = (uint32_t)v["n"].num;
    const uint32_t key[2] = {(uint32_t)v["key"].arr[0].num, (uint32_t)v["key"].arr[1].num};
    const uint64_t offset = std::stoull(v["offset"].str);
    const std::vector<uint64_t> want = v["alias"].nums();
    for (size_t i = 0; i < want.size(); ++i) {
      const uint64_t e = offset + i;
      uint32_t y;
      const uint32_t r = cr_alias_row_coin(key, e, n, &y);
      const uint32_t thr = (uint32_t)(2u * r) * 0x9E3779B1u;
      const uint32_t ali = (uint32_t)((7ull * r + 3) % n);
      expect_eq(y < thr ? r : ali, want[i], "virtual element " + std::to_string(e));
    }
  }

  std::printf("test_alias: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
