"""How fast the workflow answers: a dry run and one figure rebuilt, on a run.

Usage (from the project root, on a finished run of the configuration)::

    python benchmarks/pipeline.py --directory runs/full [--repeats 5]
        [--figure losses] [--out results/benchmarks_pipeline.csv]

Measures, each ``--repeats`` times, with the environment's ``snakemake``:

- ``dry_run``: ``snakemake -n`` on the finished run (it parses the workflow,
  reads every job's parameters and finds nothing to do);
- ``one_figure``: ``results/figures/<figure>.png`` and ``.pdf`` deleted, then
  ``snakemake -c1 results/figures/<figure>.png``, which must run exactly that
  one job;
- ``snakemake_floor``, the peer: ``snakemake -n`` on a workflow of one rule
  whose output exists, in a temporary folder: what any Snakemake call costs
  before a workflow of its own. ``ratio`` is each measure's median over the
  floor's.

Wall times depend on the machine and its load; the table records the median,
the fastest and the slowest repeat. A run directory that is not finished (a
dry run lists jobs) is refused: the numbers would not be those of a finished
run.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SNAKEMAKE = Path(sys.executable).with_name("snakemake")
DEFAULT_OUT = ROOT / "results" / "benchmarks_pipeline.csv"
COLUMNS = (
    "measure",
    "directory",
    "repeats",
    "median_s",
    "min_s",
    "max_s",
    "ratio_to_floor",
    "jobs",
)

FLOOR_SNAKEFILE = """rule all:
    input:
        "done.txt",


rule done:
    output:
        "done.txt",
    shell:
        "touch {output}"
"""


def _timed(args: Sequence[str], cwd: Path) -> tuple[float, str]:
    start = time.perf_counter()
    proc = subprocess.run(
        [str(SNAKEMAKE), *args], cwd=cwd, capture_output=True, text=True
    )
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(
            f"snakemake {' '.join(args)} failed in {cwd}:\n{proc.stderr[-2000:]}"
        )
    return seconds, proc.stdout + proc.stderr


def jobs_listed(output: str) -> int:
    """The number of jobs a Snakemake run lists in its job stats (0 if none).

    Examples
    --------
    >>> jobs_listed("Job stats:\\njob  count\\n---  -----\\nfigure  1\\ntotal  1\\n")
    1
    >>> jobs_listed("Nothing to be done (all requested files are present).")
    0
    """
    for line in reversed(output.splitlines()):
        parts = line.split()
        if len(parts) == 2 and parts[0] == "total" and parts[1].isdigit():
            return int(parts[1])
    return 0


def summary(measure: str, directory: str, times: Sequence[float], jobs: int) -> dict:
    """One row of the table (the ratio is filled in later)."""
    return {
        "measure": measure,
        "directory": directory,
        "repeats": len(times),
        "median_s": statistics.median(times),
        "min_s": min(times),
        "max_s": max(times),
        "ratio_to_floor": float("nan"),
        "jobs": jobs,
    }


def measure(directory: Path, figure: str, repeats: int) -> list[dict]:
    """The table's rows (see the module docstring)."""
    where = ["--directory", str(directory.resolve())]
    seconds, out = _timed(["-n", *where], ROOT)
    if jobs_listed(out):
        raise SystemExit(
            f"{directory}: the run is not finished ({jobs_listed(out)} jobs to "
            "run); finish it first, e.g. `snakemake --directory "
            f"{directory}`, then measure"
        )
    dry = [_timed(["-n", *where], ROOT)[0] for _ in range(repeats)]
    rows = [summary("dry_run", str(directory), dry, 0)]

    target = f"results/figures/{figure}.png"
    figure_times, jobs = [], set()
    for _ in range(repeats):
        for ext in ("png", "pdf"):
            (directory / "results" / "figures" / f"{figure}.{ext}").unlink()
        seconds, out = _timed(["-c1", *where, target], ROOT)
        figure_times.append(seconds)
        jobs.add(jobs_listed(out))
    if jobs != {1}:
        raise RuntimeError(f"rebuilding {target} ran {sorted(jobs)} jobs, not 1")
    rows.append(summary("one_figure", str(directory), figure_times, 1))

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "Snakefile").write_text(FLOOR_SNAKEFILE)
        _timed(["-c1"], folder)
        floor = [_timed(["-n"], folder)[0] for _ in range(repeats)]
    rows.append(summary("snakemake_floor", "(one rule, done)", floor, 0))
    base = rows[-1]["median_s"]
    for row in rows:
        row["ratio_to_floor"] = row["median_s"] / base
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--directory",
        type=Path,
        default=ROOT,
        help="the finished run (a folder with results/); default: the project",
    )
    parser.add_argument("--figure", default="losses")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error(f"--repeats must be >= 1, got {args.repeats}")
    sys.path.insert(0, str(ROOT / "src"))
    import pandas as pd

    from kernelboost.core.io import write_frame_atomic

    rows = measure(args.directory, args.figure, args.repeats)
    table = pd.DataFrame(rows, columns=list(COLUMNS))
    write_frame_atomic(table, args.out)
    print(table.to_string(index=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
