#!/usr/bin/env python3
"""libcurand's host-API Sobol outputs from a GPU run (scripts/gpu-curand-data.py's curand-host.json),
cut to a small test file: every case of CURAND_RNG_QUASI_SOBOL32/64 and SCRAMBLED_SOBOL32/64 (1, 3 and
100 dimensions, offsets 0 and 5), and of the 20,000-dimension case only the first and last dimensions
(the layout is dimension-major, so each kept dimension's points are contiguous).

    python3 scripts/curand-sobol-host-vectors.py RUN/curand/curand-host.json test/vectors/curand_sobol_host.json
"""
import json
import sys

src, out = sys.argv[1], sys.argv[2]
h = json.load(open(src))
KEEP = (0, 1, 2, 999, 19998, 19999)
cases = {}
for tag, c in h.items():
    if "sobol" not in tag:
        continue
    per = c["n"] // c["dims"]
    dims = range(c["dims"]) if c["dims"] <= 100 else KEEP
    pick = lambda a: [a[d * per + i] for d in dims for i in range(per)]  # noqa: E731
    cases[tag] = {"kind": tag.split("_d")[0], "dims": c["dims"], "offset": c["offset"], "points": per,
                  "kept_dims": list(dims), "raw": pick(c["raw"]), "uniform": pick(c["uniform"]),
                  "uniform_double": pick(c["uniform_double"])}
meta = {"about": "curandGenerate / GenerateLongLong / GenerateUniform / GenerateUniformDouble outputs of libcurand's quasi generators (curandSetQuasiRandomGeneratorDimensions, curandSetGeneratorOffset; dimension-major), kept for the dimensions in kept_dims; raw words as decimal strings",
        "source": "2026-11-27, NVIDIA H100 80GB HBM3, libcurand version %s, scripts/gpu-run.sh (run 4)" % h.get("libcurand_version"),
        "cases": cases}
json.dump(meta, open(out, "w"), separators=(",", ":"))
print(f"{len(cases)} cases -> {out}")
