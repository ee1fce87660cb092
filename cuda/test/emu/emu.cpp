// The emulated device's execution model (emu.h): a launch runs its blocks one at a time, in an order
// shuffled by a seed; a block's threads are fibers (ucontext) that run until they reach a sync point
// (__syncthreads, a warp intrinsic) or return, resumed in a freshly shuffled order each round. A sync
// point completes when every thread it names has reached the same call site; a thread that returns
// while others wait for it, or threads waiting at different sites, is an error naming the kernel, the
// sites and the coordinates — on a GPU that is a hang or undefined behaviour. Static shared memory (the
// cr_emu_shared section) and dynamic shared memory are poisoned before each block, so a read of shared
// memory nothing wrote gives garbage rather than a lucky zero. CR_EMU_SEED fixes the shuffles; every
// error reports the seed in use.
//
// Race detection (CR_EMU_TSAN, scripts/emulated-race.mjs): the kernels are built with ThreadSanitizer and
// every fiber is a TSan fiber, switched without synchronisation, so two threads of a block touching the
// same shared or global word, one of them writing, with no barrier or warp operation between them, is a
// reported race. The happens-before edges are exactly CUDA's: a completed __syncthreads or warp operation
// orders its participants (each releases into a token made for that instance, then each acquires it);
// block start orders after the host's work before the launch (and, since blocks run one after another
// here, after the earlier blocks: races between blocks are not reported); the launch's end orders before
// what the stream does next. This file itself is built without instrumentation: the scheduler's own
// bookkeeping, shared by every fiber, is not the kernels' memory.
#include "emu.h"

#include <stdio.h>
#include <stdlib.h>
#include <ucontext.h>

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "fake_cudart.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#define CR_EMU_ASAN 1
#else
#define CR_EMU_ASAN 0
#endif

// Fiber switches. On x86-64 a few instructions (callee-saved registers and the stack pointer):
// ucontext's swapcontext also saves the signal mask with a system call per switch, which made the
// emulated self-test spend as long in the kernel as in the kernels. Elsewhere, ucontext.
#if defined(__x86_64__)
#define CR_EMU_FAST_SWITCH 1
extern "C" void cr_emu_switch(void** save_sp, void* load_sp);
asm(R"(
  .text
  .globl cr_emu_switch
  .type cr_emu_switch, @function
cr_emu_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size cr_emu_switch, .-cr_emu_switch
  .section .note.GNU-stack,"",@progbits
  .text
)");
#else
#define CR_EMU_FAST_SWITCH 0
#endif

#ifndef CR_EMU_TSAN
#define CR_EMU_TSAN 0
#endif
#if CR_EMU_TSAN
extern "C" {
void* __tsan_get_current_fiber(void);
void* __tsan_create_fiber(unsigned flags);
void __tsan_switch_to_fiber(void* fiber, unsigned flags);
void __tsan_acquire(void* addr);
void __tsan_release(void* addr);
}
#endif

// Bounds of the static shared memory section; weak so that a build without shared variables links.
extern "C" char __start_cr_emu_shared[] __attribute__((weak));
extern "C" char __stop_cr_emu_shared[] __attribute__((weak));

namespace cr_emu {

/** The device's opt-in limit of dynamic shared memory per block (fake::Config; an H100's by default). */
size_t optin_shared() { return (size_t)fake::config().optin_shared; }

thread_local Coord g_coord;

namespace {

constexpr size_t kStack = 256 * 1024;
constexpr unsigned char kPoison = 0xA5;

enum class Op { None, Sync, SyncOr, SyncWarp, Ballot, All, Shfl, ShflDown, MatchAll };

const char* op_name(Op o) {
  switch (o) {
    case Op::Sync: return "__syncthreads";
    case Op::SyncOr: return "__syncthreads_or";
    case Op::SyncWarp: return "__syncwarp";
    case Op::Ballot: return "__ballot_sync";
    case Op::All: return "__all_sync";
    case Op::Shfl: return "__shfl_sync";
    case Op::ShflDown: return "__shfl_down_sync";
    case Op::MatchAll: return "__match_all_sync";
    default: return "?";
  }
}

struct Fiber {
  ucontext_t ctx;
  void* sp = nullptr;  // saved stack pointer (fast switch)
  char* stack = nullptr;
  dim3 tid;
  unsigned linear = 0;
  bool done = false, waiting = false;
  // the sync point it waits at, and what it brought
  Op op = Op::None;
  const char* file = nullptr;
  int line = 0;
  unsigned mask = 0;
  uint64_t value = 0;
  int arg = 0, width = 32;
  // what the sync point gave back
  uint64_t result = 0;
  void* tsan = nullptr;  // its ThreadSanitizer fiber (CR_EMU_TSAN)
};

struct Run {
  const LaunchSite* site = nullptr;
  dim3 grid, block, block_idx;
  void (*body)(void*) = nullptr;
  void* ctx = nullptr;
  std::vector<Fiber> fibers;
  ucontext_t main;
  void* main_sp = nullptr;
  int current = -1;
  std::vector<unsigned char> dyn;
  size_t dyn_bytes = 0;
  uint64_t switches = 0;
  std::chrono::steady_clock::time_point start;
#if CR_EMU_ASAN
  void* main_fake_stack = nullptr;
#endif
#if CR_EMU_TSAN
  void* main_tsan = nullptr;
  std::vector<std::unique_ptr<char[]>> tokens;  // sync objects of this block's sync instances
  size_t used = 0;
#endif
};

thread_local Run* g_run = nullptr;
thread_local std::mt19937_64 g_rng;
uint64_t g_seed = 0;

/** The process's seed (CR_EMU_SEED, else random), and this thread's generator seeded from it. */
uint64_t seed() {
  static const uint64_t process_seed = [] {
    const char* e = getenv("CR_EMU_SEED");
    return e && *e ? strtoull(e, nullptr, 0) : (uint64_t)std::random_device{}();
  }();
  thread_local bool seeded = false;
  if (!seeded) {
    g_seed = process_seed;
    g_rng.seed(process_seed);
    seeded = true;
  }
  return process_seed;
}

double budget_seconds() {
  const char* e = getenv("CR_EMU_WATCHDOG_S");
  return e && *e ? atof(e) : 60.0;
}

[[noreturn]] void die(const std::string& what) {
  const Run* r = g_run;
  if (r) {
    fprintf(stderr, "emulated device: %s\n  kernel %s launched at %s:%d, grid (%u,%u,%u) block (%u,%u,%u), block (%u,%u,%u)",
            what.c_str(), r->site->kernel, r->site->file, r->site->line, r->grid.x, r->grid.y, r->grid.z,
            r->block.x, r->block.y, r->block.z, r->block_idx.x, r->block_idx.y, r->block_idx.z);
    if (r->current >= 0) {
      const dim3 t = r->fibers[r->current].tid;
      fprintf(stderr, " thread (%u,%u,%u)", t.x, t.y, t.z);
    }
    fprintf(stderr, "\n  CR_EMU_SEED=%llu reproduces the schedule\n", (unsigned long long)g_seed);
  } else {
    fprintf(stderr, "emulated device: %s (CR_EMU_SEED=%llu)\n", what.c_str(), (unsigned long long)g_seed);
  }
  fflush(stderr);
  abort();
}

std::string where(const Fiber& f) {
  return std::string(op_name(f.op)) + " at " + (f.file ? f.file : "?") + ":" + std::to_string(f.line);
}

#if CR_EMU_TSAN
constexpr unsigned kNoSync = 1;  // __tsan_switch_to_fiber_no_sync

/** A fresh sync object for one sync instance (freed with the block: freeing drops TSan's sync state). */
void* token(Run& r) {
  constexpr size_t kChunk = 4096;
  if (r.used % kChunk == 0 && r.used / kChunk == r.tokens.size()) r.tokens.emplace_back(new char[kChunk]);
  void* t = &r.tokens[r.used / kChunk][r.used % kChunk];
  ++r.used;
  return t;
}

/** Happens-before from every fiber in `from` (or main) to every fiber in `to` (or main), through a fresh
 *  token; the scheduler acts as each fiber in turn (TSan's current fiber changes, the stack does not). */
template <class From, class To>
void order(Run& r, From from, To to) {
  void* t = token(r);
  from([&](void* f) { __tsan_switch_to_fiber(f, kNoSync); __tsan_release(t); });
  to([&](void* f) { __tsan_switch_to_fiber(f, kNoSync); __tsan_acquire(t); });
  __tsan_switch_to_fiber(r.main_tsan, kNoSync);
}
#endif

void do_switch_to_main(Fiber& f) {
#if CR_EMU_FAST_SWITCH
  cr_emu_switch(&f.sp, g_run->main_sp);
#else
  swapcontext(&f.ctx, &g_run->main);
#endif
}

void do_switch_to_fiber(Run& r, Fiber& f) {
#if CR_EMU_FAST_SWITCH
  cr_emu_switch(&r.main_sp, f.sp);
#else
  swapcontext(&r.main, &f.ctx);
#endif
}

void switch_to_main(Fiber& f) {
#if CR_EMU_TSAN
  __tsan_switch_to_fiber(g_run->main_tsan, kNoSync);
#endif
#if CR_EMU_ASAN
  void* fake = nullptr;
  __sanitizer_start_switch_fiber(f.done ? nullptr : &fake, nullptr, 0);
  do_switch_to_main(f);
  __sanitizer_finish_switch_fiber(fake, nullptr, nullptr);
#else
  do_switch_to_main(f);
#endif
}

void switch_to_fiber(Run& r, int i) {
  r.current = (int)i;
  const Fiber& f = r.fibers[i];
  g_coord.thread = f.tid;
  ++r.switches;
#if CR_EMU_TSAN
  __tsan_switch_to_fiber(f.tsan, kNoSync);
#endif
#if CR_EMU_ASAN
  __sanitizer_start_switch_fiber(&r.main_fake_stack, f.stack, kStack);
  do_switch_to_fiber(r, r.fibers[i]);
  __sanitizer_finish_switch_fiber(r.main_fake_stack, nullptr, nullptr);
#else
  do_switch_to_fiber(r, r.fibers[i]);
#endif
  r.current = -1;
}

void trampoline() {
#if CR_EMU_ASAN
  __sanitizer_finish_switch_fiber(nullptr, nullptr, nullptr);
#endif
  Run& r = *g_run;
  r.body(r.ctx);
  Fiber& f = r.fibers[r.current];
  f.done = true;
  switch_to_main(f);  // never resumed
}

/** The calling fiber waits at a sync point until the scheduler completes it; returns its result. */
uint64_t wait(Op op, const char* file, int line, unsigned mask, uint64_t value, int arg, int width) {
  Run* r = g_run;
  if (!r || r->current < 0) die(std::string(op_name(op)) + " called outside a kernel");
  Fiber& f = r->fibers[r->current];
  if (op != Op::Sync && op != Op::SyncOr) {
    const unsigned lane = f.linear & 31;
    if (!(mask >> lane & 1)) die(std::string(op_name(op)) + " at " + file + ":" + std::to_string(line) +
                                 ": the calling lane is not in the mask");
  }
  f.waiting = true;
  f.op = op;
  f.file = file;
  f.line = line;
  f.mask = mask;
  f.value = value;
  f.arg = arg;
  f.width = width;
  switch_to_main(f);
  return f.result;
}

bool same_site(const Fiber& a, const Fiber& b) { return a.op == b.op && a.file == b.file && a.line == b.line; }

/** Completes every sync point whose participants have all arrived; true if any did. Errors for sync
 *  points that can never complete are left to the caller (deadlock) except the certain ones. */
bool resolve(Run& r) {
  bool any = false;
  const unsigned n = (unsigned)r.fibers.size();
  // Block barrier: every thread of the block at the same __syncthreads(_or).
  {
    int first = -1;
    bool all_there = true;
    for (unsigned i = 0; i < n; ++i) {
      const Fiber& f = r.fibers[i];
      const bool at_bar = f.waiting && (f.op == Op::Sync || f.op == Op::SyncOr);
      if (at_bar && first < 0) first = (int)i;
      if (!at_bar) all_there = false;
    }
    if (first >= 0) {
      for (unsigned i = 0; i < n; ++i) {
        const Fiber& f = r.fibers[i];
        if (f.done) die("thread (" + std::to_string(f.tid.x) + "," + std::to_string(f.tid.y) + "," +
                        std::to_string(f.tid.z) + ") returned while others wait at " + where(r.fibers[first]));
        if (f.waiting && (f.op == Op::Sync || f.op == Op::SyncOr) && !same_site(f, r.fibers[first])) {
          die("threads wait at different barriers: " + where(r.fibers[first]) + " and " + where(f));
        }
      }
      if (all_there) {
#if CR_EMU_TSAN
        auto each = [&](auto&& fn) { for (unsigned i = 0; i < n; ++i) fn(r.fibers[i].tsan); };
        order(r, each, each);
#endif
        int any_pred = 0;
        for (unsigned i = 0; i < n; ++i) any_pred |= r.fibers[i].arg != 0;
        for (unsigned i = 0; i < n; ++i) {
          r.fibers[i].waiting = false;
          r.fibers[i].result = (uint64_t)any_pred;
        }
        any = true;
      }
    }
  }
  // Warp operations: every lane of the mask at the same site with the same mask.
  for (unsigned w = 0; w * 32 < n; ++w) {
    for (unsigned l = 0; l < 32 && w * 32 + l < n; ++l) {
      Fiber& f = r.fibers[w * 32 + l];
      if (!f.waiting || f.op == Op::Sync || f.op == Op::SyncOr) continue;
      bool ready = true;
      for (unsigned m = 0; m < 32; ++m) {
        if (!(f.mask >> m & 1)) continue;
        if (w * 32 + m >= n) die(where(f) + ": the mask names lane " + std::to_string(m) + ", which this block lacks");
        const Fiber& g = r.fibers[w * 32 + m];
        if (g.done) die(where(f) + ": the mask names lane " + std::to_string(m) + ", which has returned");
        if (!g.waiting) { ready = false; break; }
        if (!same_site(f, g) || g.mask != f.mask) {
          if (g.op == Op::Sync || g.op == Op::SyncOr) { ready = false; break; }
          die("lanes of one warp wait at different warp operations: " + where(f) + " and " + where(g));
        }
      }
      if (!ready) continue;
#if CR_EMU_TSAN
      {
        auto lanes = [&](auto&& fn) {
          for (unsigned m = 0; m < 32; ++m) if (f.mask >> m & 1) fn(r.fibers[w * 32 + m].tsan);
        };
        order(r, lanes, lanes);
      }
#endif
      // Complete it for every lane of the mask.
      unsigned ballot = 0;
      bool all = true;
      for (unsigned m = 0; m < 32; ++m) {
        if (!(f.mask >> m & 1)) continue;
        const Fiber& g = r.fibers[w * 32 + m];
        if (g.arg) ballot |= 1u << m;
        else all = false;
      }
      uint64_t vals[32];
      for (unsigned m = 0; m < 32; ++m) vals[m] = (f.mask >> m & 1) ? r.fibers[w * 32 + m].value : 0;
      bool equal = true;
      for (unsigned m = 0; m < 32; ++m) {
        if ((f.mask >> m & 1) && vals[m] != f.value) equal = false;
      }
      for (unsigned m = 0; m < 32; ++m) {
        if (!(f.mask >> m & 1)) continue;
        Fiber& g = r.fibers[w * 32 + m];
        const unsigned width = (unsigned)(g.width > 0 ? g.width : 32);
        const unsigned base = m & ~(width - 1);
        switch (g.op) {
          case Op::Ballot: g.result = ballot; break;
          case Op::All: g.result = all ? 1 : 0; break;
          case Op::SyncWarp: g.result = 0; break;
          case Op::Shfl: {
            const unsigned src = base + ((unsigned)g.arg & (width - 1));
            if (!(f.mask >> src & 1)) die(where(g) + ": reads lane " + std::to_string(src) + ", which is not in the mask");
            g.result = vals[src];
            break;
          }
          case Op::ShflDown: {
            const unsigned src = m + (unsigned)g.arg;
            if (src < base + width) {
              if (!(f.mask >> src & 1)) die(where(g) + ": reads lane " + std::to_string(src) + ", which is not in the mask");
              g.result = vals[src];
            } else {
              g.result = g.value;
            }
            break;
          }
          case Op::MatchAll: g.result = equal ? f.mask : 0; g.arg = equal; break;
          default: die("unexpected warp operation");
        }
        g.waiting = false;
      }
      any = true;
    }
  }
  return any;
}

void run_block(Run& r) {
  const unsigned n = r.block.x * r.block.y * r.block.z;
  // poison shared memory: static (the section) and dynamic
  if (__start_cr_emu_shared && __stop_cr_emu_shared) {
    memset(__start_cr_emu_shared, kPoison, (size_t)(__stop_cr_emu_shared - __start_cr_emu_shared));
  }
  if (r.dyn_bytes) memset(r.dyn.data(), kPoison, r.dyn_bytes);
  for (unsigned i = 0; i < n; ++i) {
    Fiber& f = r.fibers[i];
    f.done = f.waiting = false;
    f.op = Op::None;
    f.linear = i;
    f.tid = dim3(i % r.block.x, (i / r.block.x) % r.block.y, i / (r.block.x * r.block.y));
#if CR_EMU_ASAN
    // Stacks are reused: a finished fiber never unwinds, so its frames' redzones stay poisoned
    ASAN_UNPOISON_MEMORY_REGION(f.stack, kStack);
#endif
#if CR_EMU_FAST_SWITCH
    // A frame cr_emu_switch can "return" into: six saved registers, then trampoline's address, then a
    // slot so that trampoline starts with the stack aligned as after a call (rsp ≡ 8 mod 16).
    uintptr_t top = ((uintptr_t)f.stack + kStack) & ~(uintptr_t)15;
    void** p = reinterpret_cast<void**>(top);
    *--p = nullptr;                                  // trampoline's "return address" (never used)
    *--p = reinterpret_cast<void*>(&trampoline);     // popped by ret
    for (int k = 0; k < 6; ++k) *--p = nullptr;      // rbp, rbx, r12 … r15
    f.sp = p;
#else
    getcontext(&f.ctx);
    f.ctx.uc_stack.ss_sp = f.stack;
    f.ctx.uc_stack.ss_size = kStack;
    f.ctx.uc_link = nullptr;
    makecontext(&f.ctx, (void (*)())trampoline, 0);
#endif
  }
  g_coord.block = r.block_idx;
#if CR_EMU_TSAN
  {
    auto host = [&](auto&& fn) { fn(r.main_tsan); };
    auto all_fibers = [&](auto&& fn) { for (unsigned i = 0; i < n; ++i) fn(r.fibers[i].tsan); };
    order(r, host, all_fibers);  // the block starts after what the stream did before (and earlier blocks)
  }
#endif
  std::vector<unsigned> turns(n);
  for (unsigned i = 0; i < n; ++i) turns[i] = i;
  const double limit = budget_seconds();
  for (;;) {
    std::shuffle(turns.begin(), turns.end(), g_rng);
    bool ran = false;
    for (unsigned i : turns) {
      Fiber& f = r.fibers[i];
      if (f.done || f.waiting) continue;
      switch_to_fiber(r, (int)i);
      ran = true;
    }
    bool done = true;
    for (unsigned i = 0; i < n; ++i) done &= r.fibers[i].done;
    if (done) {
#if CR_EMU_TSAN
      auto host = [&](auto&& fn) { fn(r.main_tsan); };
      auto all_fibers = [&](auto&& fn) { for (unsigned i = 0; i < n; ++i) fn(r.fibers[i].tsan); };
      order(r, all_fibers, host);  // what the stream does next sees the block's writes
      r.tokens.clear();
      r.used = 0;
#endif
      return;
    }
    const bool moved = resolve(r);
    if (!ran && !moved) {
      std::string sites;
      for (unsigned i = 0; i < n && sites.size() < 400; ++i) {
        const Fiber& f = r.fibers[i];
        if (f.waiting) sites += "\n    thread " + std::to_string(i) + ": " + where(f);
      }
      die("deadlock: no thread can go on; waiting:" + sites);
    }
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - r.start).count() > limit) {
      die("watchdog: the launch ran longer than " + std::to_string(limit) + " s (CR_EMU_WATCHDOG_S)");
    }
  }
}

void run_launch(const LaunchSite& site, dim3 grid, dim3 block, size_t shared, void (*body)(void*), void* ctx) {
  seed();
  Run r;
  r.site = &site;
  r.grid = grid;
  r.block = block;
  r.body = body;
  r.ctx = ctx;
  r.dyn_bytes = shared;
  r.dyn.resize(shared ? shared : 1);
  r.start = std::chrono::steady_clock::now();
  const unsigned n = block.x * block.y * block.z;
  r.fibers.resize(n);
  thread_local std::vector<char*> stacks;  // reused across this thread's launches
  while (stacks.size() < n) stacks.push_back(static_cast<char*>(malloc(kStack)));
  for (unsigned i = 0; i < n; ++i) r.fibers[i].stack = stacks[i];
#if CR_EMU_TSAN
  r.main_tsan = __tsan_get_current_fiber();
  thread_local std::vector<void*> tsan_fibers;  // one per stack, for the thread's lifetime
  while (tsan_fibers.size() < n) tsan_fibers.push_back(__tsan_create_fiber(0));
  for (unsigned i = 0; i < n; ++i) r.fibers[i].tsan = tsan_fibers[i];
#endif
  g_coord.block_dim = block;
  g_coord.grid_dim = grid;
  std::vector<dim3> blocks;
  for (unsigned z = 0; z < grid.z; ++z)
    for (unsigned y = 0; y < grid.y; ++y)
      for (unsigned x = 0; x < grid.x; ++x) blocks.push_back(dim3(x, y, z));
  std::shuffle(blocks.begin(), blocks.end(), g_rng);
  Run* outer = g_run;
  g_run = &r;
  for (const dim3& b : blocks) {
    r.block_idx = b;
    run_block(r);
  }
  g_run = outer;
}

}  // namespace

void syncthreads(const char* file, int line) { wait(Op::Sync, file, line, 0, 0, 0, 32); }
int syncthreads_or(int pred, const char* file, int line) { return (int)wait(Op::SyncOr, file, line, 0, 0, pred, 32); }
void syncwarp(unsigned mask, const char* file, int line) { wait(Op::SyncWarp, file, line, mask, 0, 0, 32); }
unsigned ballot(unsigned mask, int pred, const char* file, int line) {
  return (unsigned)wait(Op::Ballot, file, line, mask, 0, pred != 0, 32);
}
int all(unsigned mask, int pred, const char* file, int line) { return (int)wait(Op::All, file, line, mask, 0, pred != 0, 32); }
uint64_t shfl(unsigned mask, uint64_t v, int src, int width, const char* file, int line) {
  return wait(Op::Shfl, file, line, mask, v, src, width);
}
uint64_t shfl_down(unsigned mask, uint64_t v, unsigned delta, int width, const char* file, int line) {
  return wait(Op::ShflDown, file, line, mask, v, (int)delta, width);
}
unsigned match_all(unsigned mask, uint64_t v, int* pred, const char* file, int line) {
  Run* r = g_run;
  const unsigned got = (unsigned)wait(Op::MatchAll, file, line, mask, v, 0, 32);
  if (pred) *pred = r->fibers[r->current].arg;
  return got;
}

void* dynamic_shared() {
  if (!g_run) die("dynamic shared memory used outside a kernel");
  return g_run->dyn.data();
}

void set_dynamic_shared(void** slot) { *slot = dynamic_shared(); }

void fail(const char* file, int line, const char* what) { die(std::string(file) + ":" + std::to_string(line) + ": " + what); }

namespace {

// Each kernel's __launch_bounds__, by name. g++ has no attribute that would carry a kernel's bound from its
// declaration to its launches, so the numbers come from where the GPU takes them: the .maxntid nvcc
// writes into each entry of the PTX. scripts/kernel-ptx.mjs generates the table from cuda/src, and
// test/fma-guard.test.ts (which compiles that PTX anyway) fails when a kernel's bound or the set of
// kernels changed without it; a launch of a kernel the table lacks is an error here, so a new kernel
// cannot go unchecked either.
struct Bound {
  const char* name;
  unsigned max_threads;  // 0: no __launch_bounds__ (the device's 1024)
};
constexpr Bound kBounds[] = {
#include "launch_bounds.h"
};

/** The kernel's name in a spelling of it: `k_sobol<float, 32>`, `reinterpret_cast<const void*>(&a::k<T>)`. */
std::string kernel_name(const char* spelled) {
  const char* p = strrchr(spelled, '&');
  p = p ? p + 1 : spelled;
  while (*p == '(' || *p == ' ') ++p;
  const char* e = p;
  while (*e == '_' || *e == ':' || (*e >= '0' && *e <= '9') || ((*e | 32) >= 'a' && (*e | 32) <= 'z')) ++e;
  std::string name(p, e);
  const size_t colons = name.rfind("::");
  return colons == std::string::npos ? name : name.substr(colons + 2);
}

/** The most threads a block of the kernel may have: its __launch_bounds__, else the device's 1024. */
unsigned max_threads(const char* spelled, const char* file, int line) {
  const std::string name = kernel_name(spelled);
  for (const Bound& b : kBounds) {
    if (name == b.name) return b.max_threads ? b.max_threads : 1024;
  }
  die("kernel " + name + " (" + file + ":" + std::to_string(line) + ") is not in cuda/test/emu/launch_bounds.h: " +
      "regenerate it with node scripts/kernel-ptx.mjs --write-bounds");
}

constexpr size_t kDefaultDynamicShared = 48 * 1024;  // without the attribute, as on every GPU since sm_70

/** cudaFuncAttributeMaxDynamicSharedMemorySize per (device, kernel) as cudaFuncSetAttribute set it. */
struct Attributes {
  std::mutex mu;
  std::map<std::pair<int, const void*>, size_t> max_dynamic_shared;
};
Attributes& attributes() {
  static Attributes* a = new Attributes;  // never destroyed: launches may run during exit
  return *a;
}

int current_device() {
  int dev = 0;
  return cudaGetDevice(&dev) == cudaSuccess ? dev : -1;
}

/** The kernel's dynamic shared memory limit on the current device, and whether the attribute set it. */
std::pair<size_t, bool> dynamic_shared_limit(const void* func) {
  Attributes& a = attributes();
  std::lock_guard<std::mutex> lock(a.mu);
  const auto it = a.max_dynamic_shared.find({current_device(), func});
  if (it == a.max_dynamic_shared.end()) return {kDefaultDynamicShared, false};
  return {it->second, true};
}

/** Why the launch fails on a GPU, or empty, and with which error. */
std::string launch_error(const LaunchSite& site, dim3 grid, dim3 block, size_t shared, cudaError_t* code) {
  const unsigned long long threads = (unsigned long long)block.x * block.y * block.z;
  *code = cudaErrorInvalidConfiguration;
  if (threads == 0 || threads > 1024 || block.z > 64) return "a block of " + std::to_string(threads) + " threads";
  if (grid.x == 0 || grid.y == 0 || grid.z == 0 || grid.x > 0x7fffffffu || grid.y > 65535 || grid.z > 65535) {
    return "the grid's shape";
  }
  if (shared > optin_shared()) return "more dynamic shared memory than the device's opt-in limit";
  *code = cudaErrorInvalidValue;
  const unsigned bound = max_threads(site.kernel, site.file, site.line);
  if (threads > bound) {
    return "a block of " + std::to_string(threads) + " threads, above the kernel's __launch_bounds__ (" +
           std::to_string(bound) + ")";
  }
  const auto [limit, set] = dynamic_shared_limit(site.func);
  if (shared > limit) {
    return std::to_string(shared) + " bytes of dynamic shared memory, above " +
           (set ? "the kernel's cudaFuncAttributeMaxDynamicSharedMemorySize on this device, " + std::to_string(limit)
                : std::string("48 KiB with no cudaFuncAttributeMaxDynamicSharedMemorySize set on this device"));
  }
  return {};
}

}  // namespace

cudaError_t enqueue(const LaunchSite& site, dim3 grid, dim3 block, size_t shared, cudaStream_t s, void (*run)(void*),
                    void* ctx, void (*drop)(void*)) {
  cudaError_t code = cudaSuccess;
  const std::string why = launch_error(site, grid, block, shared, &code);
  if (!why.empty()) {
    drop(ctx);
    // As on a GPU the launch fails (the calling thread's last error); the emulator also says why, since
    // a kernel that never ran is what its callers' tests then see.
    fprintf(stderr, "emulated device: launch of %s at %s:%d rejected: %s (grid (%u,%u,%u) block (%u,%u,%u))\n",
            site.kernel, site.file, site.line, why.c_str(), grid.x, grid.y, grid.z, block.x, block.y, block.z);
    return fake::fail_call(code);
  }
  const LaunchSite where_ = site;
  return fake::launch(s, [where_, grid, block, shared, run, ctx, drop] {
    run_launch(where_, grid, block, shared, run, ctx);
    drop(ctx);
  });
}

cudaError_t func_attributes(cudaFuncAttributes* attr, const void* func, const char* spelled) {
  if (!attr || !func) return fake::fail_call(cudaErrorInvalidDeviceFunction);
  memset(attr, 0, sizeof *attr);
  attr->maxThreadsPerBlock = (int)max_threads(spelled, "cudaFuncGetAttributes", 0);
  attr->maxDynamicSharedSizeBytes = (int)dynamic_shared_limit(func).first;
  return cudaSuccess;
}

}  // namespace cr_emu

// ---- kernel attributes (the C API) ------------------------------------------------------------------------
// cudaFuncGetAttributes is emu.h's macro over func_attributes, which passes the kernel's spelling along.
extern "C" cudaError_t cudaFuncSetAttribute(const void* func, enum cudaFuncAttribute attr, int value) {
  if (!func) return fake::fail_call(cudaErrorInvalidDeviceFunction);
  if (attr != cudaFuncAttributeMaxDynamicSharedMemorySize) return cudaSuccess;
  if (value < 0 || (size_t)value > cr_emu::optin_shared()) return fake::fail_call(cudaErrorInvalidValue);
  cr_emu::Attributes& a = cr_emu::attributes();
  std::lock_guard<std::mutex> lock(a.mu);
  a.max_dynamic_shared[{cr_emu::current_device(), func}] = (size_t)value;
  return cudaSuccess;
}

namespace cr_emu {

uint64_t random_u64() {
  seed();
  return g_rng();
}

void cub_misuse(const char* what) { die(std::string("CUB protocol: ") + what); }

}  // namespace cr_emu
