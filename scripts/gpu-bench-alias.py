#!/usr/bin/env python3
"""Peers of the CUDA alias tables on the same GPU, for scripts/gpu-check-alias.sh (issue 7):
torch.multinomial (with replacement) and CuPy random.choice(p=...), drawing S = 2^26 samples into device
memory from N = 10^2 ... 10^8 uniform random weights. Each call includes the peer's own preprocessing
(normalisation, cumulative sums), which is how they are used: neither keeps a sampling structure between
calls. Times with CUDA events, median of 5 runs after a warm-up. Prints one line
"ALIAS_PYBENCH_JSON {...}" with GSamples/s per library and N; a library or size that fails (e.g.
torch.multinomial's 2^24-category limit) is recorded, not fatal. Expected time: about a minute."""
import json
import sys

S = 1 << 26
REPS = 5
SIZES = [10**2, 10**3, 10**4, 10**5, 10**6, 10**7, 10**8]
out = {"samples_per_run": S}
errors = {}


def label(n):
    return "1e%d" % len(str(n)[1:])


def median_ms(start, end, f):
    f()
    times = []
    for _ in range(REPS):
        start.record()
        f()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    times.sort()
    return times[len(times) // 2]


def bench_torch():
    import torch

    dev = torch.device("cuda")
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    gen = torch.Generator(device=dev)
    gen.manual_seed(1234)
    for n in SIZES:
        try:
            w = torch.rand(n, device=dev, dtype=torch.float32, generator=gen)
            ms = median_ms(start, end, lambda: torch.multinomial(w, S, replacement=True, generator=gen))
            out["torch_multinomial_GSps_N" + label(n)] = round(S / (ms * 1e6), 4)
            del w
        except Exception as e:  # noqa: BLE001 - recorded per size
            errors["torch_N" + label(n)] = f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"
        torch.cuda.empty_cache()
    out["torch_version"] = torch.__version__
    out["gpu_name"] = torch.cuda.get_device_name(0)


def bench_cupy():
    import cupy as cp

    start, end = cp.cuda.Event(), cp.cuda.Event()
    rs = cp.random.RandomState(1234)

    def timed(f):
        f()
        times = []
        for _ in range(REPS):
            start.record()
            f()
            end.record()
            end.synchronize()
            times.append(cp.cuda.get_elapsed_time(start, end))
        times.sort()
        return times[len(times) // 2]

    for n in SIZES:
        try:
            w = rs.random_sample(n)
            p = w / w.sum()
            ms = timed(lambda: rs.choice(n, size=S, replace=True, p=p))
            out["cupy_choice_GSps_N" + label(n)] = round(S / (ms * 1e6), 4)
            del w, p
        except Exception as e:  # noqa: BLE001
            errors["cupy_N" + label(n)] = f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"
        cp.get_default_memory_pool().free_all_blocks()
    out["cupy_version"] = cp.__version__


for lib, fn in (("torch", bench_torch), ("cupy", bench_cupy)):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - recorded in the report, the other still runs
        errors[lib] = f"{type(e).__name__}: {e}"

out["errors"] = errors
print("ALIAS_PYBENCH_JSON " + json.dumps(out), flush=True)
sys.exit(0)
