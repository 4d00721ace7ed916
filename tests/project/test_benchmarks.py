"""Tests of the benchmark harness (behaviour only; nothing here asserts speed)."""

from __future__ import annotations

import gc
import importlib.util
import math
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks"


def _load(name: str) -> ModuleType:
    """Import ``benchmarks/<name>.py`` by path (benchmarks/ is not a package)."""
    spec = importlib.util.spec_from_file_location(
        f"_bench_{name}", BENCH / f"{name}.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up by name
    spec.loader.exec_module(module)
    return module


harness = _load("harness")


class NoCollections:
    """The ``gc`` module as the harness sees it in these tests, with full
    collections left out: in a test process, which holds far more objects
    than a benchmark's, each takes 0.1 to 0.7 s, and the harness makes one
    around every call. Nothing tested here depends on them."""

    isenabled = staticmethod(gc.isenabled)
    enable = staticmethod(gc.enable)
    disable = staticmethod(gc.disable)

    @staticmethod
    def collect(generation: int = 2) -> int:
        return 0


@pytest.fixture(autouse=True)
def _no_collections(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(harness, "gc", NoCollections)


class FakeClock:
    """A clock that only moves when a fake callable says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _fake_case(
    calls: list[str],
    clock: FakeClock,
    ours_cost: float | list[float] = 2.0,
    peer_cost: float | list[float] = 1.0,
    target_ratio: float = 1.0,
    direction: str = "<=",
) -> object:
    """A case whose callables log their calls and advance ``clock`` by a cost."""

    def make(side: str, cost: float | list[float]):
        costs = iter(cost) if isinstance(cost, list) else None

        def fn(inputs: object) -> tuple[str, int]:
            calls.append(side)
            clock.now += next(costs) if costs is not None else cost
            return side, len(calls)

        return fn

    return harness.Case(
        name="fake",
        size="m=1",
        setup=lambda: "inputs",
        ours=make("ours", ours_cost),
        peer=make("peer", peer_cost),
        quality=lambda ours, peer: {
            "same_tag": float(ours[0] == peer[0]),
            "last_call": float(max(ours[1], peer[1])),
        },
        target_ratio=target_ratio,
        direction=direction,
    )


@pytest.mark.parametrize("repeats", [1, 4, 5])
@pytest.mark.parametrize("warmup", [0, 2])
def test_alternation_flips_first_mover(repeats: int, warmup: int) -> None:
    calls: list[str] = []
    clock = FakeClock()
    harness.run_case(_fake_case(calls, clock), repeats, warmup=warmup, timer=clock)
    assert calls[: 2 * warmup] == ["ours", "peer"] * warmup
    timed = calls[2 * warmup :]
    assert len(timed) == 2 * repeats
    for r in range(repeats):
        pair = timed[2 * r : 2 * r + 2]
        assert pair == (["ours", "peer"] if r % 2 == 0 else ["peer", "ours"])
    # Both sides run once per repeat, and the first mover changes every repeat
    # (ours, peer | peer, ours | ours, peer ...).
    firsts = timed[::2]
    assert all(a != b for a, b in zip(firsts, firsts[1:], strict=False))


def test_row_columns_medians_and_ratio() -> None:
    calls: list[str] = []
    clock = FakeClock()
    # Warm-up costs come first; then 3 timed calls per side.
    case = _fake_case(
        calls, clock, ours_cost=[100.0, 3.0, 9.0, 6.0], peer_cost=[100.0, 2.0, 4.0, 1.0]
    )
    row = harness.run_case(case, 3, warmup=1, timer=clock)
    assert list(row) == [*harness.COLUMNS, "same_tag", "last_call"]
    assert row["ours_s"] == 6.0
    assert row["peer_s"] == 2.0
    assert row["ours_min_s"] == 3.0
    assert row["peer_min_s"] == 1.0
    assert row["ratio"] == row["ours_s"] / row["peer_s"]
    assert row["repeats"] == 3
    assert row["case"] == "fake"
    assert row["size"] == "m=1"
    assert row["target"] == "ratio <= 1.0"
    # Quality sees ours and the peer's results of the last repeat.
    assert row["same_tag"] == 0.0
    assert row["last_call"] == 8.0


@pytest.mark.parametrize(
    ("direction", "target_ratio", "expected"),
    [
        ("<=", 1.0, False),  # ratio 2.0
        ("<=", 2.0, True),  # boundary counts as met
        ("<=", 3.0, True),
        (">=", 1.0, True),
        (">=", 2.0, True),
        (">=", 3.0, False),
    ],
)
def test_meets_target(direction: str, target_ratio: float, expected: bool) -> None:
    clock = FakeClock()
    case = _fake_case(
        [], clock, target_ratio=target_ratio, direction=direction
    )  # ours costs 2, peer 1
    row = harness.run_case(case, 2, timer=clock)
    assert row["ratio"] == 2.0
    assert row["meets_target"] is expected
    assert row["target"] == f"ratio {direction} {target_ratio}"


def test_a_case_without_target_reports_n_a() -> None:
    clock = FakeClock()
    case = _fake_case([], clock, target_ratio=None)
    row = harness.run_case(case, 2, timer=clock)
    assert row["meets_target"] == "n/a"
    assert row["target"] == "none"


def test_nan_ratio_never_meets_and_bad_direction_rejected() -> None:
    clock = FakeClock()
    case = _fake_case([], clock, peer_cost=0.0)
    row = harness.run_case(case, 1, timer=clock)
    assert math.isnan(row["ratio"])
    assert row["meets_target"] is False
    with pytest.raises(ValueError, match="direction"):
        _fake_case([], clock, direction="<")
    with pytest.raises(ValueError, match="repeats"):
        harness.run_case(case, 0, timer=clock)


def test_run_frame_columns_and_progress() -> None:
    lines: list[str] = []
    frame = harness.run([_fake_case([], FakeClock())], repeats=2, progress=lines.append)
    assert list(frame.columns) == [*harness.COLUMNS, "same_tag", "last_call"]
    assert frame["case"].tolist() == ["fake"]
    assert len(lines) == 1
    assert "fake" in lines[0]
    assert "m=1" in lines[0]
    assert "ratio" in lines[0]


#: run.py as ``python benchmarks/run.py ARGS`` runs it, with gc.collect doing
#: nothing: the harness collects around every timed call, some 0.15 s each once
#: scikit-learn and numba are loaded, which is most of a smoke run's time.
WITHOUT_COLLECTIONS = (
    "import gc, runpy, sys; gc.collect = lambda generation=2: 0; "
    "sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
)


def _run_script(
    *args: str | Path, collect: bool = True
) -> subprocess.CompletedProcess[str]:
    launch = [] if collect else ["-c", WITHOUT_COLLECTIONS]
    return subprocess.run(
        [sys.executable, *launch, str(BENCH / "run.py"), *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_smoke_run_writes_csv(tmp_path: Path) -> None:
    out = tmp_path / "b.csv"
    proc = _run_script(
        "--scale", "0.01", "--repeats", "2", "--no-libsvm", "--out", out, collect=False
    )
    assert proc.returncode == 0, proc.stderr
    frame = pd.read_csv(out)
    assert list(frame.columns[: len(harness.COLUMNS)]) == list(harness.COLUMNS)
    row = frame.set_index("case").loc["rbf_gram"]
    assert row["size"] == "m=100, n=10"
    assert row["repeats"] == 2
    assert row["max_abs_diff"] < 1e-12
    assert row["ratio"] == pytest.approx(row["ours_s"] / row["peer_s"])
    assert "rbf_gram" in proc.stderr  # progress line


def test_unknown_case_fails_without_output(tmp_path: Path) -> None:
    out = tmp_path / "b.csv"
    proc = _run_script("--scale", "0.01", "--case", "no_such_case", "--out", out)
    assert proc.returncode != 0
    assert "no_such_case" in proc.stderr
    assert "rbf_gram" in proc.stderr  # lists the known cases
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_memory_script_measures_a_child_process(tmp_path: Path) -> None:
    out = tmp_path / "mem.csv"
    proc = subprocess.run(
        [sys.executable, str(BENCH / "memory.py"), "--m", "60", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    row = pd.read_csv(out).iloc[0]
    assert row["case"] == "svm_memory_m60"
    assert row["converged"]
    assert 0 < row["n_sv"] <= 60
    # The child's peak includes what it held before the fit.
    assert row["peak_rss_mb"] >= row["rss_before_fit_mb"] > 0
    assert row["meets_target"] == (row["peak_rss_mb"] <= row["limit_mb"])


def test_memory_script_rejects_tiny_m(tmp_path: Path) -> None:
    out = tmp_path / "mem.csv"
    proc = subprocess.run(
        [sys.executable, str(BENCH / "memory.py"), "--m", "5", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    assert "--m must be >= 20" in proc.stderr
    assert not out.exists()


def test_the_pipeline_benchmark_reads_every_jobs_time(tmp_path: Path) -> None:
    """benchmarks/pipeline.py's clean runs sum the jobs' Snakemake benchmark
    files (first data line, column ``s``) and name the longest job."""
    pipeline = _load("pipeline")
    head = "s\th:m:s\tmax_rss\n"
    for name, seconds in {"a/x.bench.tsv": 1.5, "b.bench.tsv": 12.25}.items():
        path = tmp_path / "logs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"{head}{seconds}\t0:00:01\t10\n")
    (tmp_path / "logs" / "empty.bench.tsv").write_text(head)  # a job never run
    (tmp_path / "logs" / "x.log").write_text("not a benchmark\n")
    assert pipeline.job_times(tmp_path) == {"a/x.bench.tsv": 1.5, "b.bench.tsv": 12.25}
    copy = pipeline._tracked_copy(tmp_path / "copy")
    assert (copy / "Snakefile").is_file()
    assert (copy / "config.yaml").read_bytes() == (ROOT / "config.yaml").read_bytes()
    assert [p.name for p in (copy / "results").iterdir()] == ["README.md"]
    assert not (copy / "runs").exists()
    # The profiles' link, as a clone has it: a plain `snakemake` finds its
    # workflow profile (cores, scheduler) through it.
    assert (copy / "profiles").is_symlink()
    assert (copy / "profiles" / "default" / "config.yaml").is_file()


def test_the_one_figure_rows_read_each_figures_own_job(tmp_path: Path) -> None:
    """A figure rebuilt alone: its own job's time is its benchmark file's, and
    the summary row of every figure reads the medians and the slowest job."""
    pipeline = _load("pipeline")
    bench = tmp_path / "logs" / "figure" / "losses.bench.tsv"
    bench.parent.mkdir(parents=True)
    bench.write_text("s\th:m:s\tmax_rss\n1.25\t0:00:01\t10\n")
    assert pipeline.own_job_time(tmp_path, "losses") == 1.25
    rows = [
        pipeline.summary(f"one_figure_{name}", ".", times, 1)
        | {"sum_job_s": own, "longest_job_s": slowest, "longest_job": f"figure/{name}"}
        for name, times, own, slowest in [
            ("a", [3.0, 3.2, 2.9], 1.1, 1.2),
            ("b", [4.0], 2.5, 2.6),
            ("c", [3.5], 1.4, 1.5),
        ]
    ]
    row = pipeline.figures_summary(rows, ".")
    assert (row["median_s"], row["min_s"], row["max_s"]) == (3.5, 3.0, 4.0)
    assert (row["sum_job_s"], row["longest_job_s"], row["longest_job"]) == (
        1.4,
        2.6,
        "figure/b",
    )


def test_the_pipeline_benchmark_gives_each_room_its_jobs_time() -> None:
    """A room's study (one job, or one per run of a sweep) and its one job of
    figures and claims; every other job under (workflow)."""
    pipeline = _load("pipeline")
    times = {
        "adaboost.bench.tsv": 3.0,
        "figures/adaboost.bench.tsv": 8.5,
        "loo_vs_sv_bound/moons/linear/C1.bench.tsv": 1.0,
        "loo_vs_sv_bound/blobs/linear/C1.bench.tsv": 2.0,
        "figures/loo_vs_sv_bound.bench.tsv": 2.5,
        "datasets.bench.tsv": 1.25,
        "claims_table.bench.tsv": 0.5,
        "figure/knn_k.bench.tsv": 2.0,  # one figure alone: not a room's job
    }
    assert pipeline.room_times(times) == [
        {"room": "adaboost", "study_s": 3.0, "figures_s": 8.5, "total_s": 11.5},
        {"room": "loo_vs_sv_bound", "study_s": 3.0, "figures_s": 2.5, "total_s": 5.5},
        {"room": "(workflow)", "study_s": 3.75, "figures_s": 0.0, "total_s": 3.75},
    ]
