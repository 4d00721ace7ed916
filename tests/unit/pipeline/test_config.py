"""The configuration checks (marginlab.pipeline.config): the project's config
passes them, every malformed config is named in one line, and defaults fill
in a minimal one. tests/workflow/test_config.py tries a few of these
configurations through Snakemake.

The bounds of the configuration check, without Snakemake: numbers are finite
(infinite only where the schema allows it), counts are integers, sizes stay
within memory (marginlab.pipeline.limits), the CV folds fit the classes of
the data they split. Where a bad key was given is tested in
test_sources.py."""

from __future__ import annotations

import copy
import math
import time
from typing import Any

import pytest
import yaml

from marginlab.core.datasets import make_dataset
from marginlab.estimators.model_selection import kfold_indices
from marginlab.pipeline import config as checks
from marginlab.pipeline import limits

from ...conftest import PROFILE_FILES, ROOT, project_config, set_in

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


# --- The bounds of the configuration check ---------------------------------------

NAN, INF = math.nan, math.inf


def edited(*edits) -> dict:
    cfg = copy.deepcopy(PROJECT)
    for edit in edits:
        edit(cfg)
    return cfg


def problem_of(*edits) -> str | None:
    """The problem :func:`check` finds in the project config after ``edits``,
    checked to be one line, found in under 5 s."""
    cfg = edited(*edits)
    start = time.perf_counter()
    _, problem = checks.check(cfg, SCHEMA)
    assert time.perf_counter() - start < 5.0
    assert problem is None or "\n" not in problem
    return problem


def limits_of(*edits) -> str | None:
    """The problem :func:`limits.limits_problem` finds in the project config
    after ``edits`` (which pass the schema), in one line; :func:`check` then
    stops too, in under 5 s (the dataset checks before this one may name the
    same fault first)."""
    cfg = edited(*edits)
    assert checks.schema_problem(cfg, SCHEMA) is None
    problem = limits.limits_problem(
        checks.sorted_keys(checks.with_defaults(cfg, SCHEMA))
    )
    assert problem is None or "\n" not in problem
    if problem is not None:
        assert problem_of(*edits) is not None
    return problem


# --- Numbers: finite, and integers where a count is meant ---------------------

BAD_NUMBERS = {
    "nan sigma": (
        set_in("pegasos_convergence", "sigma", NAN),
        "'pegasos_convergence.sigma': nan is not a number",
    ),
    "infinite sigma": (
        set_in("pegasos_convergence", "sigma", INF),
        "'pegasos_convergence.sigma': inf is not a finite number",
    ),
    "infinite noise": (
        set_in("datasets", "moons", "noise", INF),
        "'datasets.moons.noise': inf is not a finite number",
    ),
    "nan label noise": (
        set_in("datasets", "moons", "label_noise", NAN),
        "'datasets.moons.label_noise': nan is not a number",
    ),
    "minus infinity": (
        set_in("losses", "margin_min", -INF),
        "'losses.margin_min': -inf is not a finite number",
    ),
    "an infinite C where the grid is finite": (
        set_in("cv_model_selection", "Cs", [1.0, INF]),
        "'cv_model_selection.Cs.1': inf is not a finite number",
    ),
    "an infinite kernel width": (
        set_in("loo_vs_sv_bound", "kernels", [{"name": "gaussian", "sigma": INF}]),
        "'loo_vs_sv_bound.kernels.0.sigma': inf is not a finite number",
    ),
    "an infinite sigma beside an infinite C": (
        set_in("svm_sigma_C_grid", "panels", [{"sigma": INF, "C": INF}]),
        "'svm_sigma_C_grid.panels.0.sigma': inf is not a finite number",
    ),
    "nan where infinity is allowed": (
        set_in("loo_vs_sv_bound", "C", [1.0, NAN]),
        "'loo_vs_sv_bound.C.1': nan is not a number",
    ),
    "a count written as a float": (
        set_in("datasets", "moons", "n_samples", 200.0),
        "'datasets.moons.n_samples': must be an integer, got 200.0",
    ),
    "folds written as a float": (
        set_in("cv", "folds", 5.0),
        "'cv.folds': must be an integer, got 5.0",
    ),
    "a float in a list of counts": (
        set_in("knn_k", "ks", [1, 3.0]),
        "'knn_k.ks.1': must be an integer, got 3.0",
    ),
    "infinitely many rounds": (
        set_in("adaboost", "n_rounds", INF),
        "'adaboost.n_rounds': must be an integer, got inf",
    ),
    "an integer beyond float64": (
        set_in("pegasos_convergence", "lam", 10**400),
        "'pegasos_convergence.lam': an integer of 401 digits is too large",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_NUMBERS))
def test_bad_numbers_are_named_in_one_line(case: str) -> None:
    edit, expected = BAD_NUMBERS[case]
    assert problem_of(edit) == expected


@pytest.mark.parametrize(
    "edit",
    [
        set_in("loo_vs_sv_bound", "C", [0.1, INF]),
        set_in("smo_applet", "Cs", [1.0, INF]),
        set_in("svm_sigma_C_grid", "panels", [{"sigma": 1.0, "C": INF}]),
    ],
    ids=["loo_vs_sv_bound.C", "smo_applet.Cs", "svm_sigma_C_grid.panels"],
)
def test_the_hard_margin_may_be_infinite_where_the_schema_says_so(edit) -> None:
    assert problem_of(edit) is None


def test_only_the_hard_margins_may_be_infinite() -> None:
    """x-allow-infinity marks exactly the three C grids whose .inf is the hard
    margin."""
    found = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            if node.get(checks.ALLOW_INFINITY):
                found.append(path)
            for key, value in node.items():
                walk(value, f"{path}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{path}/{i}")

    walk(SCHEMA, "")
    assert sorted(found) == [
        "/properties/loo_vs_sv_bound/properties/C/items",
        "/properties/smo_applet/properties/Cs/items",
        "/properties/svm_sigma_C_grid/properties/panels/items/properties/C",
    ]


# --- Caps of sizes, and the memory of the arrays they make ----------------------

SCHEMA_CAPS = {
    "rounds without end": (
        set_in("adaboost", "n_rounds", 1_000_000_000),
        "'adaboost.n_rounds': 1000000000 is greater than the maximum of 10000",
    ),
    "epochs without end": (
        set_in("perceptron_xor", "max_epochs", 10**8),
        "'perceptron_xor.max_epochs': 100000000 is greater than the maximum of 10000",
    ),
    "a million points": (
        set_in("datasets", "moons", "n_samples", 1_000_000),
        "'datasets.moons.n_samples': 1000000 is greater than the maximum of 100000",
    ),
    "a size beyond its key's own maximum": (
        set_in("kernel_cost", "gram_d", [64, 200_000]),
        "'kernel_cost.gram_d.1': 200000 is greater than the maximum of 100000",
    ),
    "a seed beyond 32 bits": (
        set_in("split", "seed", 2**40),
        "'split.seed': 1099511627776 is greater than the maximum of 4294967295",
    ),
    "a degree that overflows": (
        set_in("gram_spectra", "kernels", [{"name": "polynomial", "degree": 400}]),
        "'gram_spectra.kernels.0.degree': 400 is greater than the maximum of 20",
    ),
}


@pytest.mark.parametrize("case", sorted(SCHEMA_CAPS))
def test_counts_beyond_their_maximum_are_named_in_one_line(case: str) -> None:
    edit, expected = SCHEMA_CAPS[case]
    assert problem_of(edit) == expected


TOO_LARGE = {
    "a Gram matrix of 728 TiB": (
        set_in("gram_spectra", "n_samples", 10_000_000),
        "'gram_spectra.n_samples': 10000000 points need a 10000000 × 10000000 "
        "Gram matrix, 728 TiB; at most 20000 (3.0 GiB)",
    ),
    "timed Gram matrices": (
        set_in("kernel_cost", "gram_m", [1000, 25_000]),
        "'kernel_cost.gram_m': 25000 points need a 25000 × 25000 Gram matrix",
    ),
    "the dual perceptron's Gram matrix": (
        set_in("primal_dual_cost", "n_sizes", [16, 30_000]),
        "'primal_dual_cost.n_sizes': 30000 points need a 30000 × 30000 Gram",
    ),
    "an incremental update's Gram matrix": (
        set_in("incremental_update", "sizes", [50, 40_000]),
        "'incremental_update.sizes': 40000 points need a 40000 × 40000 Gram",
    ),
    "an incremental update's columns": (
        set_in("incremental_update", "updates", 1000),
        "'incremental_update.update_sizes': n = 1000000 with 1000 updates per call "
        "need a 1000000 × 1000 block of kernel columns, 7.5 GiB",
    ),
    "explicit features of a high degree": (
        lambda c: c["kernel_identity"].update(n_features=[12], degrees=[6]),
        "'kernel_identity.degrees': 20 points with n = 12 features (degree 6: "
        "4826809 coordinates) need a 20 × 20 × 4826809 array",
    ),
    "the representer's explicit features": (
        set_in("representer", "n_features", 1000),
        "'representer.degree': degree 3 on n_features = 1000",
    ),
    "the Gaussian series of every pair": (
        lambda c: (
            set_in("gaussian_series", "dataset", "moons_large")(c)
            or set_in("gaussian_series", "n_points", 3000)(c)
        ),
        "'gaussian_series.n_points': 3000 points of 'moons_large' and degrees 0 to "
        "200 need a 201 × 3000 × 3000 array of tail bounds, 13 GiB",
    ),
    "depth-2 trees of too many thresholds": (
        lambda c: (
            c["datasets"]["xor"].update(noise=0.1, n_samples=400)
            or set_in("xor_stumps", "max_thresholds", 64)(c)
        ),
        "'xor_stumps.max_thresholds': 64 thresholds per feature on the 400 points "
        "of 'xor' make S = 128 splits and up to 2 + S(2S + 2)² = 8520194 depth-2 "
        "trees, a 400 × 8520194 matrix of tree predictions, 25 GiB",
    ),
    "the Gaussian series in 30 dimensions": (
        set_in("gaussian_series", "dataset", "breast_cancer"),
        "'gaussian_series.max_degree': 150 points of 'breast_cancer' with 30 features",
    ),
    "the timed boosting data": (
        lambda c: c["boosting_cost"].update(fixed_m=1_000_000, n_sizes=[10, 10_000]),
        "'boosting_cost.n_sizes': 1000000 points with 10000 features need a "
        "1000000 × 10000 data matrix",
    ),
    "timed predictions": (
        set_in("kernel_cost", "predict_points", 100_000),
        "'kernel_cost.predict_points': 100000 prediction points against 10000",
    ),
}


@pytest.mark.parametrize("case", sorted(TOO_LARGE))
def test_sizes_beyond_their_limits_are_named_in_one_line(case: str) -> None:
    edit, expected = TOO_LARGE[case]
    problem = limits_of(edit)
    assert problem is not None
    assert problem.startswith(expected), problem


def test_the_full_and_the_small_configurations_pass() -> None:
    """Their largest values (moons_large's 20000 points, kernel_checks'
    n = 1000, kernel_cost's 64000000 features, ...) stay allowed."""
    for cfg in (PROJECT, project_config(PROFILE_FILES["small"])):
        filled, problem = checks.check(cfg, SCHEMA)
        assert problem is None
        assert limits.limits_problem(filled) is None


def test_the_memory_limit_is_an_m_by_m_float64_matrix_of_20000_points() -> None:
    assert limits.MEMORY == 8 * 20_000**2
    assert limits.format_bytes(limits.MEMORY) == "3.0 GiB"
    at_limit = set_in("gram_spectra", "n_samples", limits.MAX_GRAM_POINTS)
    assert limits_of(at_limit) is None
    beyond = set_in("gram_spectra", "n_samples", limits.MAX_GRAM_POINTS + 1)
    assert limits_of(beyond).startswith("'gram_spectra.n_samples': 20001 points")


# --- Datasets against their studies (marginlab.pipeline.data_checks) -------

DATA = {
    "an SVM on too many points": (
        set_in("datasets", "moons_svm", "n_samples", 30_000),
        "'svm_sigma_C_grid.dataset': 'moons_svm' has 30000 rows; this study forms "
        "a 30000 × 30000 kernel matrix (6.7 GiB); at most 17777 rows (3.0 GiB)",
    ),
    "a kernel perceptron on too many points": (
        lambda c: (
            c["datasets"]["moons_large"].update(n_samples=25_000)
            or c["perceptron_dual"].update(compare={"moons_large": "quadratic"})
        ),
        "'perceptron_dual.compare.moons_large': 'moons_large' has 25000 rows; "
        "this study's kernel perceptron runs up to max_epochs epochs",
    ),
    "a grid too fine for its points": (
        set_in("datasets", "moons_svm", "n_samples", 20_000),
        "'svm_sigma_C_grid.dataset': 'moons_svm' has 20000 rows; this study forms "
        "a 22500 × 20000 kernel matrix (its 150 × 150 grid against its 20000 "
        "points, 3.4 GiB); at most 17777 rows (3.0 GiB)",
    ),
    "three discs of too many points": (
        lambda c: c["datasets"]["three_discs"].update(
            n_per_cluster=33_333, left_factor=100
        ),
        "'nonconvex_combination.nonconvex': 'three_discs' has 3399966 rows; this "
        "study forms the values of its 81599184 lines",
    ),
    "stumps of too many training points": (
        lambda c: (
            c["datasets"]["moons_large"].update(n_samples=60_000)
            or c["margin_growth"].update(datasets=["moons_large"])
        ),
        "'margin_growth.datasets': 'moons_large' has 60000 rows; this study forms "
        "the values of its up to 120000 distinct stumps on its 30000 training "
        "points",
    ),
    "a hundred thousand folds": (
        set_in("cv", "folds", 100_000),
        "'gaussian_oscillation.dataset': 'interval' has 31 of class -1 and 9 of "
        "class +1; this study needs 100000 of each class (to cross-validate with "
        "100000 folds)",
    ),
    "one fold more than the smallest class": (
        set_in("cv", "folds", 10),
        "'gaussian_oscillation.dataset': 'interval' has 31 of class -1 and 9 of "
        "class +1; this study needs 10 of each class",
    ),
    "one fold more than a training class": (
        lambda c: (
            c["datasets"]["moons"].update(n_samples=30)
            or c["sigma_bias_variance"].update(dataset="moons")
            or c["cv"].update(folds=8)
        ),
        "'sigma_bias_variance.dataset': 'moons' has 15 of class -1 (7 to train "
        "on, 8 held out) and 15 of class +1 (7 to train on, 8 held out); this "
        "study holds out 0.5 of each class (test_fraction) and needs 1 of each "
        "class in the test part and 8 in the training part (to cross-validate "
        "with 8 folds): at least 16 of each class",
    ),
    "E3's own test fraction": (
        lambda c: (
            c["cv_model_selection"].update(test_fraction=0.99)
            or c["cv"].update(folds=6)
        ),
        "'cv_model_selection.dataset': 'moons_label_noise_cv' has ",
    ),
    "folds after the study's own label flips": (
        lambda c: (
            c["datasets"].update(tiny={"generator": "moons", "n_samples": 20})
            or set_in("boosting_overfit", "dataset", "tiny")(c)
            or c["cv"].update(folds=9)
        ),
        "'boosting_overfit.dataset': 'tiny', after boosting_overfit.rate 0.2 flips "
        "labels, has 12 of class -1 and 8 of class +1; this study needs 9 of "
        "each class (to cross-validate with 9 folds)",
    ),
    "S7's folds too small for its full model": (
        set_in("stepwise_direction", "n_train", 20),
        "'stepwise_direction.n_train': 20 points leave 16 training points per fold "
        "of 5-fold CV (cv.folds), but backward stepwise's full model of "
        "n_features = 20 needs more than 21",
    ),
}


@pytest.mark.parametrize("case", sorted(DATA))
def test_data_beyond_their_studies_are_named_in_one_line(case: str) -> None:
    edit, expected = DATA[case]
    problem = problem_of(edit)
    assert problem is not None
    assert problem.startswith(expected), problem


def test_the_largest_folds_the_project_data_allow_pass() -> None:
    """'interval' (40 points, labels at random: 9 of class +1 with its seed)
    bounds the folds at 9."""
    assert problem_of(set_in("cv", "folds", 9)) is None


def test_exact_xor_of_many_points_has_few_stumps_and_trees() -> None:
    """The bounds 2·n stumps per point and n·max_thresholds splits would refuse
    5000 points; the check counts the two distinct values per feature."""
    assert problem_of(set_in("datasets", "xor", "n_samples", 5000)) is None


@pytest.mark.parametrize("n_samples", [18, 20, 24, 30])
@pytest.mark.parametrize("seed", range(4))
def test_folds_after_flips_are_refused_exactly_when_the_study_would_fail(
    n_samples: int, seed: int
) -> None:
    """The check counts the classes after the study's flips (rate 0.2, its
    seed): it refuses cv.folds = 9 exactly when stratified 9-fold CV on the
    flipped labels fails."""
    from marginlab.core.datasets import flip_labels

    spec = {"generator": "moons", "n_samples": n_samples, "seed": seed}

    def edit(c: dict) -> None:
        c["datasets"]["tiny"] = spec
        set_in("boosting_overfit", "dataset", "tiny")(c)
        set_in("boosting_overfit", "seed", seed + 7)(c)
        c["cv"]["folds"] = 9

    y = flip_labels(make_dataset(spec), 0.2, seed + 7).y
    try:
        kfold_indices(y, n_splits=9)
        fails = False
    except ValueError:
        fails = True
    problem = problem_of(edit)
    assert (problem is not None and "'boosting_overfit.dataset'" in problem) == fails


AGREEMENT = {
    "more informative features than features": (
        set_in("stepwise_direction", "many_informative", 21),
        "'stepwise_direction.many_informative': 21 informative features of "
        "n_features = 20; at most 20",
    ),
    "few not fewer than many": (
        set_in("stepwise_direction", "few_informative", 17),
        "'stepwise_direction.few_informative': 17, but it must be smaller than "
        "many_informative (17)",
    ),
    "discs around the origin": (
        set_in("margin_geometry", "radius", 3.0),
        "'margin_geometry.radius': 3 is not smaller than the norm of "
        "margin_geometry.centre (2.23607)",
    ),
}


@pytest.mark.parametrize("case", sorted(AGREEMENT))
def test_keys_that_must_agree_are_named_in_one_line(case: str) -> None:
    edit, expected = AGREEMENT[case]
    problem = limits_of(edit)
    assert problem is not None
    assert problem.startswith(expected), problem


def test_a_size_key_beyond_memory_stops_the_check_with_its_size() -> None:
    """Through :func:`check`, as the workflow calls it."""
    assert problem_of(set_in("gram_spectra", "n_samples", 10_000_000)) == (
        "'gram_spectra.n_samples': 10000000 points need a 10000000 × 10000000 "
        "Gram matrix, 728 TiB; at most 20000 (3.0 GiB)"
    )
