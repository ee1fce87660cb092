// The C++ interface of the CUDA alias tables (docs/alias.md, "GPU"): construction of integer-exact
// PSA / PSA+ tables from weights, sampling and counts, categorical draws. Same conventions as
// cr_api.h: plain types, a cr_status per call (code 0 = success, CR_EINVAL for arguments the
// TypeScript facade rejects first, else the cudaError_t), thread-safe, one non-blocking stream and
// stream-ordered scratch per call, everything released on every path.
//
// Every result is bit-identical to the TypeScript backend: the same fixed-point units, the same rows,
// the same samples for any count and offset.
//
// Caller device memory (weights, outputs) read or written by the blocking functions below is ordered
// after work the caller enqueued on the legacy default stream or a blocking stream (cr_api.h,
// "Ordering"); the *_device functions enqueue on the caller's stream and need no such rule.
//
// Device memory during construction, for n items: the weights (4 or 8 bytes per item), the outputs
// (units 8, rows 8) and cr_alias_build_scratch_bytes(n) of scratch (about 12.1 bytes per item plus
// CUB's temporary storage and ~1.2 MB of reductions): ~36 bytes per float64 weight in all.
#ifndef CR_API_ALIAS_H
#define CR_API_ALIAS_H

#include <stddef.h>
#include <stdint.h>

#include "cr_api.h"

/** Construction methods (docs/alias.md, "PSA and PSA+"), and the inverse-CDF sampler of categorical
 *  (docs/alias.md, "categorical(key, weights, n, options)"). */
#define CR_ALIAS_PSA 0
#define CR_ALIAS_PSA_PLUS 1
#define CR_CATEGORICAL_CDF 2

/** Element types of the weights. */
#define CR_WEIGHTS_F64 0
#define CR_WEIGHTS_F32 1

/** A table resident in device memory (its rows only): built by cr_alias_build or uploaded. */
typedef struct cr_alias_table cr_alias_table;

/** Scratch bytes that constructing a table of n items takes beyond its weights, units and rows. */
size_t cr_alias_build_scratch_bytes(uint32_t n, int method);

// ---- host memory in and out (each call blocks until its results are in host memory) -------------

/**
 * Builds the table of n weights (host memory; validated by the caller: finite, ≥ 0, not all zero,
 * 1 ≤ n ≤ 2^32−1). Any of rows (2n words: threshold, alias), units_hi / units_lo (n words each: the
 * fixed-point weights W_i = hi·2^32 + lo) may be NULL to skip that copy. With table != NULL, *table
 * receives the device-resident rows (free with cr_alias_table_free).
 */
cr_status cr_alias_build(const void* weights, int dtype, uint32_t n, int method, uint32_t* rows, uint32_t* units_hi,
                         uint32_t* units_lo, cr_alias_table** table);
/** A device-resident copy of host rows (2n words) for sampling. */
cr_status cr_alias_table_upload(const uint32_t* rows, uint32_t n, cr_alias_table** table);
void cr_alias_table_free(cr_alias_table* table);
uint32_t cr_alias_table_size(const cr_alias_table* table);
/** Device bytes the table holds (8 per item). */
size_t cr_alias_table_bytes(const cr_alias_table* table);
/** The device rows (2n words), e.g. for cr_alias_sample_device. */
const uint32_t* cr_alias_table_rows(const cr_alias_table* table);
/** The device the table lives on (the caller's device when it was built or uploaded); sampling and
 *  counts run there whatever the calling thread's device. */
int cr_alias_table_device(const cr_alias_table* table);

/** out[i] = item of stream element first + i (docs/alias.md, "Sampling"), i < count; out is host memory. */
cr_status cr_alias_sample(const cr_alias_table* table, uint32_t k0, uint32_t k1, uint64_t first, uint32_t* out,
                          uint64_t count);
/** counts[j] += how many of the count samples from element `first` are item j (j < n); host memory. */
cr_status cr_alias_counts(const cr_alias_table* table, uint32_t k0, uint32_t k1, uint64_t first, uint64_t count,
                          double* counts);
/** categorical (docs/alias.md, "categorical(key, weights, n, options)") in one call: fixed-point weights,
 *  then the PSA or PSA+ table or the prefix sums, then `count` draws from element `first`; nothing but the
 *  samples returns to the host. */
cr_status cr_categorical(const void* weights, int dtype, uint32_t n, int method, uint32_t k0, uint32_t k1,
                         uint64_t first, uint32_t* out, uint64_t count);

// ---- weights or samples in device memory, blocking (the binding's DeviceArray paths) ------------
// Weights the host never saw are checked on the device first, by the rule the TypeScript facade applies
// to host weights (every weight finite and ≥ 0, not all zero); a violation is CR_ERANGE, with `message`
// "weights[i] must be a finite number >= 0, got <%.17g>" naming the lowest such i, or "weights must
// have at least one positive weight; all <n> are zero". The check costs one pass over the weights and
// one 8-byte read-back (plus 4 or 8 bytes for the offending value) before the construction starts.

/** cr_alias_build for weights in device memory (n float32/float64 values, read in place, checked). */
cr_status cr_alias_build_from_device(const void* dev_weights, int dtype, uint32_t n, int method, uint32_t* rows,
                                     uint32_t* units_hi, uint32_t* units_lo, cr_alias_table** table);
/** cr_alias_sample into device memory (dev_out: count uint32, any alignment); returns when written. */
cr_status cr_alias_sample_into(const cr_alias_table* table, uint32_t k0, uint32_t k1, uint64_t first,
                               uint32_t* dev_out, uint64_t count);
/** cr_categorical with the weights (weights_on_device: read in place and checked) and/or the samples
 *  (out_on_device: written in place, nothing returns to the host) in device memory. count = 0 reads
 *  nothing. */
cr_status cr_categorical_ex(const void* weights, int weights_on_device, int dtype, uint32_t n, int method,
                            uint32_t k0, uint32_t k1, uint64_t first, uint32_t* out, int out_on_device,
                            uint64_t count);

// ---- device memory (asynchronous on `stream`, a cudaStream_t; NULL = the legacy default stream) ---
// Rows and units are accessed as 8-byte words: their device pointers must be 8-byte aligned.

/**
 * Device weights → device units (n uint64) and rows (2n uint32). Scratch comes from the device's
 * memory pool on `stream`. dev_status: a device word that receives 0, or a non-zero code on an
 * internal inconsistency (never for validated input); with dev_status = NULL the call synchronizes
 * the stream and reports such a code as its status instead.
 */
cr_status cr_alias_build_device(const void* dev_weights, int dtype, uint32_t n, int method, uint32_t* dev_rows,
                                uint64_t* dev_units, uint32_t* dev_status, void* stream);
/** The fixed-point units alone (docs/alias.md, "Fixed-point weights"). */
cr_status cr_alias_units_device(const void* dev_weights, int dtype, uint32_t n, uint64_t* dev_units,
                                uint32_t* dev_status, void* stream);
/** The weight check of the blocking calls above, enqueued only: dev_words[0] becomes the lowest index of
 *  a weight that is NaN, infinite or negative (0xffffffff: none), dev_words[1] non-zero when some weight
 *  is > 0. cr_alias_build_device and cr_alias_units_device expect weights that pass it. */
cr_status cr_alias_check_device(const void* dev_weights, int dtype, uint32_t n, uint32_t* dev_words, void* stream);
/** dev_out[i] = item of element first + i from device rows (2n words). */
cr_status cr_alias_sample_device(const uint32_t* dev_rows, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                 uint32_t* dev_out, uint64_t count, void* stream);
/** dev_counts[j] += occurrences of item j among the count samples (uint32 counters, count < 2^32). */
cr_status cr_alias_counts_device(const uint32_t* dev_rows, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                 uint64_t count, uint32_t* dev_counts, void* stream);
/** dev_prefix[0 … n] = exclusive prefix sums of the units (P_0 = 0, P_n = n·2^32), for CDF sampling. */
cr_status cr_cdf_prefix_device(const uint64_t* dev_units, uint32_t n, uint64_t* dev_prefix, void* stream);
/** Inverse-CDF draws (docs/alias.md, "categorical(key, weights, n, options)") from device prefix sums. */
cr_status cr_cdf_sample_device(const uint64_t* dev_prefix, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                               uint32_t* dev_out, uint64_t count, void* stream);

// ---- variants, for benchmarks (none changes a result) --------------------------------------------

struct cr_alias_tuning {
  /** Split points per section: 0 binary search (a thread per section), 1 P-ary search (a warp per
   *  8 sections, 32 pivots per step, each section's window narrowed by the previous split). */
  int split;
  /** Pack: 0 the whole section staged in shared memory (48 KiB), 1 chunks of 1024 positions (12 KiB). */
  int pack;
  /** Counts: 0 auto, 1 shared-memory privatised counters (n ≤ what shared memory holds), 2 global atomics. */
  int counts;
};

/** The process-wide variants: from CUDA_RANDOM_ALIAS_TUNING (e.g. "split=pary,pack=chunked,counts=global")
 *  at first use, else the defaults; set_tuning overrides them for later calls. */
void cr_alias_get_tuning(cr_alias_tuning* out);
void cr_alias_set_tuning(const cr_alias_tuning* in);

#endif  // CR_API_ALIAS_H
