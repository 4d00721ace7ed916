"""Peak memory of large fits, each measured in a fresh child process.

Usage (from the project root)::

    python benchmarks/memory.py [--out results/benchmarks_memory.csv]
                                [--m 100000] [--limit-mb 2048]

The SVM on two moons (noise 0.3), RBF σ = 1/√2, C = 1, tol 1e-3 is fitted in a
child process; the child reports its peak resident set size (``ru_maxrss``)
before the fit (Python, numpy and the data) and after it. The case meets its
target when the peak stays under ``--limit-mb``: the SVM keeps kernel columns in
a cache of bounded size (``SVM.cache_bytes``, 200 MiB by default) instead of the
m × m Gram matrix (80 GB at m = 100 000).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE.parent / "results" / "benchmarks_memory.csv"


def _peak_mb() -> float:
    """Peak RSS of this process in MiB (Linux reports ru_maxrss in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def child(m: int) -> dict[str, object]:
    """Fit the SVM of the case on m points; report time, #SV and peak RSS."""
    import numpy as np

    from marginlab.core.datasets import make_dataset
    from marginlab.core.kernels import Gaussian
    from marginlab.estimators.svm.classifier import SVM

    data = make_dataset({"generator": "moons", "n_samples": m, "noise": 0.3, "seed": 0})
    before = _peak_mb()
    start = time.perf_counter()
    svm = SVM(kernel=Gaussian(sigma=1.0 / np.sqrt(2.0)), C=1.0, tol=1e-3).fit(
        data.X, data.y
    )
    seconds = time.perf_counter() - start
    return {
        "seconds": seconds,
        "n_sv": int(len(svm.support_)),
        "converged": bool(svm.converged_),
        "cache_mb": svm.cache_bytes / 2**20,
        "rss_before_fit_mb": before,
        "peak_rss_mb": _peak_mb(),
    }


def measure(m: int, limit_mb: float) -> dict[str, object]:
    """Run :func:`child` in a fresh interpreter and tabulate its report."""
    proc = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", str(m)],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"the m={m} fit failed:\n{proc.stderr}")
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    return {
        "case": f"svm_memory_m{m}",
        "size": f"m={m}, RBF, C=1",
        **report,
        "limit_mb": limit_mb,
        "meets_target": report["peak_rss_mb"] <= limit_mb,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="memory.py", description="Peak memory of the SVM fit on large m."
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--m", type=int, nargs="+", default=[100_000])
    parser.add_argument("--limit-mb", type=float, default=2048.0)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        print(json.dumps(child(args.child)))
        return 0
    if any(m < 20 for m in args.m):
        parser.error("--m must be >= 20")

    import pandas as pd

    from marginlab.core.io import write_frame_atomic

    frame = pd.DataFrame([measure(m, args.limit_mb) for m in args.m])
    write_frame_atomic(frame, args.out)
    with pd.option_context("display.width", 200, "display.max_columns", None):
        print(frame.to_string(index=False))
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
