#!/usr/bin/env python3
"""Reference generators on the GPU, for scripts/gpu-check.sh: cuRAND's host API through CuPy (XORWOW
and Philox4_32_10: raw 32-bit words, uniform float32, uniform float64), torch.rand and JAX's
random.bits/uniform, each filling a 1 GiB device buffer. Times with CUDA events (JAX: wall clock
around block_until_ready), mean of 10 runs after a warm-up. Prints one line "PYBENCH_JSON {...}"
with GB/s written per generator; a library that is missing or fails is recorded, not fatal."""
import json
import sys
import time

BYTES = 1 << 30
REPS = 10
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
