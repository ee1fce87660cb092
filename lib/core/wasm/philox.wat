;; Philox4x32-10 in WebAssembly SIMD: four counter blocks per i32x4, lane j = block b + j.
;;
;; Bit-identical to lib/philox.ts (philoxBlock / philoxStream) and to docs/streams.md, "Philox4x32-10", "The counter
;; layout", "Uniform floats". Hand-written; compiled by scripts/build-wasm.mjs into lib/wasm/philox.wasm.ts (base64,
;; committed).
;;
;; State layout. A "group" is four consecutive blocks b..b+3 held as four vectors
;;   x0 = (c0 of b, c0 of b+1, c0 of b+2, c0 of b+3), x1 = (c1 …), x2 = (c2 …), x3 = (c3 …),
;; i.e. the transpose of the output layout. Every Philox operation is lane-wise in this layout, so
;; the ten rounds need no data movement between lanes except to gather 32-bit halves of the 64-bit
;; products (see $run). Each loop iteration runs two independent groups (8 blocks, 32 words) so that
;; the multiply latency of one group overlaps the work of the other.
;;
;; Exports (pointers are byte offsets in the exported memory, any alignment):
;;   fill    (k0, k1, c2, c3, blockLo, blockHi, nblocks, out)  raw words: with b_i = blockHi:blockLo + i
;;           (64-bit, wrapping mod 2^64 as philoxStream's two uint32 halves do), block i of the call
;;           writes the words w0..w3 of philox((lo(b_i), hi(b_i), c2, c3), (k0, k1)) at out + 16·i.
;;   fill_f32(…same…)  those words mapped to float32 (w >>> 8) · 2^-24, one float per word.
;;   fill_f64(…same…)  float64 ((a >>> 5) · 2^26 + (b >>> 6)) · 2^-53 from the word pairs (w0, w1) and
;;           (w2, w3): two doubles per block. So every mode writes exactly 16 bytes per block.
;;
;;   alias_pick(n, t, m, words, rows, out) → rejections: the alias-table rule of docs/alias.md, "Sampling" for
;;           m elements whose (row word, coin) pairs are the word pairs at `words`: p = x·n (64-bit);
;;           if lo(p) < t (Lemire rejection) out = 0xFFFFFFFF, a value no item index takes (n < 2^32),
;;           and the caller finishes that element; else r = hi(p) and out = y < threshold[r] ? r :
;;           alias[r], rows = (threshold, alias) u32 pairs. Returns the number of rejected elements.
;;
;; Memory: bytes [0, 128) are the tail buffer (the last, partial 8-block iteration is computed
;; there and copied out with memory.copy, so there is one copy of the round code, and nothing past
;; out + 16·nblocks is ever written). The caller's scratch starts at byte 128 (lib/wasm/philox.ts),
;; which may grow the memory for alias rows (lib/wasm/alias.ts).
(module
  ;; 2 pages: the 128-byte tail buffer, then the 64 KiB scratch of lib/wasm/philox.ts (4096 blocks).
  (memory (export "memory") 2)

  ;; 32-bit halves of 64-bit products. The two extmul results hold the products of lanes (0, 1)
  ;; and (2, 3) as i64x2; gathering the odd (resp. even) 32-bit words of both gives the high (resp.
  ;; low) halves back in lane order 0, 1, 2, 3. V8's optimizing tier emits one shufps per gather
  ;; (checked with node --print-wasm-code, Node 20). Measured alternatives, both slower: i32x4.mul
  ;; (pmulld) for the low halves (~6%), and a psrlq + blend gather that leaves lanes permuted
  ;; (0, 2, 1, 3) every round plus pmulld for the low halves (~15%).

  (func $run
    (param $mode i32)                          ;; 0 words, 1 float32, 2 float64
    (param $k0 i32) (param $k1 i32) (param $c2 i32) (param $c3 i32)
    (param $blo i32) (param $bhi i32) (param $n i32) (param $out i32)
    (local $dst i32) (local $r i32)
    (local $base0 v128) (local $base1 v128)    ;; splat of the current block index (lo, hi)
    (local $m0 v128) (local $m1 v128) (local $vc2 v128) (local $vc3 v128)
    (local $kk0 v128) (local $kk1 v128)        ;; round keys, splat
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)   ;; group A: blocks +0..3
    (local $e0 v128) (local $e1 v128) (local $e2 v128) (local $e3 v128)   ;; group E: blocks +4..7
    (local $pl v128) (local $ph v128) (local $ql v128) (local $qh v128)   ;; product temporaries
    (local $t v128)

    (local.set $m0 (i32x4.splat (i32.const 0xD2511F53)))
    (local.set $m1 (i32x4.splat (i32.const 0xCD9E8D57)))
    (local.set $vc2 (i32x4.splat (local.get $c2)))
    (local.set $vc3 (i32x4.splat (local.get $c3)))
    (local.set $base0 (i32x4.splat (local.get $blo)))
    (local.set $base1 (i32x4.splat (local.get $bhi)))

    (block $done
      (loop $iter
        (br_if $done (i32.eqz (local.get $n)))
        ;; A full iteration writes straight to out; the last partial one goes to the tail buffer.
        (local.set $dst (select (local.get $out) (i32.const 0) (i32.ge_u (local.get $n) (i32.const 8))))

        ;; Counters. c0 = base0 + lane offset (mod 2^32); the add wrapped iff the result is below
        ;; base0 (unsigned), and then c1 = base1 + 1. i32x4.lt_u gives all-ones (= -1) in exactly
        ;; those lanes, so c1 = base1 - mask.
        (local.set $a0 (i32x4.add (local.get $base0) (v128.const i32x4 0 1 2 3)))
        (local.set $a1 (i32x4.sub (local.get $base1) (i32x4.lt_u (local.get $a0) (local.get $base0))))
        (local.set $a2 (local.get $vc2))
        (local.set $a3 (local.get $vc3))
        (local.set $e0 (i32x4.add (local.get $base0) (v128.const i32x4 4 5 6 7)))
        (local.set $e1 (i32x4.sub (local.get $base1) (i32x4.lt_u (local.get $e0) (local.get $base0))))
        (local.set $e2 (local.get $vc2))
        (local.set $e3 (local.get $vc3))
        ;; Next iteration's base: +8 with the same carry rule.
        (local.set $t (i32x4.add (local.get $base0) (v128.const i32x4 8 8 8 8)))
        (local.set $base1 (i32x4.sub (local.get $base1) (i32x4.lt_u (local.get $t) (local.get $base0))))
        (local.set $base0 (local.get $t))

        (local.set $kk0 (i32x4.splat (local.get $k0)))
        (local.set $kk1 (i32x4.splat (local.get $k1)))
        (local.set $r (i32.const 10))
        (loop $round
          ;; ---- group A ----
          ;; (hi0, lo0) = M0 · x0 and (hi1, lo1) = M1 · x2, as 64-bit products: lanes 0,1 from
          ;; extmul_low, lanes 2,3 from extmul_high.
          (local.set $pl (i64x2.extmul_low_i32x4_u (local.get $a0) (local.get $m0)))
          (local.set $ph (i64x2.extmul_high_i32x4_u (local.get $a0) (local.get $m0)))
          (local.set $ql (i64x2.extmul_low_i32x4_u (local.get $a2) (local.get $m1)))
          (local.set $qh (i64x2.extmul_high_i32x4_u (local.get $a2) (local.get $m1)))
          ;; x0' = hi1 ^ x1 ^ k0: gather the odd words (high halves) of the M1 products.
          (local.set $a0
            (v128.xor
              (v128.xor
                (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $ql) (local.get $qh))
                (local.get $a1))
              (local.get $kk0)))
          ;; x1' = lo1: the even words (low halves) of the same products. (Gathering them costs one
          ;; shuffle; i32x4.mul would recompute them with the slower pmulld.)
          (local.set $a1 (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $ql) (local.get $qh)))
          ;; x2' = hi0 ^ x3 ^ k1
          (local.set $a2
            (v128.xor
              (v128.xor
                (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $pl) (local.get $ph))
                (local.get $a3))
              (local.get $kk1)))
          ;; x3' = lo0
          (local.set $a3 (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $pl) (local.get $ph)))

          ;; ---- group E: the same round on blocks +4..7 ----
          (local.set $pl (i64x2.extmul_low_i32x4_u (local.get $e0) (local.get $m0)))
          (local.set $ph (i64x2.extmul_high_i32x4_u (local.get $e0) (local.get $m0)))
          (local.set $ql (i64x2.extmul_low_i32x4_u (local.get $e2) (local.get $m1)))
          (local.set $qh (i64x2.extmul_high_i32x4_u (local.get $e2) (local.get $m1)))
          (local.set $e0
            (v128.xor
              (v128.xor
                (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $ql) (local.get $qh))
                (local.get $e1))
              (local.get $kk0)))
          (local.set $e1 (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $ql) (local.get $qh)))
          (local.set $e2
            (v128.xor
              (v128.xor
                (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $pl) (local.get $ph))
                (local.get $e3))
              (local.get $kk1)))
          (local.set $e3 (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $pl) (local.get $ph)))

          ;; Weyl key schedule, after every round (the last update is unused).
          (local.set $kk0 (i32x4.add (local.get $kk0) (v128.const i32x4 0x9E3779B9 0x9E3779B9 0x9E3779B9 0x9E3779B9)))
          (local.set $kk1 (i32x4.add (local.get $kk1) (v128.const i32x4 0xBB67AE85 0xBB67AE85 0xBB67AE85 0xBB67AE85)))
          (local.set $r (i32.sub (local.get $r) (i32.const 1)))
          (br_if $round (local.get $r)))

        ;; Store both groups in the requested form (16 bytes per block).
        (if (i32.eqz (local.get $mode))
          (then
            (call $store_words (local.get $dst) (local.get $a0) (local.get $a1) (local.get $a2) (local.get $a3))
            (call $store_words (i32.add (local.get $dst) (i32.const 64)) (local.get $e0) (local.get $e1) (local.get $e2) (local.get $e3)))
          (else
            (if (i32.eq (local.get $mode) (i32.const 1))
              (then
                (call $store_f32 (local.get $dst) (local.get $a0) (local.get $a1) (local.get $a2) (local.get $a3))
                (call $store_f32 (i32.add (local.get $dst) (i32.const 64)) (local.get $e0) (local.get $e1) (local.get $e2) (local.get $e3)))
              (else
                (call $store_f64 (local.get $dst) (local.get $a0) (local.get $a1) (local.get $a2) (local.get $a3))
                (call $store_f64 (i32.add (local.get $dst) (i32.const 64)) (local.get $e0) (local.get $e1) (local.get $e2) (local.get $e3))))))

        (if (i32.lt_u (local.get $n) (i32.const 8))
          (then
            ;; Partial last iteration: copy the n blocks wanted from the tail buffer, then stop.
            (memory.copy (local.get $out) (i32.const 0) (i32.shl (local.get $n) (i32.const 4)))
            (br $done)))
        (local.set $out (i32.add (local.get $out) (i32.const 128)))
        (local.set $n (i32.sub (local.get $n) (i32.const 8)))
        (br $iter))))

  ;; Words of four blocks from the lane-per-block vectors: a 4x4 transpose. Interleave the 32-bit
  ;; words of (x0, x1) and (x2, x3) (punpckldq / punpckhdq), then take 64-bit halves of those
  ;; (punpcklqdq / punpckhqdq), giving (w0, w1, w2, w3) of block j in vector j.
  (func $store_words (param $p i32) (param $x0 v128) (param $x1 v128) (param $x2 v128) (param $x3 v128)
    (local $t0 v128) (local $t1 v128) (local $t2 v128) (local $t3 v128)
    ;; t0 = (x0[0], x1[0], x0[1], x1[1]), t1 = (x2[0], x3[0], x2[1], x3[1])
    (local.set $t0 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $x0) (local.get $x1)))
    (local.set $t1 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $x2) (local.get $x3)))
    ;; t2 = (x0[2], x1[2], x0[3], x1[3]), t3 = (x2[2], x3[2], x2[3], x3[3])
    (local.set $t2 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $x0) (local.get $x1)))
    (local.set $t3 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $x2) (local.get $x3)))
    ;; block 0 = low halves of (t0, t1), block 1 = high halves; blocks 2, 3 likewise from (t2, t3).
    (v128.store offset=0 align=1 (local.get $p)
      (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $t0) (local.get $t1)))
    (v128.store offset=16 align=1 (local.get $p)
      (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $t0) (local.get $t1)))
    (v128.store offset=32 align=1 (local.get $p)
      (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $t2) (local.get $t3)))
    (v128.store offset=48 align=1 (local.get $p)
      (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $t2) (local.get $t3))))

  ;; float32 (w >>> 8) · 2^-24. The map is lane-wise, so it is applied before the transpose:
  ;; w >>> 8 < 2^24 converts exactly (signed conversion suffices, as it is non-negative), and the
  ;; product by 2^-24 is exact, so each float equals the JS value (w >>> 8) * 2 ** -24.
  (func $store_f32 (param $p i32) (param $x0 v128) (param $x1 v128) (param $x2 v128) (param $x3 v128)
    (call $store_words (local.get $p)
      (f32x4.mul (f32x4.convert_i32x4_s (i32x4.shr_u (local.get $x0) (i32.const 8))) (v128.const f32x4 0x1p-24 0x1p-24 0x1p-24 0x1p-24))
      (f32x4.mul (f32x4.convert_i32x4_s (i32x4.shr_u (local.get $x1) (i32.const 8))) (v128.const f32x4 0x1p-24 0x1p-24 0x1p-24 0x1p-24))
      (f32x4.mul (f32x4.convert_i32x4_s (i32x4.shr_u (local.get $x2) (i32.const 8))) (v128.const f32x4 0x1p-24 0x1p-24 0x1p-24 0x1p-24))
      (f32x4.mul (f32x4.convert_i32x4_s (i32x4.shr_u (local.get $x3) (i32.const 8))) (v128.const f32x4 0x1p-24 0x1p-24 0x1p-24 0x1p-24))))

  ;; float64 from word pairs: block j gives double 2j from (w0, w1) = (x0[j], x1[j]) and double
  ;; 2j+1 from (w2, w3) = (x2[j], x3[j]). All steps are exact in binary64 (a >>> 5 < 2^27 and
  ;; b >>> 6 < 2^26 convert exactly, a·2^26 + b < 2^53, and scaling by 2^-53 is exact), so each
  ;; double equals the JS value ((a >>> 5) * 67108864 + (b >>> 6)) * 2 ** -53. The combination is
  ;; written out four times rather than called: V8 (Node 20) does not inline wasm calls, and the
  ;; calls cost about 6% of fill_f64.
  (func $store_f64 (param $p i32) (param $x0 v128) (param $x1 v128) (param $x2 v128) (param $x3 v128)
    (local $a v128) (local $b v128) (local $c v128) (local $d v128) (local $u v128) (local $v v128)
    (local.set $a (i32x4.shr_u (local.get $x0) (i32.const 5)))
    (local.set $b (i32x4.shr_u (local.get $x1) (i32.const 6)))
    (local.set $c (i32x4.shr_u (local.get $x2) (i32.const 5)))
    (local.set $d (i32x4.shr_u (local.get $x3) (i32.const 6)))
    ;; Blocks 0, 1 (f64x2.convert_low reads lanes 0, 1): u = (double 0, double 2), v = (double 1,
    ;; double 3).
    (local.set $u
      (f64x2.mul
        (f64x2.add
          (f64x2.mul (f64x2.convert_low_i32x4_s (local.get $a)) (v128.const f64x2 0x1p26 0x1p26))
          (f64x2.convert_low_i32x4_s (local.get $b)))
        (v128.const f64x2 0x1p-53 0x1p-53)))
    (local.set $v
      (f64x2.mul
        (f64x2.add
          (f64x2.mul (f64x2.convert_low_i32x4_s (local.get $c)) (v128.const f64x2 0x1p26 0x1p26))
          (f64x2.convert_low_i32x4_s (local.get $d)))
        (v128.const f64x2 0x1p-53 0x1p-53)))
    ;; Interleave the 64-bit halves into stream order: (d0, d1), then (d2, d3).
    (v128.store offset=0 align=1 (local.get $p)
      (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $u) (local.get $v)))
    (v128.store offset=16 align=1 (local.get $p)
      (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $u) (local.get $v)))
    ;; Blocks 2, 3: move lanes 2, 3 down first (a one-input shuffle, pshufd) so that convert_low
    ;; sees them; then the same as above, giving doubles 4..7.
    (local.set $a (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15 (local.get $a) (local.get $a)))
    (local.set $b (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15 (local.get $b) (local.get $b)))
    (local.set $c (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15 (local.get $c) (local.get $c)))
    (local.set $d (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15 (local.get $d) (local.get $d)))
    (local.set $u
      (f64x2.mul
        (f64x2.add
          (f64x2.mul (f64x2.convert_low_i32x4_s (local.get $a)) (v128.const f64x2 0x1p26 0x1p26))
          (f64x2.convert_low_i32x4_s (local.get $b)))
        (v128.const f64x2 0x1p-53 0x1p-53)))
    (local.set $v
      (f64x2.mul
        (f64x2.add
          (f64x2.mul (f64x2.convert_low_i32x4_s (local.get $c)) (v128.const f64x2 0x1p26 0x1p26))
          (f64x2.convert_low_i32x4_s (local.get $d)))
        (v128.const f64x2 0x1p-53 0x1p-53)))
    (v128.store offset=32 align=1 (local.get $p)
      (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $u) (local.get $v)))
    (v128.store offset=48 align=1 (local.get $p)
      (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $u) (local.get $v))))

  (func (export "fill")
    (param $k0 i32) (param $k1 i32) (param $c2 i32) (param $c3 i32)
    (param $blo i32) (param $bhi i32) (param $n i32) (param $out i32)
    (call $run (i32.const 0) (local.get $k0) (local.get $k1) (local.get $c2) (local.get $c3)
      (local.get $blo) (local.get $bhi) (local.get $n) (local.get $out)))

  (func (export "fill_f32")
    (param $k0 i32) (param $k1 i32) (param $c2 i32) (param $c3 i32)
    (param $blo i32) (param $bhi i32) (param $n i32) (param $out i32)
    (call $run (i32.const 1) (local.get $k0) (local.get $k1) (local.get $c2) (local.get $c3)
      (local.get $blo) (local.get $bhi) (local.get $n) (local.get $out)))

  (func (export "fill_f64")
    (param $k0 i32) (param $k1 i32) (param $c2 i32) (param $c3 i32)
    (param $blo i32) (param $bhi i32) (param $n i32) (param $out i32)
    (call $run (i32.const 2) (local.get $k0) (local.get $k1) (local.get $c2) (local.get $c3)
      (local.get $blo) (local.get $bhi) (local.get $n) (local.get $out)))
  ;; The alias pick loop (see the header). Scalar on purpose: the table lookups are gathers, and the
  ;; loop costs about as much as generating its two words, so SIMD would gain little.
  (func (export "alias_pick")
    (param $n i32) (param $t i32) (param $m i32) (param $words i32) (param $rows i32) (param $out i32)
    (result i32)
    (local $end i32) (local $p i64) (local $r i32) (local $a i32) (local $rej i32)
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $m) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (local.set $p (i64.mul (i64.load32_u (local.get $words)) (i64.extend_i32_u (local.get $n))))
        (if (i32.lt_u (i32.wrap_i64 (local.get $p)) (local.get $t))
          (then
            (i32.store (local.get $out) (i32.const -1))
            (local.set $rej (i32.add (local.get $rej) (i32.const 1))))
          (else
            (local.set $r (i32.wrap_i64 (i64.shr_u (local.get $p) (i64.const 32))))
            (local.set $a (i32.add (local.get $rows) (i32.shl (local.get $r) (i32.const 3))))
            (i32.store (local.get $out)
              (select (local.get $r) (i32.load offset=4 (local.get $a))
                (i32.lt_u (i32.load offset=4 (local.get $words)) (i32.load (local.get $a)))))))
        (local.set $words (i32.add (local.get $words) (i32.const 8)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $next)))
    (local.get $rej))
)
