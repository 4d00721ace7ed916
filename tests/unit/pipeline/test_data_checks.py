"""The checks of the data the studies read (marginlab.pipeline.data_checks),
through :func:`marginlab.pipeline.config.check`: a user CSV too large for a
study, too few points of a class for a study's split and folds, values whose
squares overflow, a file that is not comma-separated. Each is one line naming
the key (and the CSV's file), before any job; and every study runs on the
smallest data its check lets through."""

from __future__ import annotations

import copy
import dataclasses
import time
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml

from marginlab.core import datasets
from marginlab.core.datasets import (
    Dataset,
    csv_files,
    make_moons,
    make_sparse_regression,
)
from marginlab.estimators.model_selection import random_split, train_test_split
from marginlab.experiments import EXPERIMENTS, experiment
from marginlab.experiments._shared.experiment import ANY, REGRESSION, Need
from marginlab.pipeline import config as checks
from marginlab.pipeline import data_checks
from marginlab.pipeline.data_checks import (
    FAMILY_BYTES,
    MATRIX_BYTES,
    Use,
    dataset_uses,
    family_bytes,
    matrix_bytes,
    row_limit,
    smallest_class,
    split_counts,
)
from marginlab.pipeline.jobs import resolve
from marginlab.pipeline.plan import Plan

from ...conftest import PROFILE_FILES, ROOT, project_config, set_in

SCHEMA = checks.load_schema(ROOT / "workflow/schemas/config.schema.yaml")
PROJECT = yaml.safe_load((ROOT / "config.yaml").read_text())


def _merge(base: dict, over: dict) -> dict:
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _merge(base[key], value)
        else:
            base[key] = value
    return base


def _problem(edit: Any = None) -> str | None:
    cfg = copy.deepcopy(PROJECT)
    if edit is not None:
        edit(cfg)
    _, problem = checks.check(cfg, SCHEMA)
    return problem


def _csv(path: Path, m: int, d: int = 2, *, labels=(0, 1), big=None) -> Path:
    """m rows of d features (seeded normal) and alternating labels; ``big``:
    (row, column, text) written in place of one cell."""
    rng = np.random.default_rng(0)
    X = rng.standard_normal((m, d))
    names = [f"x{j + 1}" for j in range(d)]
    lines = [",".join([*names, "label"])]
    for i in range(m):
        cells = [f"{v:.6f}" for v in X[i]]
        if big is not None and i == big[0]:
            cells[big[1]] = big[2]
        lines.append(",".join([*cells, str(labels[i % 2])]))
    path.write_text("\n".join(lines) + "\n")
    return path


def _use_csv(path: Path, section: str, key: str = "dataset"):
    """An edit: ``mine`` is the CSV at ``path`` and ``section.key`` reads it."""

    def edit(cfg: dict) -> None:
        cfg["datasets"]["mine"] = {"generator": "csv", "path": str(path)}
        set_in(section, key, ["mine"] if key == "datasets" else "mine")(cfg)

    return edit


def _one_line(problem: str | None) -> str:
    assert problem is not None
    assert "\n" not in problem
    return problem


# --------------------------------------------------------------------------
# The project's configurations pass
# --------------------------------------------------------------------------


@pytest.mark.parametrize("small", [False, True], ids=["full", "small"])
def test_the_project_configurations_pass(small: bool) -> None:
    cfg = project_config(PROFILE_FILES["small"]) if small else copy.deepcopy(PROJECT)
    filled, problem = checks.check(cfg, SCHEMA)
    assert problem is None
    # Every need names run arguments its runs have (dataset_uses reads them).
    uses = dataset_uses(filled)
    assert {u.key for u in uses} >= {"knn_k.dataset", "poly_degree.noisy"}
    for use in uses:
        assert use.need.task in ("classification", "regression")
        if use.need.holdout:
            assert 0 < use.test_fraction < 1
        if use.need.folds:
            assert use.n_splits >= 2


# --------------------------------------------------------------------------
# 2. A CSV too large for a study
# --------------------------------------------------------------------------


def test_a_csv_too_large_for_a_study_is_refused_before_reading_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """10^5 rows into pegasos_convergence were accepted and ran past 150 s."""
    path = _csv(tmp_path / "mine.csv", 100_000)

    def no_parse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the size check parsed the CSV")

    monkeypatch.setattr(datasets, "load_csv_with_classes", no_parse)
    monkeypatch.setattr(csv_files, "load_csv_with_classes", no_parse)
    start = time.perf_counter()
    problem = _one_line(_problem(_use_csv(path, "pegasos_convergence")))
    assert time.perf_counter() - start < 5
    assert problem == (
        f"'pegasos_convergence.dataset': 'mine' ({path}) has 100000 rows; this "
        "study forms a 100000 × 100000 kernel matrix (75 GiB); at most 20000 "
        "rows (3.0 GiB)"
    )


@pytest.mark.parametrize(
    ("section", "key", "rows", "fragment"),
    [
        (
            "noise_robustness",
            "dataset",
            30_000,
            "has 30000 rows; this study forms a 30000 × 15000 kernel matrix (all "
            "its points against its 15000 training points, 3.4 GiB); at most "
            "28284 rows (3.0 GiB)",
        ),
        (
            "knn_k",
            "dataset",
            10_001,
            "has 10001 rows; this study computes the distances between its "
            "training points anew for each k (14 s of CPU at 4000 rows, growing "
            "as m²); at most 10000",
        ),
        (
            "loo_vs_sv_bound",
            "datasets",
            2001,
            "has 2001 rows; this study re-solves the SVM once per point",
        ),
        (
            "boosting_checks",
            "dataset",
            3000,
            "has 3000 rows; this study forms the values of its 11994 distinct "
            "stumps on its 3000 points (a 3000 × 11994 matrix, 275 MiB, which it "
            "copies many times); at most 699 rows (64 MiB)",
        ),
        (
            "adaboost",
            "datasets",
            100_001,
            "has 100001 rows; at most 100000 rows for any study (5 × the full "
            "configuration's largest dataset)",
        ),
    ],
    ids=["kernel-matrix", "time", "leave-one-out", "stumps", "any"],
)
def test_size_refusals_say_what_grows(
    section: str, key: str, rows: int, fragment: str, tmp_path: Path
) -> None:
    path = _csv(tmp_path / "mine.csv", rows)
    problem = _one_line(_problem(_use_csv(path, section, key)))
    assert problem.startswith(f"'{section}.{key}': 'mine' ({path}) ")
    assert fragment in problem


def test_a_grid_larger_than_the_data_sets_the_matrix(tmp_path: Path) -> None:
    """svm_sigma_C_grid's decision function on its 150 × 150 grid."""
    path = _csv(tmp_path / "mine.csv", 20_000)

    def edit(cfg: dict) -> None:
        _use_csv(path, "svm_sigma_C_grid")(cfg)
        cfg["svm_sigma_C_grid"]["grid_points"] = 1000

    problem = _one_line(_problem(edit))
    assert "forms a 1000000 × 20000 kernel matrix (its 1000 × 1000 grid " in problem
    assert "at most 400 rows" in problem


def test_row_limits_are_the_largest_that_fit() -> None:
    for f in (None, 0.3, 0.5, 0.8):
        for grid in (0, 10_000, 22_500):
            use = Use(
                "k",
                "d",
                ANY.but(holdout=f is not None, gram="kernel matrix", grid="g"),
                (("test_fraction", f), ("g", int(grid**0.5))),
            )
            limit = row_limit(use)
            assert matrix_bytes(limit, f, grid) <= MATRIX_BYTES
            assert matrix_bytes(limit + 1, f, grid) > MATRIX_BYTES
    stumps = Use("k", "d", ANY.but(family="stumps"))
    limit = row_limit(stumps, n_features=30)
    assert family_bytes(limit, 60) <= FAMILY_BYTES < family_bytes(limit + 1, 60)
    slow = Use("k", "d", ANY.but(gram="kernel matrix", max_rows=10))
    assert row_limit(slow) == 10


def test_a_generated_dataset_too_large_for_a_study_is_refused() -> None:
    """The same limits hold for generated data (their sizes follow from the
    generators' parameters)."""
    problem = _one_line(
        _problem(lambda c: c["datasets"]["moons"].update(n_samples=3000))
    )
    assert problem.startswith(
        "'loo_vs_sv_bound.datasets': 'moons' has 3000 rows; this study re-solves "
        "the SVM once per point"
    )


# --------------------------------------------------------------------------
# 3. Too few points of a class
# --------------------------------------------------------------------------


def test_a_two_row_csv_is_refused_before_knn_k_runs(tmp_path: Path) -> None:
    """It died in its job with "X has no samples (shape (0, 2))"."""
    path = _csv(tmp_path / "mine.csv", 2)
    problem = _one_line(_problem(_use_csv(path, "knn_k")))
    assert problem == (
        f"'knn_k.dataset': 'mine' ({path}) has 1 of class 0 (1 to train on, 0 held "
        "out) and 1 of class 1 (1 to train on, 0 held out); this study holds out "
        "0.5 of each class (test_fraction) and needs 1 of each class in both "
        "parts: at least 2 of each class"
    )


@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (
            lambda c: c["datasets"]["moons_label_noise"].update(
                n_samples=16, label_noise=0.0
            ),
            "'sigma_bias_variance.dataset': 'moons_label_noise' has 8 of class -1 "
            "(4 to train on, 4 held out) and 8 of class +1 (4 to train on, 4 held "
            "out); this study holds out 0.5 of each class (test_fraction) and "
            "needs 1 of each class in the test part and 5 in the training part (to "
            "cross-validate with 5 folds): at least 9 of each class",
        ),
        (
            lambda c: c["datasets"]["interval"].update(n_samples=6),
            "'gaussian_oscillation.dataset': 'interval' has ",
        ),
        (
            lambda c: c["datasets"]["sparse_many"].update(n_samples=8),
            "'stepwise_stopping.datasets': 'sparse_many' has 8 rows (4 to train on, "
            "4 held out); this study holds out 0.5 at random (test_fraction) and "
            "needs 2 rows in the test part and 5 in the training part (to "
            "cross-validate with 5 folds): at least 9 rows",
        ),
        (
            lambda c: (
                c["datasets"].update(
                    tiny={
                        "generator": "sparse_regression",
                        "n_samples": 4,
                        "n_features": 1,
                        "n_informative": 1,
                    }
                )
                or set_in("subset_selection", "trap", "tiny")(c)
            ),
            "'subset_selection.trap': 'tiny' has 4 rows; this study needs 5 rows "
            "(to cross-validate with 5 folds)",
        ),
        (
            lambda c: (
                c["datasets"]["sparse_many"].update(n_samples=30, n_features=30)
                or set_in("subset_selection", "dataset", "sparse_many")(c)
            ),
            "'subset_selection.dataset': 'sparse_many' has 30 rows and 30 features; "
            "this study needs at least 32 rows (its z-scores estimate σ² by "
            "RSS/(m − d − 1))",
        ),
        (
            lambda c: c["datasets"]["moons"].update(n_samples=2),
            "'loo_vs_sv_bound.datasets': 'moons' has 1 of class -1 and 1 of class "
            "+1; this study needs 2 of each class (leaving one point out must "
            "leave both classes)",
        ),
    ],
    ids=[
        "split-and-folds",
        "folds",
        "regression-split",
        "regression-folds",
        "rows-beyond-features",
        "loo",
    ],
)
def test_too_few_generated_points_are_named(edit: Any, fragment: str) -> None:
    assert fragment in _one_line(_problem(edit))


def test_a_generated_dataset_at_its_smallest_passes() -> None:
    # cv_model_selection holds out 0.8: 23 of each class leave 5 to train on.
    assert (
        _problem(
            lambda c: c["datasets"]["moons_label_noise_cv"].update(
                n_samples=46, label_noise=0.0
            )
        )
        is None
    )
    problem = _problem(
        lambda c: c["datasets"]["moons_label_noise_cv"].update(
            n_samples=44, label_noise=0.0
        )
    )
    assert "'cv_model_selection.dataset'" in _one_line(problem)
    assert "at least 23 of each class" in problem


# --------------------------------------------------------------------------
# K classes
# --------------------------------------------------------------------------


def test_each_of_the_ten_digits_has_the_points_a_split_needs() -> None:
    """A study that takes K classes (boosting_the_margin) reads the ten
    digits; one that separates two refuses them before its counts."""

    def edit(cfg: dict) -> None:
        cfg["datasets"]["ten"] = {"generator": "digits"}
        cfg["boosting_the_margin"]["datasets"] = ["ten"]

    assert _problem(edit) is None

    def two(cfg: dict) -> None:
        cfg["datasets"]["ten"] = {"generator": "digits"}
        cfg["cv_model_selection"]["dataset"] = "ten"

    assert _problem(two) == (
        "'cv_model_selection.dataset': 'ten' has 10 classes, but this study "
        "separates two classes"
    )


def test_each_of_k_classes_needs_the_points_of_a_class(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fewest points of a class, over K classes: the classes short of
    the need are named, by their names."""
    monkeypatch.setitem(
        datasets.GENERATOR_TABLE,
        "three",
        datasets.Generator(
            "three",
            make_moons,
            "classification",
            (),
            rows=41,
            n_features=2,
            label_counts=(20, 1, 20),
            classes=("a", "b", "c"),
        ),
    )
    filled, problem = checks.check(copy.deepcopy(PROJECT), SCHEMA)
    assert problem is None
    filled["datasets"]["moons"] = {"generator": "three"}
    problem = _one_line(data_checks.data_problem(filled))
    assert "'moons' has 3 classes, 1 of class b" in problem
    assert "class a" not in problem
    assert "class c" not in problem
    assert "of each class" in problem
    # 20 of each: the counts pass; the studies that read 'moons' separate two
    # classes, which the configuration check says before any count.
    monkeypatch.setitem(
        datasets.GENERATOR_TABLE,
        "three",
        dataclasses.replace(
            datasets.GENERATOR_TABLE["three"], rows=60, label_counts=(20, 20, 20)
        ),
    )
    problem = _one_line(checks.dataset_problem(filled))
    assert problem.endswith(
        "'moons' has 3 classes, but this study separates two classes"
    )


def test_a_study_that_flips_labels_refuses_k_classes() -> None:
    def edit(cfg: dict) -> None:
        cfg["datasets"]["ten"] = {"generator": "digits"}
        set_in("boosting_overfit", "dataset", "ten")(cfg)

    assert _one_line(_problem(edit)) == (
        "'boosting_overfit.dataset': 'ten' has 10 classes, but this study "
        "separates two classes"
    )


def test_label_noise_on_k_classes_is_an_unknown_key() -> None:
    def edit(cfg: dict) -> None:
        cfg["datasets"]["ten"] = {"generator": "digits", "label_noise": 0.1}

    problem = _one_line(_problem(edit))
    assert problem.startswith("unknown key 'datasets.ten.label_noise'")


@pytest.mark.parametrize("f", [0.05, 0.2, 0.3, 0.5, 0.7, 0.8, 0.95])
@pytest.mark.parametrize("extra", [1, 2, 5])
def test_split_counts_are_the_studies_splits(f: float, extra: int) -> None:
    """smallest_class is the least m_c whose stratified split leaves a test
    point and ``extra`` training points of the class."""
    use = Use(
        "k", "d", ANY.but(holdout=True, min_per_class=extra), (("test_fraction", f),)
    )
    least = smallest_class(use)
    for m in range(1, least + 40):
        y = np.r_[np.ones(m), -np.ones(50)]
        train, test = train_test_split(y, f, seed=0)
        counts = (int(np.sum(y[train] > 0)), int(np.sum(y[test] > 0)))
        assert counts == split_counts(m, f)
        assert (counts[0] >= extra and counts[1] >= 1) == (m >= least)


def test_a_need_can_name_the_argument_of_its_holdout() -> None:
    """One dataset of a study split by a fraction of its own (poly_degree's
    ``noisy_test_fraction``): the check reads that argument, not
    ``test_fraction``."""
    args = (("test_fraction", 0.5), ("noisy_test_fraction", 0.95))
    own = Use("k", "d", ANY.but(holdout="noisy_test_fraction"), args)
    shared = Use("k", "d", ANY.but(holdout=True), args)
    assert (own.test_fraction, shared.test_fraction) == (0.95, 0.5)
    assert Use("k", "d", ANY, args).test_fraction is None
    # 95 % held out leaves one training point of a class of 20, 50 % ten.
    assert smallest_class(own) > smallest_class(shared)


@pytest.mark.parametrize("f", [0.2, 0.5, 0.8])
def test_regression_split_counts_are_random_splits(f: float) -> None:
    use = Use("k", "d", REGRESSION.but(holdout=True), (("test_fraction", f),))
    least = smallest_class(use, regression=True)
    for m in range(2, least + 20):
        try:
            train, test = random_split(m, f, 0)
        except ValueError:
            assert m < least
        else:
            assert m >= least
            assert (len(train), len(test)) == split_counts(m, f)


# --------------------------------------------------------------------------
# 4, 5. What a CSV looks like; values whose squares overflow
# --------------------------------------------------------------------------


def test_a_semicolon_csv_is_named_as_such(tmp_path: Path) -> None:
    """It was reported as having 1 feature where knn_k needs 2."""
    path = tmp_path / "mine.csv"
    path.write_text("x1;x2;label\n1,5;2;1\n3;4;0\n")
    problem = _one_line(_problem(_use_csv(path, "knn_k")))
    assert problem.startswith(f"'datasets.mine': {path}: no 'label' column: ")
    assert "('x1;x2;label')" in problem
    assert "separate its columns with ';' (semicolons)" in problem
    assert "features" not in problem


def test_a_byte_order_mark_before_label_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "mine.csv"
    rows = "".join(f"{i % 2},{i}.5,{-i}.25\n" for i in range(40))
    path.write_bytes(b"\xef\xbb\xbf" + ("label,x1,x2\n" + rows).encode())
    assert _problem(_use_csv(path, "knn_k")) is None


def test_values_whose_squares_overflow_are_refused_at_the_check(
    tmp_path: Path,
) -> None:
    """K14's "1-NN makes no training error" read 0.85 on features near 1e199."""
    path = _csv(tmp_path / "mine.csv", 40, big=(7, 1, "1e199"))
    problem = _one_line(_problem(_use_csv(path, "knn_k")))
    assert problem.startswith(
        f"'datasets.mine': {path}, line 9, column 'x2': 1e199 is too large: squared "
        "distances between 40 points in 2 dimensions would overflow float64"
    )


def test_a_feature_named_flipped_passes_the_check(tmp_path: Path) -> None:
    path = tmp_path / "mine.csv"
    rows = "".join(f"{i}.5,{i % 3},{i % 2}\n" for i in range(40))
    path.write_text("x1,flipped,label\n" + rows)
    assert _problem(_use_csv(path, "knn_k")) is None


def test_a_csv_no_study_reads_is_left_to_its_job(tmp_path: Path) -> None:
    """Only the CSVs a study reads are read by the check (the dataset job of
    another still refuses it, naming its line)."""
    path = _csv(tmp_path / "mine.csv", 4, big=(1, 0, "oops"))
    assert (
        _problem(
            lambda c: c["datasets"].update(mine={"generator": "csv", "path": str(path)})
        )
        is None
    )


# --------------------------------------------------------------------------
# Every study runs on the smallest data its check lets through
# --------------------------------------------------------------------------


def _small_plan() -> Plan:
    cfg = project_config(PROFILE_FILES["small"])
    filled, problem = checks.check(cfg, SCHEMA)
    assert problem is None
    return Plan(filled)


def _smallest_data(need: Need, use: Use, seed: int = 0) -> Dataset:
    if need.task == "regression":
        d = 4  # the generator makes two rows at least
        m = max(smallest_class(use, regression=True), d + need.beyond_features, 2)
        return make_sparse_regression(n_samples=m, n_features=d, n_informative=2)
    per_class = smallest_class(use)
    n = need.n_features or 2
    moons = make_moons(n_samples=2 * per_class, noise=0.2, seed=seed)
    X = moons.X[:, :1] if n == 1 else moons.X
    return Dataset(X, moons.y, tuple(f"x{j + 1}" for j in range(n)))


_SMALL_CFG = _small_plan().cfg
#: The experiments whose runs read datasets.
READERS = [
    exp.name
    for exp in EXPERIMENTS
    if any(run.data for run in exp.runs(_SMALL_CFG).values())
]


@pytest.mark.parametrize("name", READERS)
def test_every_study_runs_on_the_smallest_data_it_is_let_through(name: str) -> None:
    """Each study, with the small configuration's settings, on balanced data
    of exactly the fewest points of each class its need admits (after its
    split and for its folds; regression: rows, and features + its margin)."""
    plan = Plan(_SMALL_CFG)
    exp = experiment(name)
    run = next(iter(plan.runs(exp).values()))
    data: dict[str, Any] = {}
    for argument, refs in run.data.items():
        group = refs if isinstance(refs, tuple) else (refs,)
        made = {}
        for ref in group:
            args = tuple((k, run.args[k]) for k in data_checks._arguments(ref.need))
            made[ref.name] = _smallest_data(
                ref.need, Use(ref.key, ref.name, ref.need, args)
            )
        data[argument] = made if isinstance(refs, tuple) else made[group[0].name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        resolve(exp.study)(**data, **dict(run.args))
