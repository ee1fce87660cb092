// Element samplers (docs/streams.md, "Element samplers"): samplers whose element e is a function of
// blocks of its own sub-stream, (e mod 2^32, e div 2^32, t, tag) for t = 0, 1, …, and the call's
// parameter row p — several uniforms or normals, with or without rejection (the first accepted proposal
// wins). They need no work item of their own: one item per element, one kernel template, one C API
// entry (cr_element), one binding export (element32/element64) serve every sampler in this table.
//
// Adding one (docs/architecture.md, "Adding an element sampler"): its math header with
//   CR_HD double cr_<name>_element(uint32_t k0, uint32_t k1, uint64_t e, const double* p);
//   const char* cr_<name>_check(const double* p);   // null, or why the row would not end or is invalid
// included below, and a line in CR_ELEMENTS. test/layout.test.ts checks the ids, tags and parameter
// counts against the TypeScript definitions (lib/samplers/element.ts), cuda/test/test_elements.cpp the
// values against the TypeScript backend's.
// Build device code with -fmad=false, host code with -ffp-contract=off.
#ifndef CR_ELEMENTS_H
#define CR_ELEMENTS_H

#include <stdint.h>

#include "cr_hypergeometric.h"
#include "cr_logseries.h"
#include "cr_math.h"
#include "cr_von_mises.h"
#include "cr_wald.h"
#include "cr_zipf.h"

/** Most parameters an element sampler takes. */
#define CR_ELEMENT_MAX_PARAMS 8

/** X(id, name, stream tag, parameter count): every element sampler. */
#define CR_ELEMENTS(X)                       \
  X(0, von_mises, CR_TAG_VON_MISES, 5)       \
  X(1, wald, CR_TAG_WALD, 2)                 \
  X(2, logseries, CR_TAG_LOGSERIES, 2)       \
  X(3, zipf, CR_TAG_ZIPF, 5)                 \
  X(4, hypergeometric, CR_TAG_HYPERGEOMETRIC, 8)

/** The ids by name: CR_ELEMENT_von_mises, CR_ELEMENT_wald, … */
enum cr_element_id {
#define CR_EL_ID(ID, NAME, TAG, NP) CR_ELEMENT_##NAME = ID,
  CR_ELEMENTS(CR_EL_ID)
#undef CR_EL_ID
};

/** Each sampler as a type: cr_el_<name>::value(k0, k1, e, p), its parameter count kParams. */
#define CR_EL_TYPE(ID, NAME, TAG, NP)                                                                      \
  struct cr_el_##NAME {                                                                                    \
    static constexpr int kParams = NP;                                                                     \
    CR_HD static double value(uint32_t k0, uint32_t k1, uint64_t e, const double* p) {                    \
      return cr_##NAME##_element(k0, k1, e, p);                                                            \
    }                                                                                                      \
  };
CR_ELEMENTS(CR_EL_TYPE)
#undef CR_EL_TYPE

/** Element e of sampler `id` (NaN for an unknown id: the C API refuses those first). */
CR_HD inline double cr_element_value(int id, uint32_t k0, uint32_t k1, uint64_t e, const double* p) {
  switch (id) {
#define CR_EL_CASE(ID, NAME, TAG, NP) \
  case ID:                            \
    return cr_##NAME##_element(k0, k1, e, p);
    CR_ELEMENTS(CR_EL_CASE)
#undef CR_EL_CASE
    default:
      return cr_dfrom(0x7ff8000000000000ull);
  }
}

/** The parameter count of sampler `id`, or -1 when there is none. */
CR_HD inline int cr_element_params(int id) {
  switch (id) {
#define CR_EL_CASE(ID, NAME, TAG, NP) \
  case ID:                            \
    return NP;
    CR_ELEMENTS(CR_EL_CASE)
#undef CR_EL_CASE
    default:
      return -1;
  }
}

/** The stream tag of sampler `id`, or -1. */
CR_HD inline int64_t cr_element_tag(int id) {
  switch (id) {
#define CR_EL_CASE(ID, NAME, TAG, NP) \
  case ID:                            \
    return (int64_t)(TAG);
    CR_ELEMENTS(CR_EL_CASE)
#undef CR_EL_CASE
    default:
      return -1;
  }
}

/** Null when row p is one sampler `id` can run (its loop ends, its values are defined), else why not.
 *  The facade validates the public parameters; this keeps a direct C API call from hanging the device. */
inline const char* cr_element_check(int id, const double* p) {
  switch (id) {
#define CR_EL_CASE(ID, NAME, TAG, NP) \
  case ID:                            \
    return cr_##NAME##_check(p);
    CR_ELEMENTS(CR_EL_CASE)
#undef CR_EL_CASE
    default:
      return "unknown element sampler id";
  }
}

#endif  // CR_ELEMENTS_H
