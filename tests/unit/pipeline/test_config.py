"""The configuration checks (marginlab.pipeline.config): the project's config
passes them, every malformed config is named in one line, and defaults fill
in a minimal one. tests/workflow/test_config.py tries a few of these
configurations through Snakemake."""

from __future__ import annotations

import copy

import pytest
import yaml

from marginlab.pipeline import config as checks

from ...conftest import ROOT, set_in

SCHEMA = checks.load_schema(ROOT / "workflow/schemas/config.schema.yaml")
PROJECT = yaml.safe_load((ROOT / "config.yaml").read_text())
#: The datasets the defaults name, and nothing else.
MINIMAL = (
    "datasets:\n  xor: {generator: xor}\n  moons: {generator: moons}\n"
    "  interval: {generator: interval}\n  circles: {generator: circles}\n"
    "  three_clusters: {generator: three_clusters}\n"
    "  diabetes: {generator: diabetes}\n"
    "  triangle: {generator: triangle}\n"
    "  three_discs: {generator: three_discs}\n"
    "  forward_trap: {generator: forward_trap}\n"
    "  moons_large: {generator: moons, seed: 30}\n"
)


BAD = {
    "unknown top-level key": (set_in("colour", "blue"), "unknown key 'colour'"),
    "unknown dataset key": (
        set_in("datasets", "moons", "sigma", 1.0),
        "unknown key 'datasets.moons.sigma'",
    ),
    "wrong type": (
        set_in("datasets", "moons", "n_samples", "many"),
        "'datasets.moons.n_samples': 'many' is not of type 'integer'",
    ),
    "negative size": (
        set_in("datasets", "moons", "n_samples", -5),
        "'datasets.moons.n_samples': -5 is less than the minimum of 2",
    ),
    "unknown generator": (
        set_in("datasets", "moons", "generator", "spirals"),
        "'datasets.moons.generator': 'spirals' is not one of",
    ),
    "label noise out of range": (
        set_in("datasets", "moons", "label_noise", 0.5),
        "'datasets.moons.label_noise'",
    ),
    "csv without path": (
        set_in("datasets", "mine", {"generator": "csv"}),
        "'datasets.mine': 'path' is a required property",
    ),
    "bad dataset name": (
        set_in("datasets", "my data", {"generator": "xor"}),
        "'datasets': 'my data' does not match",
    ),
    "empty grid": (
        set_in("loo_vs_sv_bound", "C", []),
        "'loo_vs_sv_bound.C': [] should be non-empty",
    ),
    "zero C": (
        set_in("loo_vs_sv_bound", "C", [0.0, 1.0]),
        "'loo_vs_sv_bound.C.0': 0.0 is less than",
    ),
    "unknown figure": (
        set_in("figures", ["losses", "nope"]),
        "'figures': unknown figure 'nope' (known: kernel_identity,",
    ),
    "undefined dataset in a sweep": (
        set_in("adaboost", "datasets", ["moons", "ghost"]),
        "'adaboost.datasets': 'ghost' is not a dataset defined under 'datasets'",
    ),
    "zero sigma": (
        set_in("loo_vs_sv_bound", "kernels", [{"name": "gaussian", "sigma": 0.0}]),
        "'loo_vs_sv_bound.kernels.0.sigma': 0.0 is less than or equal to the "
        "minimum of 0",
    ),
    "degree below one": (
        set_in("loo_vs_sv_bound", "kernels", [{"name": "polynomial", "degree": 0}]),
        "'loo_vs_sv_bound.kernels.0.degree': 0 is less than the minimum of 1",
    ),
    "zero rounds": (
        set_in("adaboost", "n_rounds", 0),
        "'adaboost.n_rounds': 0 is less than the minimum of 1",
    ),
    # Each study's needs of its datasets, checked before any job runs.
    "decision regions of 30-D data": (
        set_in("knn_k", "dataset", "breast_cancer"),
        "'knn_k.dataset': 'breast_cancer' has 30 features, but this study draws "
        "in the plane and needs 2",
    ),
    "a curve of 2-D data": (
        set_in("gaussian_hypothesis", "dataset", "moons"),
        "'gaussian_hypothesis.dataset': 'moons' has 2 features, but this study "
        "draws its hypothesis on a line and needs 1",
    ),
    "a Lasso path of labels": (
        set_in("lasso_path", "dataset", "moons"),
        "'lasso_path.dataset': 'moons' is a classification dataset, but this study "
        "needs regression data (a real target)",
    ),
    "boosting a regression target": (
        set_in("adaboost", "datasets", ["moons", "diabetes"]),
        "'adaboost.datasets': 'diabetes' is a regression dataset, but this study "
        "needs classification data (labels in two classes)",
    ),
    "ten classes for a two-class study": (
        set_in("adaboost", "datasets", ["moons", "digits"]),
        "'adaboost.datasets': 'digits' has 10 classes, but this study separates "
        "two classes",
    ),
    "a forward-stepwise trap with labels": (
        set_in("subset_selection", "trap", "moons"),
        "'subset_selection.trap': 'moons' is a classification dataset, but this "
        "study needs regression data (a real target)",
    ),
    "the non-convex example in 30-D": (
        set_in("nonconvex_combination", "nonconvex", "breast_cancer"),
        "'nonconvex_combination.nonconvex': 'breast_cancer' has 30 features, but "
        "this study draws in the plane and needs 2",
    ),
    "an undefined triangle": (
        set_in("nonconvex_combination", "convex", "ghost"),
        "'nonconvex_combination.convex': 'ghost' is not a dataset defined under "
        "'datasets'",
    ),
    "discs that touch": (
        set_in("datasets", "three_discs", "radius", 1.0),
        "'datasets.three_discs.radius': 1.0 is greater than or equal to the "
        "maximum of 1",
    ),
    "the quadratic map of 30-D data": (
        set_in("perceptron_dual", "compare", {"breast_cancer": "quadratic"}),
        "'perceptron_dual.compare.breast_cancer': 'breast_cancer' has 30 features",
    ),
    "label noise on a regression target": (
        set_in("datasets", "diabetes", "label_noise", 0.1),
        "unknown key 'datasets.diabetes.label_noise'",
    ),
    "a user CSV that is not there": (
        set_in("datasets", "mine", {"generator": "csv", "path": "nope.csv"}),
        "'datasets.mine': nope.csv: no such file",
    ),
}


def test_the_project_config_passes_the_checks() -> None:
    filled, problem = checks.check(PROJECT, SCHEMA)
    assert problem is None
    assert filled["figures"] == checks.figures()  # every figure by default
    assert list(filled) == sorted(filled)
    assert filled["adaboost"]["n_rounds"] >= 1  # a default of the schema


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_config_is_named_in_one_line(case: str) -> None:
    edit, expected = BAD[case]
    cfg = copy.deepcopy(PROJECT)
    edit(cfg)
    _, problem = checks.check(cfg, SCHEMA)
    assert problem is not None
    assert "\n" not in problem
    assert expected in problem


def test_defaults_fill_in_a_minimal_config() -> None:
    """A minimal config (the datasets the defaults name) is completed by them."""
    cfg = yaml.safe_load(MINIMAL)
    filled, problem = checks.check(cfg, SCHEMA)
    assert problem is None
    assert "losses" in filled["figures"]
    assert filled["perceptron_xor"]["dataset"] == "xor"


def test_a_default_naming_an_undefined_dataset_is_named() -> None:
    _, problem = checks.check({"datasets": {"tiny": {"generator": "xor"}}}, SCHEMA)
    assert "is not a dataset defined under 'datasets' (tiny)" in problem
