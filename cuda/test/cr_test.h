// Tiny test support for the host test programs in cuda/test (compiled with g++ -ffp-contract=off by
// test/cuda-host.test.ts, run from the repository root): a JSON reader for test/vectors, file
// reading, and CHECK macros. Header-only, no dependencies; other cuda/test/*.cpp may use it.
#ifndef CR_TEST_H
#define CR_TEST_H

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace crt {

inline int& failures() {
  static int n = 0;
  return n;
}
inline int& checks() {
  static int n = 0;
  return n;
}

#define CRT_CHECK(cond, ...)                                                 \
  do {                                                                       \
    ++crt::checks();                                                         \
    if (!(cond)) {                                                           \
      ++crt::failures();                                                     \
      if (crt::failures() <= 50) {                                           \
        fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);      \
        fprintf(stderr, __VA_ARGS__);                                        \
        fprintf(stderr, "\n");                                               \
      }                                                                      \
    }                                                                        \
  } while (0)

/** Prints the summary line and returns the process exit code. */
inline int report(const char* program) {
  if (failures()) {
    fprintf(stderr, "%s: %d of %d checks FAILED\n", program, failures(), checks());
    return 1;
  }
  printf("%s: all %d checks passed\n", program, checks());
  return 0;
}

inline std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot open " + path + " (run from the repository root)");
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

/** A JSON value: null, bool, number (kept as text too, for exact 64-bit integers), string, array, object. */
struct Json {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  bool b = false;
  double num = 0;
  std::string text;  // String's value, or Number's literal
  std::vector<Json> arr;
  std::vector<std::pair<std::string, Json>> obj;

  const Json& operator[](const char* k) const {
    for (auto& kv : obj)
      if (kv.first == k) return kv.second;
    throw std::runtime_error(std::string("JSON: no key ") + k);
  }
  bool has(const char* k) const {
    for (auto& kv : obj)
      if (kv.first == k) return true;
    return false;
  }
  const Json& operator[](size_t i) const { return arr.at(i); }
  size_t size() const { return kind == Array ? arr.size() : obj.size(); }
  /** A number; also the strings "Infinity", "-Infinity", "NaN" (JSON has no literal for them). */
  double d() const {
    if (kind == String) {
      if (text == "Infinity") return HUGE_VAL;
      if (text == "-Infinity") return -HUGE_VAL;
      if (text == "NaN") return NAN;
      throw std::runtime_error("JSON: not a number: " + text);
    }
    if (kind != Number) throw std::runtime_error("JSON: not a number");
    return num;
  }
  uint32_t u32() const { return (uint32_t)std::strtoull(text.c_str(), nullptr, 10); }
  /** A uint64 from a number or a decimal string. */
  uint64_t u64() const { return std::strtoull(text.c_str(), nullptr, 10); }
};

class JsonParser {
 public:
  explicit JsonParser(const std::string& s) : s_(s) {}
  Json parse() {
    Json v = value();
    ws();
    if (i_ != s_.size()) fail("trailing characters");
    return v;
  }

 private:
  const std::string& s_;
  size_t i_ = 0;
  [[noreturn]] void fail(const char* what) {
    throw std::runtime_error(std::string("JSON: ") + what + " at offset " + std::to_string(i_));
  }
  void ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t')) ++i_;
  }
  bool lit(const char* w) {
    size_t n = strlen(w);
    if (s_.compare(i_, n, w) == 0) {
      i_ += n;
      return true;
    }
    return false;
  }
  Json value() {
    ws();
    if (i_ >= s_.size()) fail("unexpected end");
    Json v;
    char c = s_[i_];
    if (c == '{') {
      v.kind = Json::Object;
      ++i_;
      ws();
      if (s_[i_] == '}') {
        ++i_;
        return v;
      }
      for (;;) {
        ws();
        std::string k = str();
        ws();
        if (s_[i_++] != ':') fail("expected ':'");
        v.obj.emplace_back(k, value());
        ws();
        if (s_[i_] == ',') {
          ++i_;
          continue;
        }
        if (s_[i_++] != '}') fail("expected '}'");
        return v;
      }
    }
    if (c == '[') {
      v.kind = Json::Array;
      ++i_;
      ws();
      if (s_[i_] == ']') {
        ++i_;
        return v;
      }
      for (;;) {
        v.arr.push_back(value());
        ws();
        if (s_[i_] == ',') {
          ++i_;
          continue;
        }
        if (s_[i_++] != ']') fail("expected ']'");
        return v;
      }
    }
    if (c == '"') {
      v.kind = Json::String;
      v.text = str();
      return v;
    }
    if (lit("true")) {
      v.kind = Json::Bool;
      v.b = true;
      return v;
    }
    if (lit("false")) {
      v.kind = Json::Bool;
      return v;
    }
    if (lit("null")) return v;
    size_t start = i_;
    while (i_ < s_.size() && strchr("+-0123456789.eE", s_[i_])) ++i_;
    if (start == i_) fail("unexpected character");
    v.kind = Json::Number;
    v.text = s_.substr(start, i_ - start);
    v.num = std::strtod(v.text.c_str(), nullptr);  // correctly rounded
    return v;
  }
  std::string str() {
    if (s_[i_] != '"') fail("expected string");
    ++i_;
    std::string out;
    while (i_ < s_.size() && s_[i_] != '"') {
      if (s_[i_] == '\\') {
        ++i_;
        char e = s_[i_++];
        switch (e) {
          case 'n': out += '\n'; break;
          case 't': out += '\t'; break;
          case 'r': out += '\r'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'u': {
            unsigned cp = (unsigned)std::strtoul(s_.substr(i_, 4).c_str(), nullptr, 16);
            i_ += 4;
            if (cp < 0x80) {
              out += (char)cp;
            } else if (cp < 0x800) {
              out += (char)(0xc0 | (cp >> 6));
              out += (char)(0x80 | (cp & 0x3f));
            } else {
              out += (char)(0xe0 | (cp >> 12));
              out += (char)(0x80 | ((cp >> 6) & 0x3f));
              out += (char)(0x80 | (cp & 0x3f));
            }
            break;
          }
          default: out += e;
        }
      } else {
        out += s_[i_++];
      }
    }
    if (i_ >= s_.size()) fail("unterminated string");
    ++i_;
    return out;
  }
};

inline Json read_json(const std::string& path) {
  std::string text = read_file(path);
  return JsonParser(text).parse();
}

inline uint64_t bits_of(double x) {
  uint64_t u;
  memcpy(&u, &x, 8);
  return u;
}
inline uint32_t bits_of(float x) {
  uint32_t u;
  memcpy(&u, &x, 4);
  return u;
}

/** A hex bit pattern of the vector files (e.g. a binary64 as 16 hex digits). */
inline uint64_t hex(const Json& j) { return std::strtoull(j.text.c_str(), nullptr, 16); }

/** The `run` of cr_work.h's visitors on the host: the work object's items in order. */
struct HostRun {
  template <class Work>
  int operator()(const Work& w) const {
    for (uint64_t q = 0, n = w.items(); q < n; ++q) w(q);
    return 0;
  }
};

}  // namespace crt

#endif  // CR_TEST_H
