#!/usr/bin/env python3
"""What libcurand holds that this project cannot derive (issue 29, step 5), dumped for a later
`scramble: 'curand'` and for confirming docs/qmc.md on cuRAND itself. Run on a GPU machine with the
nvidia-curand wheel (or a CUDA toolkit's libcurand) and CuPy, from the repository root:

    python3 scripts/gpu-curand-data.py OUTDIR

Writes into OUTDIR:
  curand-tables32.npz, curand-tables64.npz   the host API's tables (numpy arrays, one per name; two
                      files so that each stays under the device tool's 16 MiB per file):
                        dv32, dv32_scrambled     curandGetDirectionVectors32, JOEKUO6 sets 101 / 102
                        dv64, dv64_scrambled     curandGetDirectionVectors64, JOEKUO6 sets 103 / 104
                        scramble32, scramble64   curandGetScrambleConstants32 / 64
  curand-host.json    small host-API outputs: Sobol32/64 and their scrambled kinds at a few dimensions
                      and offsets (raw words, uniform, uniform double), MRG32k3a, Philox and XORWOW raw
                      words, with the library's version
Prints one line "CURAND_DATA_JSON {...}" (what was dumped, what failed). Exit 0 when the tables came.
"""
import ctypes
import ctypes.util
import glob
import json
import os
import sys

import numpy as np

OUT = sys.argv[1] if len(sys.argv) > 1 else "."
DIMS = 20000  # cuRAND's JOEKUO6 sets hold 20,000 dimensions (CURAND's documentation, "Sobol")
SETS = {"dv32": (101, 32, np.uint32), "dv32_scrambled": (102, 32, np.uint32),
        "dv64": (103, 64, np.uint64), "dv64_scrambled": (104, 64, np.uint64)}
summary = {"dumped": [], "errors": {}}


def find_libcurand():
    """The libcurand CuPy loads, else any on the usual paths."""
    try:
        import cupy.cuda.curand  # noqa: F401  (loads libcurand into this process)
    except Exception as e:  # pragma: no cover - recorded
        summary["errors"]["cupy"] = repr(e)
    names = ["libcurand.so.10", "libcurand.so.11", "libcurand.so.12", "libcurand.so.13", "libcurand.so"]
    found = ctypes.util.find_library("curand")
    if found:
        names.insert(0, found)
    for base in sys.path + ["/usr/local/cuda/lib64", "/usr/lib/x86_64-linux-gnu"]:
        names += sorted(glob.glob(os.path.join(base, "nvidia", "**", "libcurand.so*"), recursive=True))
        names += sorted(glob.glob(os.path.join(base, "libcurand.so*")))
    for n in names:
        try:
            lib = ctypes.CDLL(n)
            lib.curandGetVersion  # noqa: B018
            return lib, n
        except (OSError, AttributeError):
            continue
    raise RuntimeError("libcurand not found")


def tables(lib):
    arrays = {}
    for name, (set_id, bits, dtype) in SETS.items():
        ptr = ctypes.c_void_p()
        fn = lib.curandGetDirectionVectors32 if bits == 32 else lib.curandGetDirectionVectors64
        st = fn(ctypes.byref(ptr), ctypes.c_int(set_id))
        if st != 0 or not ptr.value:
            summary["errors"][name] = f"status {st}"
            continue
        nbytes = DIMS * bits * np.dtype(dtype).itemsize
        buf = (ctypes.c_char * nbytes).from_address(ptr.value)
        arrays[name] = np.frombuffer(bytes(buf), dtype=dtype).reshape(DIMS, bits)
    for name, fn, dtype in (("scramble32", lib.curandGetScrambleConstants32, np.uint32),
                            ("scramble64", lib.curandGetScrambleConstants64, np.uint64)):
        ptr = ctypes.c_void_p()
        st = fn(ctypes.byref(ptr))
        if st != 0 or not ptr.value:
            summary["errors"][name] = f"status {st}"
            continue
        nbytes = DIMS * np.dtype(dtype).itemsize
        arrays[name] = np.frombuffer(bytes((ctypes.c_char * nbytes).from_address(ptr.value)), dtype=dtype).copy()
    return arrays


def host_outputs():
    """Small outputs of the host API (curandGenerate*) for the quasi and pseudo kinds."""
    import cupy as cp
    from cupy.cuda import curand as cr

    res = {}
    quasi = {"sobol32": ("CURAND_RNG_QUASI_SOBOL32", 32), "scrambled_sobol32": ("CURAND_RNG_QUASI_SCRAMBLED_SOBOL32", 32),
             "sobol64": ("CURAND_RNG_QUASI_SOBOL64", 64), "scrambled_sobol64": ("CURAND_RNG_QUASI_SCRAMBLED_SOBOL64", 64)}
    for name, (const, bits) in quasi.items():
        for dims, offset, n_per_dim in ((1, 0, 40), (3, 0, 40), (3, 5, 40), (100, 0, 8), (20000, 0, 4)):
            tag = f"{name}_d{dims}_o{offset}"
            try:
                n = dims * n_per_dim
                rows = {}
                for what in ("raw", "uniform", "uniform_double"):
                    gen = cr.createGenerator(getattr(cr, const))
                    cr.setQuasiRandomGeneratorDimensions(gen, dims)
                    cr.setGeneratorOffset(gen, offset)
                    if what == "raw":
                        buf = cp.empty(n, dtype=cp.uint32 if bits == 32 else cp.uint64)
                        (cr.generate if bits == 32 else cr.generateLongLong)(gen, buf.data.ptr, n)
                        rows[what] = [str(int(v)) for v in buf.get()]
                    elif what == "uniform":
                        buf = cp.empty(n, dtype=cp.float32)
                        cr.generateUniform(gen, buf.data.ptr, n)
                        rows[what] = [float(v) for v in buf.get()]
                    else:
                        buf = cp.empty(n, dtype=cp.float64)
                        cr.generateUniformDouble(gen, buf.data.ptr, n)
                        rows[what] = [float(v) for v in buf.get()]
                    cr.destroyGenerator(gen)
                res[tag] = {"dims": dims, "offset": offset, "n": n, "layout": "dimensions", **rows}
            except Exception as e:
                summary["errors"][tag] = repr(e)
    for name, const in (("xorwow", "CURAND_RNG_PSEUDO_XORWOW"), ("philox4_32_10", "CURAND_RNG_PSEUDO_PHILOX4_32_10"),
                        ("mrg32k3a", "CURAND_RNG_PSEUDO_MRG32K3A")):
        for seed, offset in ((1234, 0), (1234, 5), (0x0123456789ABCDEF, 0)):
            tag = f"{name}_s{seed}_o{offset}"
            try:
                gen = cr.createGenerator(getattr(cr, const))
                cr.setPseudoRandomGeneratorSeed(gen, seed)
                cr.setGeneratorOffset(gen, offset)
                buf = cp.empty(64, dtype=cp.uint32)
                cr.generate(gen, buf.data.ptr, 64)
                res[tag] = {"seed": str(seed), "offset": offset, "ordering": "default", "raw": [int(v) for v in buf.get()]}
                cr.destroyGenerator(gen)
            except Exception as e:
                summary["errors"][tag] = repr(e)
    return res


def main():
    os.makedirs(OUT, exist_ok=True)
    try:
        lib, path = find_libcurand()
    except Exception as e:
        summary["errors"]["libcurand"] = repr(e)
        print("CURAND_DATA_JSON " + json.dumps(summary))
        return 1
    v = ctypes.c_int()
    lib.curandGetVersion(ctypes.byref(v))
    summary["libcurand"] = path
    summary["version"] = v.value
    arrays = tables(lib)
    if arrays:
        for bits in ("32", "64"):
            part = {k: a for k, a in arrays.items() if k.endswith(bits) or k.startswith("dv" + bits)}
            np.savez_compressed(os.path.join(OUT, f"curand-tables{bits}.npz"), **part)
        summary["dumped"] += [f"{k}{list(a.shape)}" for k, a in arrays.items()]
        # the unscrambled 32-bit set, first dimensions, readable in the log for a first look
        summary["dv32_dim0_first4"] = [int(x) for x in arrays.get("dv32", np.zeros((1, 4), np.uint32))[0][:4]]
        summary["dv32_dim1_first4"] = [int(x) for x in arrays.get("dv32", np.zeros((2, 4), np.uint32))[1][:4]]
    try:
        host = host_outputs()
        host["libcurand_version"] = v.value
        with open(os.path.join(OUT, "curand-host.json"), "w") as f:
            json.dump(host, f)
        summary["dumped"].append(f"curand-host.json ({len(host) - 1} cases)")
    except Exception as e:
        summary["errors"]["host"] = repr(e)
    print("CURAND_DATA_JSON " + json.dumps(summary))
    return 0 if len(arrays) == 6 else 1


if __name__ == "__main__":
    sys.exit(main())
