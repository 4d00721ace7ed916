"""The plan of a run, the report's captions and the placing of claim rows:
what the workflow asks while Snakemake parses it, answered without Snakemake."""

from __future__ import annotations

import copy
from pathlib import Path

import pandas as pd
import pytest
import yaml

from kernelboost import experiments as X
from kernelboost.experiments._shared.rows import ClaimRow
from kernelboost.pipeline import config as checks
from kernelboost.pipeline import report
from kernelboost.pipeline.jobs import claim_rows, place_rows
from kernelboost.pipeline.plan import KINDS, Plan

from .conftest import ROOT

SCHEMA = checks.load_schema(ROOT / "workflow/schemas/config.schema.yaml")


def _merge(base: dict, over: dict) -> dict:
    """``over`` merged into ``base`` at every level, as Snakemake merges config
    files."""
    out = dict(base)
    for key, value in over.items():
        both = isinstance(value, dict) and isinstance(base.get(key), dict)
        out[key] = _merge(base[key], value) if both else value
    return out


def _config(path: str = "config.yaml", over: str | None = None) -> dict:
    cfg = yaml.safe_load((ROOT / path).read_text())
    if over:
        cfg = _merge(cfg, yaml.safe_load((ROOT / over).read_text()))
    filled, problem = checks.check(cfg, SCHEMA)
    assert problem is None
    return filled


FULL = _config()
SMALL = _config(over="workflow/profiles/small/config.small.yaml")


@pytest.fixture
def plan() -> Plan:
    return Plan(copy.deepcopy(SMALL))


def test_runs_are_computed_once_per_experiment(plan: Plan) -> None:
    calls: list[str] = []
    originals = {exp.name: exp.runs for exp in X.EXPERIMENTS}

    def counted(name):
        def runs(cfg):
            calls.append(name)
            return originals[name](cfg)

        return runs

    try:
        for exp in X.EXPERIMENTS:  # frozen entries: set the field underneath
            object.__setattr__(exp, "runs", counted(exp.name))
        # Every question the rules ask, many times over.
        for _ in range(3):
            for exp in X.EXPERIMENTS:
                plan.study_outputs(exp)
                for run in plan.runs(exp):
                    plan.study_inputs(exp, run)
                    plan.study_args(exp, run)
            for kind, names in (
                ("figure", X.figures()),
                ("applet", X.applets()),
                ("claim", X.claims()),
            ):
                for name in names:
                    plan.job(kind, name)
    finally:
        for exp in X.EXPERIMENTS:
            object.__setattr__(exp, "runs", originals[exp.name])
    assert sorted(calls) == sorted(e.name for e in X.EXPERIMENTS)


def test_a_sweep_has_a_run_wildcard_and_a_single_run_none(plan: Plan) -> None:
    adaboost, losses = X.experiment("adaboost"), X.experiment("losses")
    assert plan.is_sweep(adaboost)
    assert not plan.is_sweep(losses)
    assert plan.study_outputs(adaboost)["history"] == (
        "results/metrics/adaboost/{run}/history.csv"
    )
    assert plan.study_outputs(losses) == {"curves": "results/metrics/losses/curves.csv"}
    assert plan.study_log(adaboost, "log") == "results/logs/adaboost/{run}.log"
    assert plan.study_log(losses, "bench.tsv") == "results/logs/losses.bench.tsv"
    assert plan.run_constraint(losses) == {}
    runs = plan.run_constraint(adaboost)["run"].split("|")
    assert runs == list(SMALL["adaboost"]["datasets"])


def test_a_study_reads_its_datasets_and_its_section(plan: Plan) -> None:
    exp = X.experiment("subset_selection")
    data = plan.study_data(exp, "")
    assert data == {
        "data": f"results/data/{SMALL['subset_selection']['dataset']}.csv",
        "trap": f"results/data/{SMALL['subset_selection']['trap']}.csv",
    }
    assert plan.study_inputs(exp, "") == list(data.values())
    args = plan.study_args(exp, "")
    assert args["seed"] == SMALL["cv"]["seed"]
    assert "dataset" not in args


def test_a_figure_job_reads_exactly_its_plotters_tables(plan: Plan) -> None:
    job = plan.job("figure", "adaboost_bound")
    assert job.function == "experiments.adaboost.figures:plot_adaboost_bound"
    assert job.tables == {"history": "results/metrics/adaboost/history.csv"}
    assert job.inputs == ["results/metrics/adaboost/history.csv"]
    assert len(job.library) == 16
    # A sweep's per-run table is every run's file, in run order.
    grid = plan.job("figure", "svm_sigma_C_grid")
    panels = list(plan.runs(X.experiment("svm_sigma_C_grid")))
    assert grid.tables["surface"] == [
        f"results/metrics/svm_sigma_C_grid/{p}/surface.csv" for p in panels
    ]
    assert plan.job("figure", "adaboost_bound") is job  # made once
    with pytest.raises(KeyError, match="no job kind"):
        plan.job("table", "adaboost_bound")
    assert KINDS == ("figure", "applet", "claim")


def test_targets_follow_the_figures_asked_for(plan: Plan) -> None:
    assert plan.figure_targets()[:2] == [
        f"results/figures/{SMALL['figures'][0]}.png",
        f"results/figures/{SMALL['figures'][0]}.pdf",
    ]
    few = Plan({**copy.deepcopy(SMALL), "figures": ["losses"]})
    assert few.claim_row_targets() == ["results/claims/B13.csv"]
    assert few.applet_targets() == []
    assert "results/applets/smo.json" in plan.applet_targets()
    assert plan.all_targets()[-2:] == ["results/site", "results/claims.html"]


def test_stacked_tables_are_the_sweeps_tables(plan: Plan) -> None:
    constraints = plan.stacked_constraints()
    assert "adaboost" in constraints["experiment"].split("|")
    assert "losses" not in constraints["experiment"].split("|")
    assert plan.stacked_sources("adaboost", "history") == [
        f"results/metrics/adaboost/{d}/history.csv"
        for d in SMALL["adaboost"]["datasets"]
    ]


def test_a_user_csv_is_an_input_of_its_dataset_job(tmp_path: Path) -> None:
    cfg = copy.deepcopy(SMALL)
    cfg["datasets"]["mine"] = {"generator": "csv", "path": "data/mine.csv"}
    plan = Plan(cfg)
    assert plan.dataset_source("mine") == ["data/mine.csv"]
    assert plan.dataset_source("moons") == []
    assert list(plan.dataset_spec("moons")) == sorted(plan.dataset_spec("moons"))


# The report's captions -------------------------------------------------------
def test_every_figure_has_its_category_and_caption() -> None:
    captions = report.figure_captions()
    assert set(captions) == set(X.figures())
    assert captions["adaboost_bound"].startswith("**B1 — ")
    assert report.figure_category("adaboost_bound") == X.FAMILIES["B"]


def test_claim_status_counts_the_rows_of_a_figures_claims(tmp_path: Path) -> None:
    assert report.claim_status(tmp_path / "missing.csv") == {}
    path = tmp_path / "claims.csv"
    pd.DataFrame(
        {
            "id": ["B13", "B13", "K1"],
            "kind": ["theorem", "theorem", "identity"],
            "holds": ["true", "false", "true"],
        }
    ).to_csv(path, index=False)
    status = report.claim_status(path)
    assert status["losses"] == "B13 held in 1 of 2 rows (1 did not hold)."
    assert status["kernel_identity"] == "K1 held in 1 of 1 rows."
    assert status["adaboost_bound"] == ""


def test_the_resolved_config_leaves_out_the_report_entries() -> None:
    cfg = {"b": 1, "a": 2, "claim_status": {}, "figure_captions": {}}
    assert report.resolved_config(cfg) == {"a": 2, "b": 1}


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
