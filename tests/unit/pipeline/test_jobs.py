"""What the workflow's jobs run (kernelboost.pipeline.jobs): claim rows take
their id and figure from the registry, the generic study script runs each
experiment, and a study job does not load matplotlib."""

from __future__ import annotations

import runpy
import sys
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from kernelboost.core.datasets import write_dataset
from kernelboost.experiments._shared.rows import ClaimRow
from kernelboost.pipeline.jobs import claim_rows, place_rows

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
    )
    return ClaimRow(**(base | kw))


def test_rows_take_the_claims_id_and_first_figure() -> None:
    (b2,) = place_rows("B2", [_row()])
    assert (b2.id, b2.figure) == ("B2", "adaboost_bound")
    # B5 is shown in two figures: a row may name the second one.
    rows = place_rows("B5", [_row(), _row(figure="adaboost_train_test")])
    assert [r.figure for r in rows] == ["margin_distribution", "adaboost_train_test"]


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


def test_claim_rows_run_the_registry_function() -> None:
    from kernelboost.theory.losses import loss_curves

    rows = claim_rows("B13", {"curves": loss_curves([-1.0, 0.0, 1.0])})
    assert rows
    assert {r.id for r in rows} == {"B13"}
    assert {r.figure for r in rows} == {"losses"}


SCRIPTS = ROOT / "workflow" / "scripts"


def _run(script: str, snakemake: SimpleNamespace, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stderr", sys.stderr)  # restored: the script redirects
    monkeypatch.setattr(sys, "path", list(sys.path))  # restored: it prepends src/
    snakemake.scriptdir = str(SCRIPTS)  # as Snakemake gives it
    runpy.run_path(str(SCRIPTS / script), init_globals={"snakemake": snakemake})
    sys.stderr.close()


class _Named(dict):
    """Snakemake's named input/output: items by name (and attributes)."""

    __getattr__ = dict.__getitem__


def _study_job(name: str, run: str, cfg: dict, tmp_path) -> SimpleNamespace:
    """The job of one run as workflow/rules/experiments.smk makes it."""
    from kernelboost.experiments import experiment

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
    """Every study job imports kernelboost.pipeline: it stays light."""
    import subprocess
    import sys

    code = (
        f"import sys; sys.path.insert(0, {str(ROOT / 'src')!r}); "
        "import kernelboost.pipeline.jobs; print('matplotlib' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"
