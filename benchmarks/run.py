"""Run the benchmarks and write their table as CSV.

Usage (from the project root)::

    python benchmarks/run.py [--out results/benchmarks.csv] [--case NAME ...]
                             [--repeats 5] [--scale 1.0] [--no-libsvm]

Every row ends with the columns of ``harness.machine()``: the processor,
numpy's enabled SIMD paths, numba's target CPU and the BLAS the numbers were
measured on.

``benchmarks/`` is not an installed package: this script puts its own directory
on ``sys.path`` and imports its siblings ``harness`` and ``cases`` from there.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import libsvm_evals  # noqa: E402
import pandas as pd  # noqa: E402
from cases import cases  # noqa: E402
from harness import MACHINE_COLUMNS, machine, run  # noqa: E402

from marginlab.core.io import write_frame_atomic  # noqa: E402

DEFAULT_OUT = ROOT / "results" / "benchmarks.csv"


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, got {value}")
    return value


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be > 0, got {value}")
    return value


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Command-line options."""
    parser = argparse.ArgumentParser(
        prog="run.py",
        description="Time marginlab against its peers (ratio = ours / peer).",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=DEFAULT_OUT,
        help="CSV to write (default: results/benchmarks.csv under the project root)",
    )
    parser.add_argument(
        "--case",
        dest="names",
        nargs="+",
        action="extend",
        metavar="NAME",
        help="run only these cases (default: all)",
    )
    parser.add_argument(
        "--repeats",
        type=_positive_int,
        default=5,
        help="timed calls of each side per case; times are medians (default: 5)",
    )
    parser.add_argument(
        "--scale",
        type=_positive_float,
        default=1.0,
        help="multiply problem sizes, e.g. 0.01 for a smoke run (default: 1.0)",
    )
    parser.add_argument(
        "--no-libsvm",
        dest="libsvm",
        action="store_false",
        help="skip libsvm's kernel-evaluation counts of the svm_fit cases, "
        "which build a counting libsvm with g++ on first use (libsvm_evals.py)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Select the cases, run them, write the CSV, print the table."""
    args = parse_args(argv)
    libsvm_evals.ENABLED = args.libsvm
    available = cases(args.scale)
    known = [case.name for case in available]
    if args.names:
        unknown = [name for name in dict.fromkeys(args.names) if name not in known]
        if unknown:
            print(
                f"run.py: error: unknown case(s) {', '.join(unknown)}; "
                f"known cases: {', '.join(known)}",
                file=sys.stderr,
            )
            return 2
        wanted = set(args.names)
        available = [case for case in available if case.name in wanted]

    where = machine()
    print(
        "measured on: " + "; ".join(f"{k} {v}" for k, v in where.items() if v != ""),
        file=sys.stderr,
    )
    frame = run(available, repeats=args.repeats, machine=where)
    write_frame_atomic(frame, args.out)
    with pd.option_context("display.width", 200, "display.max_columns", None):
        print(frame.drop(columns=list(MACHINE_COLUMNS)).to_string(index=False))
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
