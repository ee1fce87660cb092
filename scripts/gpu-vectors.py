#!/usr/bin/env python3
"""Reference vectors from jax.random and torch on CUDA, saved as data for a later compatibility
feature (issue 29, step 7). Nothing here is compared yet: the values are facts of those libraries.

    python3 scripts/gpu-vectors.py OUTFILE.json

jax: threefry2x32 keys (the default implementation), with the config flags that change its bits
recorded: key data of PRNGKey(seed), split(key) and split(key, 3), fold_in(key, 7), bits (uint32),
uniform (float32), normal (float32), each for a few seeds. torch: manual_seed(seed), then rand and
randn of 8 and of 1000 float32 on CUDA (the first 16 of the 1000 kept). Prints one line
"VECTORS_JSON {...}" saying what came and what failed.
"""
import json
import os
import sys

os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
OUTFILE = sys.argv[1] if len(sys.argv) > 1 else "vectors.json"
SEEDS = (0, 1, 42, 1234, 2**31 - 1)
out = {"jax": {}, "torch": {}}
summary = {"errors": {}}


def ints(a):
    return [int(x) for x in a.reshape(-1).tolist()]


def floats(a):
    return [float(x) for x in a.reshape(-1).tolist()]


def jax_vectors():
    import jax
    import jax.numpy as jnp

    cfg = {}
    for flag in ("jax_default_prng_impl", "jax_threefry_partitionable", "jax_enable_x64"):
        try:
            cfg[flag] = str(getattr(jax.config, flag))
        except Exception:
            cfg[flag] = None
    out["jax"]["version"] = jax.__version__
    out["jax"]["config"] = cfg
    out["jax"]["device"] = str(jax.devices()[0])
    cases = []
    for seed in SEEDS:
        k = jax.random.PRNGKey(seed)
        c = {"seed": seed, "key": ints(k)}
        c["split2"] = ints(jax.random.split(k))
        c["split3"] = ints(jax.random.split(k, 3))
        c["fold_in_7"] = ints(jax.random.fold_in(k, 7))
        c["bits8"] = ints(jax.random.bits(k, (8,), dtype=jnp.uint32))
        c["uniform8"] = floats(jax.random.uniform(k, (8,), dtype=jnp.float32))
        c["normal8"] = floats(jax.random.normal(k, (8,), dtype=jnp.float32))
        c["uniform1000_head16"] = floats(jax.random.uniform(k, (1000,), dtype=jnp.float32)[:16])
        cases.append(c)
    out["jax"]["cases"] = cases


def torch_vectors():
    import torch

    out["torch"]["version"] = torch.__version__
    out["torch"]["device"] = torch.cuda.get_device_name(0)
    cases = []
    for seed in SEEDS:
        c = {"seed": seed}
        torch.manual_seed(seed)
        c["rand8"] = floats(torch.rand(8, device="cuda").cpu())
        c["randn8_after_rand8"] = floats(torch.randn(8, device="cuda").cpu())
        torch.manual_seed(seed)
        c["rand1000_head16"] = floats(torch.rand(1000, device="cuda")[:16].cpu())
        torch.manual_seed(seed)
        c["randn1000_head16"] = floats(torch.randn(1000, device="cuda")[:16].cpu())
        cases.append(c)
    out["torch"]["cases"] = cases


for name, fn in (("jax", jax_vectors), ("torch", torch_vectors)):
    try:
        fn()
    except Exception as e:
        summary["errors"][name] = repr(e)
with open(OUTFILE, "w") as f:
    json.dump(out, f)
summary["jax_cases"] = len(out["jax"].get("cases", []))
summary["torch_cases"] = len(out["torch"].get("cases", []))
print("VECTORS_JSON " + json.dumps(summary))
sys.exit(0 if not summary["errors"] else 1)
