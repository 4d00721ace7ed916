"""How fast the workflow runs and answers: whole runs from a clean results/,
and a dry run and one figure rebuilt on a finished run.

Usage (from the project root)::

    python benchmarks/pipeline.py --directory runs/full [--repeats 5]
        [--figure NAME ...] [--clean small full] [--cores 2]
        [--out results/benchmarks_pipeline.csv]

With ``--clean``, first, for each configuration named (``small``: the
workflow profile ``workflow/profiles/small``; ``full``: config.yaml), once:

- ``clean_run_<config>``: a copy of the project's tracked files (as they are
  in the working tree) in a temporary folder, and ``snakemake --cores N`` in
  it from nothing (no results but its README, no .snakemake/): the wall time
  of the whole run, with the environment installed (the venv is not part of
  it). From the run's own Snakemake benchmark files
  (``results/logs/**/*.bench.tsv``, one per job): the number of jobs, the sum
  of their times, and the longest job and its time; and each room's job
  time, its study and its one job of figures and claims (:func:`room_times`),
  written to ``results/benchmarks_rooms_<config>.csv``;
- ``report_<config>`` and ``archive_<config>``: then the report
  (``snakemake --report results/report.html``) and the archive (``python -m
  marginlab.pipeline.archive results``), as ``make reproduce`` (full) and ``make
  artifacts`` (small) make them after the run;
- ``make_<config>``: the sum of the three, what those make targets take once
  the environment is installed;
- ``noop_<config>``: ``snakemake -n`` on that finished run, three times (it
  must find nothing to do).

Then, on the finished run of ``--directory`` (if given), each ``--repeats`` times, with
the environment's ``snakemake``:

- ``dry_run``: ``snakemake -n`` on the finished run (it parses the workflow,
  reads every job's parameters and finds nothing to do);
- ``one_figure_<figure>``, for each ``--figure`` (by default every figure of
  the three experiments whose one job of figures and claims took longest in
  that run, from its benchmark files): ``results/figures/<figure>.png`` and
  ``.pdf`` deleted, then ``snakemake -c1 results/figures/<figure>.png``, which
  must run exactly one job, the one that draws that figure alone; its own
  job's time (:func:`own_job_time`) is in ``sum_job_s`` (the median over the
  repeats) and ``longest_job_s`` (the slowest); ``--figure all`` times every
  figure of the run, and a row ``one_figure`` sums them up
  (:func:`figures_summary`);
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
    "sum_job_s",
    "longest_job_s",
    "longest_job",
)
#: The Snakemake options of each configuration ``--clean`` can run.
CONFIGS = {
    "small": ["--workflow-profile", "workflow/profiles/small"],
    "full": [],
}

FLOOR_SNAKEFILE = """rule all:
    input:
        "done.txt",


rule done:
    output:
        "done.txt",
    shell:
        "touch {output}"
"""


def _timed(
    args: Sequence[str],
    cwd: Path,
    pythonpath: str | None = None,
    program: Sequence[str] = (str(SNAKEMAKE),),
) -> tuple[float, str]:
    import os

    env = dict(os.environ)
    if pythonpath is not None:  # the copy's library, not the editable install
        env["PYTHONPATH"] = pythonpath
    start = time.perf_counter()
    proc = subprocess.run(
        [*program, *args], cwd=cwd, capture_output=True, text=True, env=env
    )
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(
            f"{' '.join([*program, *args])} failed in {cwd}:\n{proc.stderr[-2000:]}"
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
        "sum_job_s": float("nan"),
        "longest_job_s": float("nan"),
        "longest_job": "",
    }


def own_job_time(results: Path, figure: str) -> float:
    """The time (s) of the job that drew ``figure`` alone, from its benchmark
    file (``results/logs/figure/<figure>.bench.tsv``): its process from start
    to end (imports, drawing, both files saved), without Snakemake's own time
    around it."""
    lines = (results / "logs" / "figure" / f"{figure}.bench.tsv").read_text()
    return float(lines.splitlines()[1].split()[0])


def figures_summary(rows: Sequence[dict], directory: str) -> dict:
    """The ``one_figure`` row over every figure measured: the median, fastest
    and slowest of the figures' median rebuild times; ``sum_job_s`` the median
    of their own jobs' median times, ``longest_job_s`` and ``longest_job`` the
    slowest own job of all.

    Examples
    --------
    >>> a = summary("one_figure_a", ".", [3.0], 1) | {"sum_job_s": 1.2,
    ...     "longest_job_s": 1.3, "longest_job": "figure/a"}
    >>> b = summary("one_figure_b", ".", [4.0], 1) | {"sum_job_s": 1.8,
    ...     "longest_job_s": 2.1, "longest_job": "figure/b"}
    >>> row = figures_summary([a, b], ".")
    >>> (row["median_s"], row["sum_job_s"], row["longest_job_s"], row["longest_job"])
    (3.5, 1.5, 2.1, 'figure/b')
    """
    out = summary("one_figure", directory, [r["median_s"] for r in rows], 1)
    slowest = max(rows, key=lambda r: r["longest_job_s"])
    out["sum_job_s"] = statistics.median(r["sum_job_s"] for r in rows)
    out["longest_job_s"] = slowest["longest_job_s"]
    out["longest_job"] = slowest["longest_job"]
    return out


def job_times(results: Path) -> dict[str, float]:
    """Each job's time (s) from the run's Snakemake benchmark files, by the
    file's path under ``results/logs`` (which names the job)."""
    times = {}
    for path in sorted((results / "logs").rglob("*.bench.tsv")):
        lines = path.read_text().splitlines()
        if len(lines) >= 2:
            times[str(path.relative_to(results / "logs"))] = float(lines[1].split()[0])
    return times


def room_times(times: dict[str, float]) -> list[dict]:
    """The job time of each experiment (room) of a run, from :func:`job_times`:
    its study (``<room>.bench.tsv``, or one file per run of a sweep under
    ``<room>/``) and its one job of figures and claims
    (``figures/<room>.bench.tsv``); every other job (the datasets, the tables
    of claims and timings, the atlas) under ``(workflow)``. Largest first."""
    sys.path.insert(0, str(ROOT / "src"))
    from marginlab.experiments import EXPERIMENTS

    rooms = {e.name for e in EXPERIMENTS}
    study: dict[str, float] = {}
    readers: dict[str, float] = {}
    for key, seconds in times.items():
        parts = key.removesuffix(".bench.tsv").split("/")
        if parts[0] == "figures" and len(parts) == 2 and parts[1] in rooms:
            readers[parts[1]] = readers.get(parts[1], 0.0) + seconds
        elif parts[0] in rooms:
            study[parts[0]] = study.get(parts[0], 0.0) + seconds
        else:
            study["(workflow)"] = study.get("(workflow)", 0.0) + seconds
    rows = [
        {
            "room": room,
            "study_s": round(study.get(room, 0.0), 2),
            "figures_s": round(readers.get(room, 0.0), 2),
            "total_s": round(study.get(room, 0.0) + readers.get(room, 0.0), 2),
        }
        for room in {*study, *readers}
    ]
    return sorted(rows, key=lambda row: (-row["total_s"], row["room"]))


def _tracked_copy(folder: Path) -> Path:
    """The project's tracked files, as in the working tree, copied to
    ``folder``: a checkout without results, runs or .snakemake."""
    import shutil

    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source, target = ROOT / name, folder / name
        if source.is_symlink():  # profiles/ -> workflow/profiles/, as in a clone
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to(source.readlink())
        elif source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return folder


def clean_run(config: str, cores: int, repeats: int) -> list[dict]:
    """``clean_run_<config>``: the whole run of ``config`` from nothing; then
    ``noop_<config>``: ``snakemake -n`` on that finished run, ``repeats``
    times."""
    with tempfile.TemporaryDirectory(prefix="marginlab-bench-") as tmp:
        wf = _tracked_copy(Path(tmp) / "wf")
        env_src = str(wf / "src")
        seconds, out = _timed(
            ["--cores", str(cores), *CONFIGS[config]], wf, pythonpath=env_src
        )
        times = job_times(wf / "results")
        report, _ = _timed(
            [*CONFIGS[config], "--report", "results/report.html"],
            wf,
            pythonpath=env_src,
        )
        archive, _ = _timed(
            ["-m", "marginlab.pipeline.archive", "results"],
            wf,
            pythonpath=env_src,
            program=(sys.executable,),
        )
        noop = []
        for _ in range(repeats):
            took, out = _timed(["-n", *CONFIGS[config]], wf, pythonpath=env_src)
            if jobs_listed(out):
                raise RuntimeError(f"{config}: the finished run lists jobs to run")
            noop.append(took)
    _write_rooms(room_times(times), config)
    longest = max(times, key=times.__getitem__)
    row = summary(f"clean_run_{config}", f"(fresh copy, {cores} cores)", [seconds], 0)
    row.update(
        jobs=len(times),
        sum_job_s=round(sum(times.values()), 2),
        longest_job_s=times[longest],
        longest_job=longest.removesuffix(".bench.tsv"),
    )
    after = "(the finished fresh copy)"
    return [
        row,
        summary(f"report_{config}", after, [report], 0),
        summary(f"archive_{config}", after, [archive], 0),
        summary(f"make_{config}", after, [seconds + report + archive], 0),
        summary(f"noop_{config}", after, noop, 0),
    ]


def _write_rooms(rows: list[dict], config: str) -> None:
    """Write the rooms' job times of a clean run next to the table, as
    ``results/benchmarks_rooms_<config>.csv``, and print them."""
    import pandas as pd

    from marginlab.core.io import write_frame_atomic

    table = pd.DataFrame(rows, columns=["room", "study_s", "figures_s", "total_s"])
    write_frame_atomic(table, ROOT / "results" / f"benchmarks_rooms_{config}.csv")
    print(table.to_string(index=False))


def slowest_figures(results: Path, experiments: int = 3) -> list[str]:
    """The figures of the ``experiments`` experiments whose one job of
    figures and claims (``results/logs/figures/<experiment>.log``, a line per
    output) took longest, in the order of their jobs' times."""
    times = {
        key.removeprefix("figures/").removesuffix(".bench.tsv"): seconds
        for key, seconds in job_times(results).items()
        if key.startswith("figures/")
    }
    slowest = sorted(times, key=times.__getitem__, reverse=True)[:experiments]
    names = []
    for exp in slowest:
        for line in (
            (results / "logs" / "figures" / f"{exp}.log").read_text().splitlines()
        ):
            kind, _, name = line.split(":")[0].split()
            if kind == "figure":
                names.append(name)
    return names


def all_figures(results: Path) -> list[str]:
    """Every figure of the finished run, as its resolved configuration lists them."""
    import yaml

    return yaml.safe_load((results / "config.yaml").read_text())["figures"]


def measure(directory: Path, figures: Sequence[str], repeats: int) -> list[dict]:
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

    results = directory / "results"
    if not figures:
        figures = slowest_figures(results)
    elif list(figures) == ["all"]:
        figures = all_figures(results)
    figure_rows = []
    for figure in figures:
        target = f"results/figures/{figure}.png"
        figure_times, own_times, jobs = [], [], set()
        for _ in range(repeats):
            for ext in ("png", "pdf"):
                (results / "figures" / f"{figure}.{ext}").unlink()
            seconds, out = _timed(["-c1", *where, target], ROOT)
            figure_times.append(seconds)
            own_times.append(own_job_time(results, figure))
            jobs.add(jobs_listed(out))
            print(
                f"one_figure_{figure}: {seconds:.2f} s (its job {own_times[-1]:.2f} s)",
                file=sys.stderr,
            )
        if jobs != {1}:
            raise RuntimeError(f"rebuilding {target} ran {sorted(jobs)} jobs, not 1")
        row = summary(f"one_figure_{figure}", str(directory), figure_times, 1)
        row["sum_job_s"] = statistics.median(own_times)
        row["longest_job_s"], row["longest_job"] = max(own_times), f"figure/{figure}"
        figure_rows.append(row)
    rows += figure_rows
    if len(figure_rows) > 1:
        rows.append(figures_summary(figure_rows, str(directory)))

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
        help="a finished run (a folder with results/) to measure the dry run and "
        "one figure on; without it, only the --clean runs",
    )
    parser.add_argument(
        "--figure",
        action="append",
        default=[],
        help="a figure to rebuild alone (repeatable; 'all': every figure of the "
        "run); by default the figures of the three slowest experiments",
    )
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument(
        "--clean",
        nargs="*",
        choices=sorted(CONFIGS),
        default=[],
        help="whole runs from nothing, once each (minutes)",
    )
    parser.add_argument("--cores", type=int, default=2)
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error(f"--repeats must be >= 1, got {args.repeats}")
    sys.path.insert(0, str(ROOT / "src"))
    import pandas as pd

    from marginlab.core.io import write_frame_atomic

    rows = [r for config in args.clean for r in clean_run(config, args.cores, 3)]
    if args.directory is not None:
        rows += measure(args.directory, args.figure, args.repeats)
    if not rows:
        parser.error("nothing to measure: give --directory, --clean or both")
    table = pd.DataFrame(rows, columns=list(COLUMNS))
    write_frame_atomic(table, args.out)
    print(table.to_string(index=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
