"""The plan of a run (marginlab.pipeline.plan): what the workflow asks while
Snakemake parses it, answered without Snakemake."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from marginlab import experiments as X
from marginlab.pipeline import config as checks
from marginlab.pipeline.plan import (
    KINDS,
    ONE_OUTPUT_RULES,
    OUTPUTS,
    Plan,
    Readers,
    command_line_files,
    one_output_log,
    one_output_paths,
)

from ...conftest import PROFILE_FILES, ROOT, project_config

SCHEMA = checks.load_schema(ROOT / "workflow/schemas/config.schema.yaml")


def _merge(base: dict, over: dict) -> dict:
    """``over`` merged into ``base`` at every level, as Snakemake merges config
    files."""
    out = dict(base)
    for key, value in over.items():
        both = isinstance(value, dict) and isinstance(base.get(key), dict)
        out[key] = _merge(base[key], value) if both else value
    return out


def _config(*over: Path) -> dict:
    filled, problem = checks.check(project_config(*over), SCHEMA)
    assert problem is None
    return filled


FULL = _config()
SMALL = _config(PROFILE_FILES["small"])


@pytest.fixture
def plan() -> Plan:
    return Plan(copy.deepcopy(SMALL))


@pytest.fixture
def per_run() -> Plan:
    """The plan of a cluster's run: one job per run of a sweep, per stacked
    table, per figure, applet, claim and timing."""
    return Plan({**copy.deepcopy(SMALL), "one_job_per_output": True})


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


def test_a_sweep_has_a_run_wildcard_and_a_single_run_none(per_run: Plan) -> None:
    plan = per_run
    adaboost, losses = X.experiment("adaboost"), X.experiment("losses")
    assert not plan.in_one_job(adaboost)
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
    # A sweep's per-run table is every run's file, in run order.
    grid = plan.job("figure", "svm_sigma_C_grid")
    panels = list(plan.runs(X.experiment("svm_sigma_C_grid")))
    assert grid.tables["surface"] == [
        f"results/metrics/svm_sigma_C_grid/{p}/surface.csv" for p in panels
    ]
    assert plan.job("figure", "adaboost_bound") is job  # made once
    with pytest.raises(KeyError, match="no job kind"):
        plan.job("table", "adaboost_bound")
    assert KINDS == ("figure", "applet", "claim", "timing")


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


def test_stacked_tables_are_the_sweeps_tables(per_run: Plan) -> None:
    constraints = per_run.stacked_constraints()
    assert "adaboost" in constraints["experiment"].split("|")
    assert "losses" not in constraints["experiment"].split("|")
    assert per_run.stacked_sources("adaboost", "history") == [
        f"results/metrics/adaboost/{d}/history.csv"
        for d in SMALL["adaboost"]["datasets"]
    ]


def test_a_sweep_in_one_job_makes_every_runs_tables_and_stacks_them(
    plan: Plan, per_run: Plan
) -> None:
    """By default a sweep is one job: its outputs are the files the jobs of a
    cluster's run (one per run, one per stacked table) make, its inputs the
    datasets of all its runs, and its log one file."""
    adaboost, losses = X.experiment("adaboost"), X.experiment("losses")
    assert plan.in_one_job(adaboost)
    assert not plan.in_one_job(losses)  # one run: one job either way
    datasets = SMALL["adaboost"]["datasets"]
    runs = plan.sweep_runs(adaboost)
    assert list(runs) == list(per_run.runs(adaboost)) == list(datasets)
    for run, spec in runs.items():
        assert spec["args"] == per_run.study_args(adaboost, run)
        assert spec["data"] == per_run.study_data(adaboost, run)
        assert spec["outputs"] == {
            t: p.replace("{run}", run)
            for t, p in per_run.study_outputs(adaboost).items()
        }
    stacked = {
        f"results/metrics/adaboost/{t}.csv": per_run.stacked_sources("adaboost", t)
        for t in adaboost.tables
        if t not in adaboost.per_run
    }
    assert plan.sweep_stacked(adaboost) == stacked
    assert plan.sweep_outputs(adaboost) == [
        p for spec in runs.values() for p in spec["outputs"].values()
    ] + list(stacked)
    assert plan.sweep_inputs(adaboost) == [f"results/data/{d}.csv" for d in datasets]
    assert plan.study_log(adaboost, "log") == "results/logs/adaboost.log"
    # No stack_tables job for it.
    assert "adaboost" not in plan.stacked_constraints()["experiment"].split("|")


def test_an_experiments_figures_applets_and_claims_are_one_job(
    plan: Plan, per_run: Plan
) -> None:
    """By default one job per experiment makes what reads its tables: between
    them exactly the run's figures, applets, claim and timing rows, each once,
    each with the function and tables of its own job in a cluster's run."""
    made = [p for exp in X.EXPERIMENTS for p in plan.readers_outputs(exp)]
    targets = (
        plan.figure_targets()
        + plan.applet_targets()
        + plan.claim_row_targets()
        + plan.timing_row_targets()
    )
    assert sorted(made) == sorted(targets)
    assert len(set(made)) == len(made)
    assert made == [
        p for exp in X.EXPERIMENTS if plan.in_readers_job(exp)
        for job in plan.readers_jobs(exp) for p in job["outputs"]
    ]  # fmt: skip
    exp = X.experiment("boosting_cost")
    jobs = plan.readers_jobs(exp)
    assert [(j["kind"], j["name"]) for j in jobs] == [
        ("figure", "boosting_cost"),
        ("claim", "B11"),
        ("timing", "B11"),
    ]
    for j in jobs:
        own = per_run.job(j["kind"], j["name"])
        assert (j["function"], j["tables"]) == (own.function, own.tables)
    inputs = [p for j in jobs for p in per_run.job(j["kind"], j["name"]).inputs]
    assert plan.readers_inputs(exp) == list(dict.fromkeys(inputs))
    assert len(plan.readers_library(exp)) == 16
    # A cluster's run: one job per output, each given only its own job.
    assert not any(per_run.in_readers_job(e) for e in X.EXPERIMENTS)
    own = per_run.reader("timing", "B11")
    assert own.jobs == [jobs[2]]
    assert own.inputs == per_run.job("timing", "B11").inputs
    assert own.library != plan.readers_library(exp)


def test_an_output_named_on_the_command_line_is_a_job_of_its_own() -> None:
    """A figure (or claim, applet, timing) among the plan's targets leaves its
    experiment's one job, which makes the rest; its own job is given what the
    experiment's job is given, so that a file made by either is up to date for
    the other. An output the run does not make gets its own job only."""
    whole = Plan(copy.deepcopy(SMALL))
    named = Plan(
        copy.deepcopy(SMALL),
        targets={"results/figures/boosting_cost.pdf", "results/claims/K2.csv"},
    )
    cost, kernel = X.experiment("boosting_cost"), X.experiment("kernel_cost")
    assert named.batched(cost) == [("claim", "B11"), ("timing", "B11")]
    assert named.readers_outputs(cost) == [
        "results/claims/B11.csv",
        "results/timings/B11.csv",
    ]
    assert ("claim", "K2") not in named.batched(kernel)
    assert named.readers_jobs(cost) == whole.readers_jobs(cost)
    for plan in (whole, named):
        for kind, name in (("figure", "boosting_cost"), ("claim", "B11")):
            assert plan.reader(kind, name) == Readers(
                whole.readers_jobs(cost),
                whole.readers_inputs(cost),
                whole.readers_library(cost),
            )
    # Every output of an experiment named: no job of the experiment's.
    alone = Plan(
        copy.deepcopy(SMALL),
        targets={p for j in whole.readers_jobs(cost) for p in j["outputs"]},
    )
    assert not alone.in_readers_job(cost)
    assert alone.in_readers_job(kernel)
    # A figure that the configuration does not ask for.
    few = Plan({**copy.deepcopy(SMALL), "figures": ["losses"]})
    assert [e.name for e in X.EXPERIMENTS if few.in_readers_job(e)] == ["losses"]
    own = few.reader("figure", "boosting_cost")
    assert [(j["kind"], j["name"]) for j in own.jobs] == [("figure", "boosting_cost")]
    assert own.inputs == few.job("figure", "boosting_cost").inputs


def test_the_files_a_command_line_names_are_relative_to_its_folder(
    tmp_path: Path,
) -> None:
    """Targets and option values, relative or absolute inside the working
    folder, are the plan's targets as the rules name them; options, and files
    outside the folder (which no rule makes), are not."""
    run = tmp_path / "run"
    run.mkdir()
    argv = [
        "-c1",
        "--forcerun",
        "results/claims/K2.csv",
        str(run / "results" / "figures" / "losses.png"),
        str(tmp_path / "elsewhere.csv"),
        "results//figures/./kernel_cost.pdf",
    ]
    assert command_line_files(argv, run) == {
        "results/claims/K2.csv",
        "results/figures/losses.png",
        "results/figures/kernel_cost.pdf",
    }
    named = Plan(copy.deepcopy(SMALL), targets=command_line_files(argv, run))
    assert ("claim", "K2") not in named.batched(X.experiment("kernel_cost"))


def test_each_kind_has_one_rule_whose_outputs_are_the_plans() -> None:
    """The rules that make one output: one per kind, its paths the plan's
    (OUTPUTS) with the kind's wildcard, a log and a benchmark per job."""
    assert set(ONE_OUTPUT_RULES) == set(KINDS)
    for kind in KINDS:
        wildcard = "{claim}" if kind in ("claim", "timing") else f"{{{kind}}}"
        paths = one_output_paths(kind)
        assert [p.replace(wildcard, "{}") for p in paths] == list(OUTPUTS[kind])
        assert one_output_log(kind, "log").endswith(f"/{wildcard}.log")
    assert one_output_log("timing", "bench.tsv") == (
        "results/logs/timings/{claim}.bench.tsv"
    )


def test_the_datasets_come_first_then_the_longest_studies(plan: Plan) -> None:
    long = [
        X.experiment(name)
        for name in (
            "loo_vs_sv_bound",
            "arc_gv",
            "boosting_cost",
            "boosting_the_margin",
            "kernel_cost",
            "margin_growth",
            "margin_cycle",
            "primal_dual_cost",
            "stepwise_direction",
            "xor_stumps",
        )
    ]
    others = [e for e in X.EXPERIMENTS if e not in long]
    assert {plan.priority(e) for e in long} == {1}
    assert {plan.priority(e) for e in others} == {0}
    # The dataset job(s) before any study: one job on one machine, one per
    # dataset on a cluster.
    assert plan.dataset_priority() == 2
    per_output = Plan({**copy.deepcopy(SMALL), "one_job_per_output": True})
    assert per_output.dataset_priority() == 2


def test_a_user_csv_is_an_input_of_its_dataset_job(tmp_path: Path) -> None:
    cfg = copy.deepcopy(SMALL)
    cfg["datasets"]["mine"] = {"generator": "csv", "path": "data/mine.csv"}
    plan = Plan(cfg)
    assert plan.dataset_source("mine") == ["data/mine.csv"]
    assert plan.dataset_source("moons") == []
    assert list(plan.dataset_spec("moons")) == sorted(plan.dataset_spec("moons"))
    # The one job of every dataset: each entry, file and user CSV.
    assert plan.dataset_specs()["moons"] == plan.dataset_spec("moons")
    assert list(plan.dataset_paths().values()) == plan.data_targets()
    assert plan.dataset_paths()["mine"] == "results/data/mine.csv"
    assert plan.dataset_sources() == ["data/mine.csv"]
