#!/usr/bin/env python3
"""What libcurand holds that this project cannot derive (issue 29, step 5), dumped for a later
`scramble: 'curand'` and for confirming docs/qmc.md on cuRAND itself. Run on a GPU machine with the
nvidia-curand wheel (or a CUDA toolkit's libcurand) and CuPy, from the repository root:

    python3 scripts/gpu-curand-data.py OUTDIR

Writes into OUTDIR:
  curand-tables32.npz, curand-tables64.npz, curand-tables64s.npz   the host API's tables (numpy arrays,
                      one per name; three files so that each stays under the device tool's 16 MiB per
                      file: run 1's single 64-bit file did not):
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


def curand_module():
    """CuPy's cuRAND binding: cupy.cuda.curand before CuPy 14, cupy_backends.cuda.libs.curand since
    (run 1 found only the latter)."""
    try:
        from cupy_backends.cuda.libs import curand
    except ImportError:
        from cupy.cuda import curand
    return curand


def find_libcurand():
    """The libcurand CuPy loads, else any on the usual paths."""
    try:
        curand_module()  # loads libcurand into this process
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


def host_outputs(lib):
    """Small outputs of the host API (curandGenerate*) for the quasi kinds (through ctypes on `lib`:
    CuPy 14 has no setQuasiRandomGeneratorDimensions) and the pseudo kinds (through CuPy)."""
    import cupy as cp
    cr = curand_module()

    res = {}
    vp, u64, sz = ctypes.c_void_p, ctypes.c_ulonglong, ctypes.c_size_t

    def ck(st, what):
        if st != 0:
            raise RuntimeError(f"{what}: curandStatus {st}")

    # curandRngType_t: CURAND_RNG_QUASI_SOBOL32 = 201, _SCRAMBLED_SOBOL32 = 202, _SOBOL64 = 203, _SCRAMBLED_SOBOL64 = 204
    quasi = {"sobol32": (201, 32), "scrambled_sobol32": (202, 32), "sobol64": (203, 64), "scrambled_sobol64": (204, 64)}
    for name, (rng, bits) in quasi.items():
        for dims, offset, n_per_dim in ((1, 0, 40), (3, 0, 40), (3, 5, 40), (100, 0, 8), (20000, 0, 4)):
            tag = f"{name}_d{dims}_o{offset}"
            try:
                n = dims * n_per_dim
                rows = {}
                for what in ("raw", "uniform", "uniform_double"):
                    gen = vp()
                    ck(lib.curandCreateGenerator(ctypes.byref(gen), ctypes.c_int(rng)), "curandCreateGenerator")
                    ck(lib.curandSetQuasiRandomGeneratorDimensions(gen, ctypes.c_uint(dims)), "SetQuasiRandomGeneratorDimensions")
                    ck(lib.curandSetGeneratorOffset(gen, u64(offset)), "curandSetGeneratorOffset")
                    if what == "raw":
                        buf = cp.empty(n, dtype=cp.uint32 if bits == 32 else cp.uint64)
                        fn = lib.curandGenerate if bits == 32 else lib.curandGenerateLongLong
                        ck(fn(gen, vp(buf.data.ptr), sz(n)), "curandGenerate")
                        rows[what] = [str(int(v)) for v in buf.get()]
                    elif what == "uniform":
                        buf = cp.empty(n, dtype=cp.float32)
                        ck(lib.curandGenerateUniform(gen, vp(buf.data.ptr), sz(n)), "curandGenerateUniform")
                        rows[what] = [float(v) for v in buf.get()]
                    else:
                        buf = cp.empty(n, dtype=cp.float64)
                        ck(lib.curandGenerateUniformDouble(gen, vp(buf.data.ptr), sz(n)), "curandGenerateUniformDouble")
                        rows[what] = [float(v) for v in buf.get()]
                    lib.curandDestroyGenerator(gen)
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
        files = {"32": ("dv32", "dv32_scrambled", "scramble32"), "64": ("dv64", "scramble64"), "64s": ("dv64_scrambled",)}
        for tag, names in files.items():
            part = {k: arrays[k] for k in names if k in arrays}
            if part:
                np.savez_compressed(os.path.join(OUT, f"curand-tables{tag}.npz"), **part)
        summary["dumped"] += [f"{k}{list(a.shape)}" for k, a in arrays.items()]
        # the unscrambled 32-bit set, first dimensions, readable in the log for a first look
        summary["dv32_dim0_first4"] = [int(x) for x in arrays.get("dv32", np.zeros((1, 4), np.uint32))[0][:4]]
        summary["dv32_dim1_first4"] = [int(x) for x in arrays.get("dv32", np.zeros((2, 4), np.uint32))[1][:4]]
    try:
        host = host_outputs(lib)
        host["libcurand_version"] = v.value
        with open(os.path.join(OUT, "curand-host.json"), "w") as f:
            json.dump(host, f)
        summary["dumped"].append(f"curand-host.json ({len(host) - 1} cases)")
    except Exception as e:
        summary["errors"]["host"] = repr(e)
    print("CURAND_DATA_JSON " + json.dumps(summary))
    return 0 if len(arrays) == 6 and not any(k.startswith(("sobol", "scrambled")) for k in summary["errors"]) else 1


if __name__ == "__main__":
    sys.exit(main())
