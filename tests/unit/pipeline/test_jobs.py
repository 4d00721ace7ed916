"""What the workflow's jobs run (marginlab.pipeline.jobs): claim rows take
their id and figure from the registry, the generic study script runs each
experiment, and a study job does not load matplotlib."""

from __future__ import annotations

import runpy
import shutil
import sys
from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
import yaml

from marginlab import experiments as X
from marginlab.core.datasets import write_dataset
from marginlab.experiments import Figure
from marginlab.experiments._shared.rows import ClaimRow
from marginlab.pipeline import config as checks
from marginlab.pipeline import job_end
from marginlab.pipeline.jobs import claim_rows, place_rows

from ...conftest import LINEAR, ROOT


# Claim rows take their id and figure from the registry -------------------------
def _row(**kw) -> ClaimRow:
    base = dict(
        title="t",
        source="s",
        dataset="d",
        quantity="q",
        measured=0.0,
        bound=1.0,
        relation="<=",
        kind="theorem",
        name="r",
    )
    return ClaimRow(**(base | kw))


def test_rows_take_the_claims_id_and_first_figure(monkeypatch) -> None:
    (b2,) = place_rows("B2", [_row()])
    assert (b2.id, b2.figure) == ("B2", "adaboost_bound")
    # A claim shown in two figures (B5, given a second one here): a row may
    # name the second one.
    b5 = X.claim_experiment("B5")
    second = Figure("figures:plot_second", claims=("B5",))
    two = replace(b5, figures={**b5.figures, "second": second})
    monkeypatch.setattr("marginlab.pipeline.jobs.claim_experiment", lambda claim: two)
    rows = place_rows("B5", [_row(name="a"), _row(name="b", figure="second")])
    assert [r.figure for r in rows] == ["boosting_the_margin", "second"]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (dict(id="B3"), "names claim B3"),
        (dict(figure="losses"), "does not show the claim"),
        (dict(figure="-"), "does not show the claim"),
    ],
)
def test_a_row_that_disagrees_with_the_registry_is_refused(row, message) -> None:
    with pytest.raises(ValueError, match=message):
        place_rows("B2", [_row(**row)])


def test_rows_are_addressed_by_key_and_two_rows_may_not_share_a_name() -> None:
    (row,) = place_rows("B2", [_row(name="bound/moons")])
    assert row.key == "B2/bound/moons"
    assert row.as_record()["key"] == "B2/bound/moons"
    with pytest.raises(ValueError, match="two rows are named 'bound'"):
        place_rows("B2", [_row(name="bound"), _row(name="bound", quantity="r")])
    with pytest.raises(ValueError, match="a row has no name"):
        place_rows("B2", [_row(name="")])
    for bad in ("/a", "a//b", "a b", "σ"):
        with pytest.raises(ValueError, match="row name"):
            _row(name=bad)


def test_claim_rows_run_the_registry_function() -> None:
    from marginlab.theory.losses import loss_curves

    rows = claim_rows("B13", {"curves": loss_curves([-1.0, 0.0, 1.0])})
    assert rows
    assert {r.id for r in rows} == {"B13"}
    assert {r.figure for r in rows} == {"losses"}


SCRIPTS = ROOT / "workflow" / "scripts"


def _run(script: str, snakemake: SimpleNamespace, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stderr", sys.stderr)  # restored: the script redirects
    monkeypatch.setattr(sys, "path", list(sys.path))  # restored: it prepends src/
    snakemake.scriptdir = str(SCRIPTS)  # as Snakemake gives it
    ended = []  # the script's last call ends its process: here, it is recorded
    monkeypatch.setattr(job_end, "end_job", lambda: ended.append(True))
    runpy.run_path(str(SCRIPTS / script), init_globals={"snakemake": snakemake})
    sys.stderr.close()
    assert ended == [True], f"{script} does not end with end_job()"


class _Named(dict):
    """Snakemake's named input/output: items by name (and attributes)."""

    __getattr__ = dict.__getitem__


def _study_job(name: str, run: str, cfg: dict, tmp_path) -> SimpleNamespace:
    """The job of one run as workflow/rules/experiments.smk makes it."""
    from marginlab.experiments import experiment

    exp = experiment(name)
    spec = exp.runs(cfg)[run]
    data = {arg: str(tmp_path / f"{ref.name}.csv") for arg, ref in spec.data.items()}
    return SimpleNamespace(
        input=list(data.values()),
        output=_Named({t: str(tmp_path / f"{t}.csv") for t in exp.tables}),
        log=[str(tmp_path / f"{name}.log")],
        params=SimpleNamespace(
            study=exp.study,
            tables=list(exp.tables),
            label=exp.label or "",
            run=run,
            args=dict(spec.args),
            data=data,
        ),
    )


def test_the_generic_script_runs_each_experiment(blobs, tmp_path, monkeypatch) -> None:
    """workflow/scripts/experiment.py with the registry's arguments: one run of
    the LOO sweep (a sweep without a label) and the CV selection."""
    write_dataset(blobs, tmp_path / "blobs.csv")
    cfg = {
        "loo_vs_sv_bound": {
            "datasets": ["blobs"],
            "kernels": [dict(LINEAR)],
            "C": [float("inf")],
            "grid_points": 5,
            "tol": 1e-3,
            "e2_tol": 1e-6,
            "max_iter": 100_000,
        },
        "cv_model_selection": {"dataset": "blobs", "sigmas": [0.5, 1.0], "Cs": [1.0]},
        "cv": {"folds": 2, "seed": 0},
        "split": {"test_fraction": 0.5, "seed": 0},
    }
    _run(
        "experiment.py",
        _study_job("loo_vs_sv_bound", "blobs/linear/Cinf", cfg, tmp_path),
        monkeypatch,
    )
    rows = pd.read_csv(tmp_path / "rows.csv")
    assert rows["dataset"].tolist() == ["blobs"]
    assert np.isinf(rows["C"].iloc[0])
    # Every non-support vector was removed (40 points, 3 support vectors).
    assert len(pd.read_csv(tmp_path / "e2.csv")) == 40 - rows["n_sv"].iloc[0] == 37
    _run(
        "experiment.py",
        _study_job("cv_model_selection", "", cfg, tmp_path),
        monkeypatch,
    )
    assert len(pd.read_csv(tmp_path / "grid.csv")) == 2
    assert pd.read_csv(tmp_path / "summary.csv")["dataset"].tolist() == ["blobs"]


def test_a_study_job_does_not_load_matplotlib() -> None:
    """Every job imports marginlab.pipeline: it stays light, without
    matplotlib (for a study) or scipy (the input checks ask for scipy.sparse
    only when something else imported it)."""
    import subprocess
    import sys

    code = (
        f"import sys; sys.path.insert(0, {str(ROOT / 'src')!r}); "
        "import marginlab.pipeline.jobs; "
        "print('matplotlib' in sys.modules, 'scipy' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False False"


def test_a_sweep_in_one_job_writes_the_files_of_one_job_per_output(
    blobs, tmp_path, monkeypatch
) -> None:
    """workflow/scripts/sweep.py (a sweep in one job) against experiment.py
    once per run and stack_tables.py: the same files, byte for byte, and a
    log line per run."""
    from marginlab.experiments import experiment

    write_dataset(blobs, tmp_path / "blobs.csv")
    # The project's configuration, with two small runs.
    schema = checks.load_schema(ROOT / "workflow/schemas/config.schema.yaml")
    project = yaml.safe_load((ROOT / "config.yaml").read_text())
    project["adaboost"] = {"datasets": ["blobs", "blobs2"], "n_rounds": 5}
    project["datasets"]["blobs2"] = project["datasets"]["blobs"]
    cfg, problem = checks.check(project, schema)
    assert problem is None
    write_dataset(blobs, tmp_path / "blobs2.csv")
    exp = experiment("adaboost")
    runs = exp.runs(cfg)
    apart, together = tmp_path / "apart", tmp_path / "together"
    for folder in (apart, together):
        for run in runs:
            (folder / run).mkdir(parents=True)
    specs = {}
    for run, spec in runs.items():
        data = {
            arg: str(tmp_path / f"{ref.name}.csv") for arg, ref in spec.data.items()
        }
        outputs = {t: str(apart / run / f"{t}.csv") for t in exp.tables}
        _run(
            "experiment.py",
            SimpleNamespace(
                output=_Named(outputs),
                log=[str(apart / f"{run}.log")],
                params=SimpleNamespace(
                    study=exp.study, tables=list(exp.tables), label=exp.label or "",
                    run=run, args=dict(spec.args), data=data,
                ),
            ),
            monkeypatch,
        )  # fmt: skip
        specs[run] = {
            "args": dict(spec.args),
            "data": data,
            "outputs": {t: str(together / run / f"{t}.csv") for t in exp.tables},
        }
    stacked = [t for t in exp.tables if t not in exp.per_run]
    for t in stacked:
        _run(
            "stack_tables.py",
            SimpleNamespace(
                input=[str(apart / run / f"{t}.csv") for run in runs],
                output=[str(apart / f"{t}.csv")],
                log=[str(apart / f"stack.{t}.log")],
            ),
            monkeypatch,
        )
    _run(
        "sweep.py",
        SimpleNamespace(
            log=[str(together / "sweep.log")],
            params=SimpleNamespace(
                study=exp.study,
                tables=list(exp.tables),
                label=exp.label or "",
                runs=specs,
                stacked={
                    str(together / f"{t}.csv"): [
                        str(together / run / f"{t}.csv") for run in runs
                    ]
                    for t in stacked
                },
            ),
        ),
        monkeypatch,
    )
    written = sorted(p.relative_to(apart) for p in apart.rglob("*.csv"))
    assert written == sorted(p.relative_to(together) for p in together.rglob("*.csv"))
    assert len(written) == len(runs) * len(exp.tables) + len(stacked)
    for rel in written:
        assert (apart / rel).read_bytes() == (together / rel).read_bytes(), rel
    log = (together / "sweep.log").read_text().splitlines()
    assert [line.split(":")[0] for line in log] == ["run 1/2 blobs", "run 2/2 blobs2"]


def test_an_experiments_one_job_writes_the_files_of_one_job_per_output(
    tmp_path, monkeypatch
) -> None:
    """workflow/scripts/readers.py given an experiment's jobs (its figures,
    claim rows and timing rows): once for all of them, and once per output,
    as the rule of one output runs it: the same files, byte for byte (PNG and
    PDF too), and a log line per output."""
    from marginlab.experiments import experiment
    from marginlab.pipeline.jobs import run_study
    from marginlab.pipeline.plan import Plan

    schema = checks.load_schema(ROOT / "workflow/schemas/config.schema.yaml")
    project = yaml.safe_load((ROOT / "config.yaml").read_text())
    project["figures"] = ["losses", "boosting_cost"]
    project["boosting_cost"] = {
        "m_sizes": [200, 400], "n_sizes": [2, 4], "t_sizes": [5, 10],
        "fixed_m": 200, "fixed_n": 2, "fixed_t": 5, "repeats": 1,
    }  # fmt: skip
    cfg, problem = checks.check(project, schema)
    assert problem is None
    apart, together = tmp_path / "apart", tmp_path / "together"
    monkeypatch.chdir(apart.mkdir() or apart)
    plan = Plan(cfg)
    jobs = []
    for name in ("losses", "boosting_cost"):
        exp = experiment(name)
        assert plan.in_readers_job(exp)
        run_study(
            exp.study, exp.tables, plan.study_args(exp, ""), {},
            plan.study_outputs(exp),
        )  # fmt: skip
        jobs += plan.readers_jobs(exp)
    assert {j["kind"] for j in jobs} == {"figure", "claim", "timing"}
    shutil.copytree(apart / "results", together / "results")
    for folder in ("figures", "claims", "timings"):
        for root in (apart, together):
            (root / "results" / folder).mkdir()
    for job in jobs:  # one job per output, each given every job
        _run(
            "readers.py",
            SimpleNamespace(
                output=list(job["outputs"]),
                log=[str(apart / f"{job['kind']}.{job['name']}.log")],
                params=SimpleNamespace(jobs=jobs),
            ),
            monkeypatch,
        )
        log = (apart / f"{job['kind']}.{job['name']}.log").read_text().splitlines()
        assert [line.split(":")[0] for line in log] == [
            f"{job['kind']} 1/1 {job['name']}"
        ]
    monkeypatch.chdir(together)
    log = tmp_path / "readers.log"
    _run(
        "readers.py",
        SimpleNamespace(
            output=[p for j in jobs for p in j["outputs"]],
            log=[str(log)],
            params=SimpleNamespace(jobs=jobs),
        ),
        monkeypatch,
    )
    made = [apart / "results" / f for f in ("figures", "claims", "timings")]
    written = sorted(p.relative_to(apart) for d in made for p in d.iterdir())
    assert written == sorted(
        p.relative_to(together)
        for d in made
        for p in (together / d.relative_to(apart)).iterdir()
    )
    assert len(written) == sum(len(j["outputs"]) for j in jobs)
    for rel in written:
        assert (apart / rel).read_bytes() == (together / rel).read_bytes(), rel
    lines = log.read_text().splitlines()
    assert [line.split(":")[0] for line in lines] == [
        f"{j['kind']} {k}/{len(jobs)} {j['name']}" for k, j in enumerate(jobs, 1)
    ]


def test_the_readers_job_refuses_an_output_no_job_writes() -> None:
    from marginlab.pipeline.jobs import run_readers

    jobs = [{"kind": "figure", "name": "f", "function": "x:y", "tables": {},
             "outputs": ["f.png", "f.pdf"]}]  # fmt: skip
    with pytest.raises(ValueError, match="no job writes g.png"):
        run_readers(jobs, ["g.png"])
    with pytest.raises(ValueError, match="asked for only some of them"):
        run_readers(jobs, ["f.png"])
    run_readers(jobs, [])  # nothing asked, nothing run


def test_a_bad_dataset_stops_the_dataset_job_before_any_is_written(tmp_path) -> None:
    """As the dataset job runs it (marginlab.pipeline.jobs.write_datasets):
    every dataset is made before any is written, so a bad one leaves none."""
    from marginlab.core.datasets import DatasetError, make_dataset
    from marginlab.pipeline.jobs import write_datasets

    bad = tmp_path / "mine.csv"
    bad.write_text("x1,label\n1,1\n2,oops\n3,maybe\n")
    folder = tmp_path / "results" / "data"
    specs = {
        "blobs": {"generator": "blobs", "n_samples": 20, "seed": 0},
        "mine": {"generator": "csv", "path": str(bad)},
    }
    with pytest.raises(DatasetError) as caught:
        write_datasets(specs, {name: str(folder / f"{name}.csv") for name in specs})
    error = str(caught.value)
    assert error.startswith("dataset 'mine': ")
    assert str(bad) in error
    assert "found 3" in error
    assert not folder.exists()
    # Without the bad one, the good one is written, with a line in the log.
    lines: list[str] = []
    write_datasets(
        {"blobs": specs["blobs"]}, {"blobs": str(folder / "b.csv")}, log=lines.append
    )
    assert lines == [f"{folder / 'b.csv'}: 20 rows, 2 features"]
    assert make_dataset(specs["blobs"]).n_samples == 20
