#!/usr/bin/env python3
"""Reference generators on the GPU, for scripts/gpu-check.sh: cuRAND's host API through CuPy (XORWOW
and Philox4_32_10: raw 32-bit words, uniform float32/float64, normal float32/float64), torch.rand and
torch.randn, JAX's random.bits/uniform, each filling a 1 GiB device buffer; and the gamma-based peers
of issue 6: torch._standard_gamma and cupy.random.standard_gamma across alpha (same alphas and n as
gpu_selftest --bench's gamma sweep), torch.distributions.Dirichlet(...).sample and Beta. Times with
CUDA events (JAX: wall clock around block_until_ready), mean of the runs after a warm-up. Prints one
line "PYBENCH_JSON {...}" (GB/s written, or G elements/s); a library that is missing or fails is
recorded, not fatal."""
import json
import sys
import time

BYTES = 1 << 30
REPS = 10
# gamma sweep: the alphas and size of gpu_selftest --bench (cuda/test/gpu_dist.h)
GAMMA_ALPHAS = (0.05, 0.1, 0.3, 1, 2, 5, 20, 100)
GAMMA_N = 1 << 24
GAMMA_REPS = 3
out = {}
errors = {}


def gbps(nbytes, ms):
    return nbytes / (ms / 1e3) / 1e9


def bench_cupy():
    import cupy as cp
    from cupy.cuda import curand

    words = BYTES // 4
    doubles = BYTES // 8
    buf32 = cp.empty(words, dtype=cp.uint32)
    buff = cp.empty(words, dtype=cp.float32)
    buf64 = cp.empty(doubles, dtype=cp.float64)
    for name, rng in (("xorwow", curand.CURAND_RNG_PSEUDO_XORWOW), ("philox", curand.CURAND_RNG_PSEUDO_PHILOX4_32_10)):
        gen = curand.createGenerator(rng)
        curand.setPseudoRandomGeneratorSeed(gen, 1234)
        cases = (
            ("bits", lambda: curand.generate(gen, buf32.data.ptr, words), BYTES),
            ("uniform32", lambda: curand.generateUniform(gen, buff.data.ptr, words), BYTES),
            ("uniform64", lambda: curand.generateUniformDouble(gen, buf64.data.ptr, doubles), BYTES),
            ("normal32", lambda: curand.generateNormal(gen, buff.data.ptr, words, 0.0, 1.0), BYTES),
            ("normal64", lambda: curand.generateNormalDouble(gen, buf64.data.ptr, doubles, 0.0, 1.0), BYTES),
        )
        for what, f, nbytes in cases:
            f()
            cp.cuda.runtime.deviceSynchronize()
            start, end = cp.cuda.Event(), cp.cuda.Event()
            start.record()
            for _ in range(REPS):
                f()
            end.record()
            end.synchronize()
            ms = cp.cuda.get_elapsed_time(start, end) / REPS
            out[f"curand_{name}_{what}_GBps"] = round(gbps(nbytes, ms), 3)
        curand.destroyGenerator(gen)
    # D2D copy through CuPy, as a cross-check of gpu_selftest's ceiling
    src = cp.ones(BYTES // 4, dtype=cp.uint32)
    dst = cp.empty_like(src)
    dst[...] = src
    start, end = cp.cuda.Event(), cp.cuda.Event()
    start.record()
    for _ in range(REPS):
        cp.cuda.runtime.memcpyAsync(dst.data.ptr, src.data.ptr, BYTES, cp.cuda.runtime.memcpyDeviceToDevice, 0)
    end.record()
    end.synchronize()
    out["cupy_d2d_copy_rw_GBps"] = round(2 * gbps(BYTES, cp.cuda.get_elapsed_time(start, end) / REPS), 3)
    out["cupy_version"] = cp.__version__
    # CuPy's own gamma sampler, for reference
    for dtype, tag in ((cp.float32, "f32"), (cp.float64, "f64")):
        for a in GAMMA_ALPHAS:
            f = lambda: cp.random.standard_gamma(a, size=GAMMA_N, dtype=dtype)
            f()
            cp.cuda.runtime.deviceSynchronize()
            start, end = cp.cuda.Event(), cp.cuda.Event()
            start.record()
            for _ in range(GAMMA_REPS):
                f()
            end.record()
            end.synchronize()
            ms = cp.cuda.get_elapsed_time(start, end) / GAMMA_REPS
            out[f"cupy_gamma_{tag}_a{a:g}_Gelems"] = round(GAMMA_N / (ms / 1e3) / 1e9, 4)


def torch_ms(torch, f, reps):
    """Mean milliseconds of f() over reps runs after a warm-up (CUDA events)."""
    f()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(reps):
        f()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / reps


def bench_torch():
    import torch

    dev = torch.device("cuda")
    for name, dtype in (("uniform32", torch.float32), ("uniform64", torch.float64)):
        n = BYTES // (4 if dtype == torch.float32 else 8)
        buf = torch.empty(n, dtype=dtype, device=dev)
        buf.uniform_()
        torch.cuda.synchronize()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(REPS):
            buf.uniform_()  # what torch.rand(n, out=...) runs
        end.record()
        end.synchronize()
        out[f"torch_{name}_GBps"] = round(gbps(BYTES, start.elapsed_time(end) / REPS), 3)
    for name, dtype in (("normal32", torch.float32), ("normal64", torch.float64)):
        n = BYTES // (4 if dtype == torch.float32 else 8)
        buf = torch.empty(n, dtype=dtype, device=dev)
        out[f"torch_{name}_GBps"] = round(gbps(BYTES, torch_ms(torch, lambda: buf.normal_(), REPS)), 3)  # torch.randn's kernel
    # torch._standard_gamma (what torch.distributions.Gamma samples with) across alpha
    for dtype, tag in ((torch.float32, "f32"), (torch.float64, "f64")):
        for a in GAMMA_ALPHAS:
            alpha = torch.full((GAMMA_N,), float(a), dtype=dtype, device=dev)
            ms = torch_ms(torch, lambda: torch._standard_gamma(alpha), GAMMA_REPS)
            out[f"torch_gamma_{tag}_a{a:g}_Gelems"] = round(GAMMA_N / (ms / 1e3) / 1e9, 4)
    # Dirichlet and Beta through torch.distributions (rows of K; the same K, alpha and values as ours)
    for K in (3, 10, 100, 1000):
        for a in (0.5, 2.0):
            rows = GAMMA_N // K
            d = torch.distributions.Dirichlet(torch.full((K,), a, dtype=torch.float32, device=dev))
            ms = torch_ms(torch, lambda: d.sample((rows,)), GAMMA_REPS)
            out[f"torch_dirichlet_f32_K{K}_a{a:g}_Gvalues"] = round(rows * K / (ms / 1e3) / 1e9, 4)
    b = torch.distributions.Beta(torch.tensor(2.0, device=dev), torch.tensor(3.0, device=dev))
    ms = torch_ms(torch, lambda: b.sample((GAMMA_N,)), GAMMA_REPS)
    out["torch_beta_f32_a2_b3_Gelems"] = round(GAMMA_N / (ms / 1e3) / 1e9, 4)
    out["torch_version"] = torch.__version__
    out["gpu_name"] = torch.cuda.get_device_name(0)


def bench_jax():
    import jax
    import jax.numpy as jnp

    key = jax.random.key(0)
    n = BYTES // 4
    f_bits = jax.jit(lambda k: jax.random.bits(k, (n,), jnp.uint32))
    f_unif = jax.jit(lambda k: jax.random.uniform(k, (n,), jnp.float32))
    for name, f in (("bits", f_bits), ("uniform32", f_unif)):
        f(key).block_until_ready()
        t = time.perf_counter()
        for i in range(REPS):
            f(jax.random.fold_in(key, i)).block_until_ready()
        ms = (time.perf_counter() - t) * 1e3 / REPS
        out[f"jax_{name}_GBps"] = round(gbps(BYTES, ms), 3)
    out["jax_version"] = jax.__version__
    out["jax_prng_impl"] = str(jax.config.jax_default_prng_impl)


for lib, fn in (("cupy", bench_cupy), ("torch", bench_torch), ("jax", bench_jax)):
    try:
        fn()
    except Exception as e:  # recorded in the report, the others still run
        errors[lib] = f"{type(e).__name__}: {e}"

out["errors"] = errors
print("PYBENCH_JSON " + json.dumps(out), flush=True)
sys.exit(0)
