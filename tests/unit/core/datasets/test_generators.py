"""The generators' descriptions (marginlab.core.datasets.generators): each agrees
with its function (keywords, defaults) and with the data it makes (rows,
features, task, classes), so that what is read off the table without making
the data is what the data are; make_dataset, its label noise and its errors;
the configuration schema's generators."""

from __future__ import annotations

import copy
import inspect
import re
from pathlib import Path

import numpy as np
import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from marginlab.core.datasets import (
    GENERATOR_TABLE,
    GENERATORS,
    Dataset,
    DatasetError,
    class_counts,
    data_file,
    dataset_rows,
    dataset_shape,
    flip_labels,
    generator_of,
    make_dataset,
    make_forward_trap,
    make_moons,
    make_three_discs,
    make_triangle,
)
from marginlab.pipeline import config as checks

from ...pipeline.test_config import MINIMAL, SCHEMA
from .conftest import BREIMAN, BREIMAN_AND_DIGITS, DIGITS, FAST, SEEDS, write_csv

#: Small, odd sizes of every generator the tests can make (the letter data
#: are downloaded: tests/unit/core/datasets/test_letter.py; a CSV is below).
SMALL: dict[str, dict[str, object]] = {
    "xor": {"n_samples": 13, "noise": 0.1},
    "circles": {"n_samples": 13},
    "moons": {"n_samples": 13},
    "blobs": {"n_samples": 13, "n_features": 3},
    "three_clusters": {"n_samples": 13},
    "interval": {"n_samples": 13},
    "triangle": {"n_inside": 5},
    "three_discs": {"n_per_cluster": 5, "left_factor": 2},
    "sparse_regression": {"n_samples": 13, "n_features": 4},
    "forward_trap": {"n_samples": 13},
    "twonorm": {"n_samples": 13, "n_features": 3},
    "threenorm": {"n_samples": 13, "n_features": 3},
    "ringnorm": {"n_samples": 13, "n_features": 3},
    "waveform": {"n_samples": 13},
    "breast_cancer": {},
    "diabetes": {},
    "digits_1_7": {},
    "digits_4_9": {},
    "digits": {},
}


def test_the_table_is_keyed_by_its_names_and_every_generator_is_tried() -> None:
    assert all(name == g.name for name, g in GENERATOR_TABLE.items())
    assert set(GENERATOR_TABLE) - set(SMALL) == {"letter", "csv"}
    assert {name: g.make for name, g in GENERATOR_TABLE.items()} == GENERATORS


@pytest.mark.parametrize("name", list(GENERATOR_TABLE))
def test_the_keys_are_the_functions_keywords_with_their_defaults(name: str) -> None:
    """Every key but ``label_noise`` is a keyword of the function, with the
    function's default, of the same type (0 is not 0.0 in the filled
    configuration); a key without a default is one the function needs."""
    generator = GENERATOR_TABLE[name]
    signature = inspect.signature(generator.make).parameters
    for p in generator.parameters:
        if p.name == "label_noise":
            assert (p.kind, p.default) == ("rate", 0.0)
            continue
        assert p.name in signature, p.name
        default = signature[p.name].default
        if p.required:
            assert default is inspect.Parameter.empty, p.name
        else:
            assert (type(p.default), p.default) == (type(default), default), p.name


def _noisy(name: str) -> bool:
    return any(p.name == "label_noise" for p in GENERATOR_TABLE[name].parameters)


@pytest.mark.parametrize("name", list(GENERATOR_TABLE))
def test_label_noise_is_offered_for_two_classes_only(name: str) -> None:
    """Not for regression, nor for K classes (a flip is defined for two)."""
    generator = GENERATOR_TABLE[name]
    if generator.task == "regression":
        assert not _noisy(name)
        assert generator.label_counts is None
        assert generator.classes is None
    elif generator.classes is not None:
        assert not _noisy(name)
    elif name != "letter":  # the downloaded data: as the schema had it
        assert _noisy(name)


#: (name, label_noise) of every forecast tried: each generator as it is, and
#: each generator that offers label noise with flipped labels.
FORECASTS = [(name, 0.0) for name in SMALL] + [
    (name, 0.2) for name in SMALL if _noisy(name)
]


@pytest.mark.parametrize(("name", "label_noise"), FORECASTS)
def test_the_forecasts_are_what_make_dataset_gives(
    name: str, label_noise: float
) -> None:
    spec = {"generator": name, **SMALL[name]}
    if label_noise:
        spec["label_noise"] = label_noise
    data = make_dataset(spec)
    assert dataset_rows(spec) == data.n_samples
    shape = dataset_shape(spec)
    assert (shape.n_features, shape.task) == (data.X.shape[1], data.task)
    if data.task == "regression":
        with pytest.raises(DatasetError, match="regression data, not classes"):
            class_counts(spec)
        return
    if data.classes is not None:  # K classes: by name, in the codes' order
        counts = np.bincount(data.y.astype(int), minlength=len(data.classes))
        assert class_counts(spec) == dict(zip(data.classes, counts, strict=True))
        assert GENERATOR_TABLE[name].classes == data.classes
        return
    positive = int(np.count_nonzero(data.y > 0))
    assert class_counts(spec) == {"-1": data.n_samples - positive, "+1": positive}


def test_the_defaults_make_the_forecast_shape() -> None:
    """Keys left out take the table's defaults in the forecasts, as in the
    functions."""
    for name in ("moons", "three_discs", "twonorm", "waveform"):
        spec = {"generator": name}
        data = make_dataset(spec)
        assert dataset_rows(spec) == data.n_samples
        assert dataset_shape(spec).n_features == data.X.shape[1]


@pytest.mark.parametrize(
    ("spec", "rows", "counts"),
    [
        ({"generator": "letter", "part": "train"}, 16_000, {"-1": 8041, "+1": 7959}),
        ({"generator": "letter", "part": "test"}, 4_000, {"-1": 2019, "+1": 1981}),
    ],
)
def test_the_letter_parts_are_known_without_downloading(
    spec: dict, rows: int, counts: dict
) -> None:
    assert dataset_rows(spec) == rows
    assert class_counts(spec) == counts
    assert dataset_shape(spec).n_features == 16


#: Rows of each letter, A to Z, in the 20 000 rows of letter-recognition.data,
#: as the UCI repository's letter-recognition.names gives its class
#: distribution.
UCI_LETTERS = (
    789, 766, 736, 805, 768, 775, 773, 734, 755, 747, 739, 761, 792,
    783, 753, 803, 783, 758, 748, 796, 813, 764, 752, 787, 786, 734,
)  # fmt: skip


def test_the_26_letter_parts_are_known_without_downloading() -> None:
    """Per part, counted on the pinned file: they add up to the UCI totals,
    to the parts' rows, and over A-M and N-Z to the two-class counts."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    counts = {}
    for part, rows in (("train", 16_000), ("test", 4_000)):
        spec = {"generator": "letter", "part": part, "classes": "A-Z"}
        counts[part] = class_counts(spec)
        assert list(counts[part]) == list(alphabet)
        assert sum(counts[part].values()) == dataset_rows(spec) == rows
        assert dataset_shape(spec).n_features == 16
        two = class_counts({"generator": "letter", "part": part})
        assert two == {
            "-1": sum(counts[part][c] for c in alphabet[13:]),
            "+1": sum(counts[part][c] for c in alphabet[:13]),
        }
    assert tuple(counts["train"][c] + counts["test"][c] for c in alphabet) == (
        UCI_LETTERS
    )
    assert class_counts(
        {"generator": "letter", "part": "test", "classes": "A-M/N-Z"}
    ) == class_counts({"generator": "letter", "part": "test"})


def test_the_letter_classes_must_be_named() -> None:
    message = "generator 'letter': 'classes' must be 'A-M/N-Z' or 'A-Z', got '26'"
    with pytest.raises(DatasetError, match=f"^{re.escape(message)}$"):
        class_counts({"generator": "letter", "part": "train", "classes": "26"})


def test_a_letter_part_must_be_named() -> None:
    message = "generator 'letter': 'part' must be 'train' or 'test', got 'valid'"
    with pytest.raises(DatasetError, match=f"^{re.escape(message)}$"):
        dataset_rows({"generator": "letter", "part": "valid"})


@pytest.mark.parametrize("spec", [{"generator": "spirals"}, {}])
def test_an_unknown_generator_is_named_everywhere(spec: dict) -> None:
    message = f"unknown generator {spec.get('generator')!r}; expected one of "
    for read in (generator_of, make_dataset, dataset_rows, dataset_shape):
        with pytest.raises(DatasetError, match=f"^{re.escape(message)}"):
            read(spec)


def test_a_user_csv_is_read_from_its_file(tmp_path) -> None:
    path = tmp_path / "mine.csv"
    path.write_text("a,label,b\n1,yes,2\n3,no,4\n5,yes,6\n")
    spec = {"generator": "csv", "path": str(path)}
    assert data_file(spec) == str(path)
    assert data_file({"generator": "moons"}) is None
    assert data_file({"generator": "spirals"}) is None
    assert dataset_rows(spec) == 3
    assert dataset_shape(spec).n_features == 2
    assert class_counts(spec) == {"no": 1, "yes": 2}


#: Small arguments for every seeded generator (noise > 0 where X depends on it).
GENERATED: dict[str, dict[str, object]] = {
    "xor": {"n_samples": 40, "noise": 0.1},
    "circles": {"n_samples": 40, "noise": 0.05},
    "moons": {"n_samples": 40},
    "blobs": {"n_samples": 40, "n_features": 3},
    "three_clusters": {"n_samples": 30},
    "interval": {"n_samples": 30},
    "triangle": {"n_inside": 10},
    "three_discs": {"n_per_cluster": 10},
    "sparse_regression": {"n_samples": 40, "n_features": 6},
    "forward_trap": {"n_samples": 40},
    "twonorm": {"n_samples": 40, "n_features": 4},
    "threenorm": {"n_samples": 40, "n_features": 4},
    "ringnorm": {"n_samples": 40, "n_features": 4},
    "waveform": {"n_samples": 30},
}


REAL = ("breast_cancer", "diabetes", "digits_1_7", "digits_4_9", "digits")


#: Not made here: a user's CSV (below) and the downloaded letter data
#: (tests/unit/core/datasets/test_letter.py, against a local server).
ELSEWHERE = {"csv", "letter"}


REGRESSION = ("sparse_regression", "forward_trap", "diabetes")


#: The generators whose size is ``n_samples`` (the others count by group).
SIZED = sorted(
    name
    for name in GENERATED
    if "n_samples" in inspect.signature(GENERATORS[name]).parameters
)


def _spec(name: str, **extra: object) -> dict[str, object]:
    return {"generator": name, **GENERATED.get(name, {}), **extra}


def test_every_generator_is_covered() -> None:
    assert set(GENERATORS) - ELSEWHERE == set(GENERATED) | set(REAL)


@pytest.mark.parametrize("name", sorted(set(GENERATORS) - ELSEWHERE))
def test_generator_output_is_well_formed(name: str) -> None:
    data = make_dataset(_spec(name))
    X, y = data.X, data.y
    assert isinstance(data, Dataset)
    assert X.dtype == np.float64
    assert X.ndim == 2
    assert X.shape[0] > 0
    assert X.shape[1] > 0
    assert np.isfinite(X).all()
    assert y.shape == (X.shape[0],)
    assert y.dtype == np.float64
    assert np.isfinite(y).all()
    assert len(data.feature_names) == X.shape[1]
    assert len(set(data.feature_names)) == X.shape[1]
    assert data.flipped is None
    assert data.n_samples == X.shape[0]
    if name in REGRESSION:
        assert data.task == "regression"
        assert data.classes is None
    elif data.classes is None:
        assert data.task == "classification"
        assert set(np.unique(y)) == {-1.0, 1.0}
    else:  # K classes: every code 0, ..., K - 1
        assert data.task == "classification"
        assert len(data.classes) >= 3
        np.testing.assert_array_equal(np.unique(y), np.arange(len(data.classes)))


def test_the_generators_without_n_samples() -> None:
    assert set(GENERATED) - set(SIZED) == {"triangle", "three_discs"}


@pytest.mark.parametrize("name", SIZED)
def test_generator_n_samples_is_respected(name: str) -> None:
    data = make_dataset(_spec(name, n_samples=12))
    assert data.X.shape[0] == 12


@pytest.mark.parametrize(
    ("spec", "m"),
    [
        ({"generator": "triangle", "n_inside": 7}, 21),
        ({"generator": "three_discs", "n_per_cluster": 7}, 35),
        ({"generator": "three_discs", "n_per_cluster": 7, "left_factor": 1}, 21),
    ],
)
def test_generator_group_sizes_are_respected(spec: dict[str, object], m: int) -> None:
    assert make_dataset(spec).X.shape == (m, 2)


@pytest.mark.parametrize("name", sorted(GENERATED))
@FAST
@given(seed=SEEDS)
def test_generator_is_deterministic_in_seed(name: str, seed: int) -> None:
    a = make_dataset(_spec(name, seed=seed))
    b = make_dataset(_spec(name, seed=seed))
    np.testing.assert_array_equal(a.X, b.X)
    np.testing.assert_array_equal(a.y, b.y)
    assert a.feature_names == b.feature_names
    other = make_dataset(_spec(name, seed=seed + 1))
    assert not np.array_equal(a.X, other.X)


@pytest.mark.parametrize("name", REAL)
def test_real_loaders_take_no_seed(name: str) -> None:
    with pytest.raises(DatasetError, match=f"generator '{name}'.*seed"):
        make_dataset({"generator": name, "seed": 0})


@pytest.mark.parametrize(
    ("spec", "direct"),
    [
        (
            {"generator": "triangle", "n_inside": 40, "seed": 26},
            lambda: make_triangle(40, seed=26),
        ),
        (
            {"generator": "triangle", "n_inside": 5, "gap": 0.1, "pad": 0.3},
            lambda: make_triangle(5, 0.1, 0.3),
        ),
        (
            {"generator": "three_discs", "n_per_cluster": 40, "seed": 27},
            lambda: make_three_discs(40, seed=27),
        ),
        (
            {
                "generator": "three_discs",
                "n_per_cluster": 6,
                "radius": 0.9,
                "left_factor": 1,
                "seed": 3,
            },
            lambda: make_three_discs(6, 0.9, 1, 3),
        ),
        (
            {
                "generator": "forward_trap",
                "n_samples": 100,
                "delta": 0.5,
                "proxy_noise": 1.0,
                "noise": 0.3,
                "seed": 28,
            },
            lambda: make_forward_trap(100, 0.5, 1.0, 0.3, 28),
        ),
    ],
    ids=["triangle", "triangle-gap", "three_discs", "three_discs-radius", "trap"],
)
def test_make_dataset_is_the_generator(spec: dict[str, object], direct) -> None:
    a, b = make_dataset(spec), direct()
    assert (a.feature_names, a.task, a.flipped) == (b.feature_names, b.task, None)
    np.testing.assert_array_equal(a.X, b.X)
    np.testing.assert_array_equal(a.y, b.y)


def test_the_config_s_generated_examples() -> None:
    """What the pipeline's B9, S3 and S4 data were before they became datasets
    (config.yaml's triangle, three_discs and forward_trap)."""
    triangle = make_dataset({"generator": "triangle", "n_inside": 40, "seed": 26})
    assert triangle.X.shape == (120, 2)
    assert triangle.y[:40].tolist() == [1.0] * 40
    assert triangle.y[40:].tolist() == [-1.0] * 80
    discs = make_dataset({"generator": "three_discs", "n_per_cluster": 40, "seed": 27})
    assert discs.X.shape == (200, 2)
    x1 = discs.X[:, 0]
    assert [(x1 < -1).sum(), ((x1 >= -1) & (x1 <= 1)).sum(), (x1 > 1).sum()] == [
        120,
        40,
        40,
    ]
    assert (discs.y == -1).sum() == 40
    trap = make_dataset(
        {
            "generator": "forward_trap",
            "n_samples": 100,
            "delta": 0.5,
            "proxy_noise": 1.0,
            "noise": 0.3,
            "seed": 28,
        }
    )
    assert (trap.X.shape, trap.task) == ((100, 3), "regression")
    # x1 is the best single feature, yet x2 and x3 are strongly correlated.
    r = np.corrcoef(np.column_stack([trap.X, trap.y]), rowvar=False)
    assert np.argmax(np.abs(r[:3, 3])) == 0
    assert r[1, 2] > 0.8


@FAST
@given(rate=st.floats(0.01, 0.49), seed=st.integers(0, 10**6))
def test_make_dataset_label_noise_uses_seed_plus_one(rate: float, seed: int) -> None:
    data = make_dataset(
        {"generator": "moons", "n_samples": 50, "label_noise": rate, "seed": seed}
    )
    expected = flip_labels(make_moons(n_samples=50, seed=seed), rate, seed=seed + 1)
    np.testing.assert_array_equal(data.y, expected.y)
    np.testing.assert_array_equal(data.flipped, expected.flipped)


def test_make_dataset_label_noise_on_real_data() -> None:
    data = make_dataset({"generator": "breast_cancer", "label_noise": 0.1})
    assert data.flipped is not None
    assert int(data.flipped.sum()) == round(0.1 * 569)


def test_make_dataset_zero_label_noise_records_nothing() -> None:
    assert make_dataset({"generator": "xor", "label_noise": 0.0}).flipped is None


@pytest.mark.parametrize("spec", [{"generator": "nope"}, {}, {"n_samples": 3}])
def test_make_dataset_unknown_generator(spec: dict[str, object]) -> None:
    with pytest.raises(DatasetError, match=r"unknown generator .*expected one of"):
        make_dataset(spec)


@pytest.mark.parametrize(
    ("spec", "generator", "keyword"),
    [
        ({"generator": "xor", "margin": 1}, "xor", "margin"),
        ({"generator": "moons", "spread": 0.1}, "moons", "spread"),
        ({"generator": "csv", "path": "x.csv", "seed": 1}, "csv", "seed"),
        ({"generator": "csv"}, "csv", "path"),
        ({"generator": "triangle", "n_samples": 9}, "triangle", "n_samples"),
        ({"generator": "three_discs", "n_samples": 9}, "three_discs", "n_samples"),
        ({"generator": "forward_trap", "margin": 1}, "forward_trap", "margin"),
    ],
)
def test_make_dataset_bad_keyword(
    spec: dict[str, object], generator: str, keyword: str
) -> None:
    with pytest.raises(DatasetError, match=f"generator '{generator}': .*'{keyword}'"):
        make_dataset(spec)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            {"generator": "xor", "n_samples": 0},
            "The 'n_samples' parameter of make_xor must be an int in the range "
            "[4, inf). Got 0.",
        ),
        (
            {"generator": "xor", "noise": -1},
            "The 'noise' parameter of make_xor must be a float in the range "
            "[0, inf). Got -1.",
        ),
        (
            {"generator": "blobs", "margin": 0},
            "The 'margin' parameter of make_blobs must be a float in the range "
            "(0, inf). Got 0.",
        ),
        (
            {"generator": "circles", "n_samples": 2.5},
            "The 'n_samples' parameter of make_circles must be an int in the range "
            "[2, inf). Got 2.5.",
        ),
        (
            {"generator": "three_clusters", "spread": 0.0},
            "The 'spread' parameter of make_three_clusters must be a float in the "
            "range (0, inf). Got 0.0.",
        ),
        (
            {"generator": "blobs", "n_features": 0},
            "The 'n_features' parameter of make_blobs must be an int in the range "
            "[1, inf). Got 0.",
        ),
        (
            {"generator": "triangle", "n_inside": 0},
            "The 'n_inside' parameter of make_triangle must be an int in the range "
            "[1, inf). Got 0.",
        ),
        (
            {"generator": "triangle", "gap": 1.0},
            "The 'gap' parameter of make_triangle must be a float in the range "
            "[0, 1). Got 1.0.",
        ),
        (
            {"generator": "triangle", "gap": 0.5, "pad": 0.5},
            "The 'pad' parameter of make_triangle must be a float in the range "
            "(0.5, inf). Got 0.5.",
        ),
        (
            {"generator": "three_discs", "n_per_cluster": 0},
            "The 'n_per_cluster' parameter of make_three_discs must be an int in "
            "the range [1, inf). Got 0.",
        ),
        (
            {"generator": "three_discs", "radius": 1.0},
            "The 'radius' parameter of make_three_discs must be a float in the "
            "range (0, 1). Got 1.0.",
        ),
        (
            {"generator": "three_discs", "radius": 0},
            "The 'radius' parameter of make_three_discs must be a float in the "
            "range (0, 1). Got 0.",
        ),
        (
            {"generator": "three_discs", "left_factor": 1.5},
            "The 'left_factor' parameter of make_three_discs must be an int in "
            "the range [1, inf). Got 1.5.",
        ),
        (
            {"generator": "forward_trap", "n_samples": 5},
            "The 'n_samples' parameter of make_forward_trap must be an int in the "
            "range (5, inf). Got 5.",
        ),
        (
            {"generator": "forward_trap", "delta": 0},
            "The 'delta' parameter of make_forward_trap must be a float in the "
            "range (0, inf). Got 0.",
        ),
        (
            {"generator": "forward_trap", "noise": -0.1},
            "The 'noise' parameter of make_forward_trap must be a float in the "
            "range [0, inf). Got -0.1.",
        ),
        (
            {"generator": "moons", "label_noise": 0.5},
            "The 'label_noise' parameter of flip_labels must be a float in the "
            "range [0, 0.5). Got 0.5.",
        ),
    ],
)
def test_make_dataset_invalid_values(spec: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$") as info:
        make_dataset(spec)
    assert not isinstance(info.value, DatasetError)


@pytest.mark.parametrize("seed", ["abc", True, 1.5])
def test_make_dataset_invalid_seed(seed: object) -> None:
    with pytest.raises(ValueError, match="random_state must be"):
        make_dataset({"generator": "moons", "seed": seed})


@pytest.mark.parametrize(
    "spec",
    [
        {"generator": "xor", "n_samples": 8},
        {"generator": "circles", "n_samples": 20},
        {"generator": "moons", "n_samples": 20},
        {"generator": "blobs", "n_samples": 20},
        {"generator": "blobs", "n_samples": 20, "n_features": 5},
        {"generator": "three_clusters", "n_samples": 30},
        {"generator": "interval", "n_samples": 20},
        {"generator": "triangle", "n_inside": 4},
        {"generator": "three_discs", "n_per_cluster": 4},
        {"generator": "forward_trap", "n_samples": 20},
        {"generator": "sparse_regression", "n_samples": 20},
        {"generator": "sparse_regression", "n_samples": 20, "n_features": 4},
        {"generator": "breast_cancer"},
        {"generator": "diabetes"},
    ],
    ids=lambda spec: "-".join(str(v) for v in spec.values()),
)
def test_dataset_shape_is_the_shape_make_dataset_gives(spec: dict) -> None:
    from marginlab.core.datasets import dataset_shape

    data = make_dataset(spec)
    shape = dataset_shape(spec)
    assert (shape.n_features, shape.task) == (data.X.shape[1], data.task)


def test_dataset_shape_of_a_user_csv_reads_only_its_header(tmp_path: Path) -> None:
    from marginlab.core.datasets import dataset_shape

    path = tmp_path / "mine.csv"
    # A broken second row: the shape needs the header only.
    path.write_text("\n a , label , b \n1,oops\n")
    shape = dataset_shape({"generator": "csv", "path": str(path)})
    assert (shape.n_features, shape.task) == (2, "classification")
    with pytest.raises(DatasetError, match=r"nope\.csv: no such file"):
        dataset_shape({"generator": "csv", "path": str(tmp_path / "nope.csv")})
    (tmp_path / "empty.csv").write_text("\n\n")
    with pytest.raises(DatasetError, match="the file is empty"):
        dataset_shape({"generator": "csv", "path": str(tmp_path / "empty.csv")})
    with pytest.raises(DatasetError, match="unknown generator 'spirals'"):
        dataset_shape({"generator": "spirals"})


COUNTED = [
    {"generator": name, "n_samples": n}
    for name in ("xor", "circles", "moons", "blobs", "three_clusters")
    for n in (4, 5, 6, 7, 31)
] + [
    {"generator": "interval", "n_samples": 30},
    {"generator": "triangle", "n_inside": 7},
    {"generator": "three_discs", "n_per_cluster": 3, "left_factor": 2},
    {"generator": "three_discs"},
    {"generator": "breast_cancer"},
    {"generator": "moons", "n_samples": 31, "label_noise": 0.2, "seed": 4},
]


@pytest.mark.parametrize(
    "spec", COUNTED, ids=lambda spec: "-".join(str(v) for v in spec.values())
)
def test_rows_and_class_counts_are_those_make_dataset_gives(spec: dict) -> None:
    from marginlab.core.datasets import class_counts, dataset_rows

    data = make_dataset(spec)
    assert dataset_rows(spec) == data.n_samples
    negative = int(np.count_nonzero(data.y < 0))
    assert class_counts(spec) == {"-1": negative, "+1": data.n_samples - negative}


@pytest.mark.parametrize(
    "spec",
    [
        {"generator": "sparse_regression", "n_samples": 33},
        {"generator": "forward_trap"},
        {"generator": "diabetes"},
    ],
)
def test_rows_of_regression_data(spec: dict) -> None:
    from marginlab.core.datasets import class_counts, dataset_rows

    assert dataset_rows(spec) == make_dataset(spec).n_samples
    with pytest.raises(DatasetError, match="regression data, not classes"):
        class_counts(spec)


def test_rows_and_classes_of_a_user_csv(tmp_path: Path) -> None:
    from marginlab.core.datasets import class_counts, count_csv_rows, dataset_rows

    text = "\n x1 ,label\n1,cat\n\n2,dog\n3,dog\n  \n4,dog"  # no final newline
    path = write_csv(tmp_path / "mine.csv", text)
    spec = {"generator": "csv", "path": str(path)}
    assert count_csv_rows(path) == dataset_rows(spec) == 4
    assert class_counts(spec) == {"cat": 1, "dog": 3}
    numeric = write_csv(tmp_path / "n.csv", "x1,label\n1,0\n2,1.0\n3,1\n")
    assert class_counts({"generator": "csv", "path": str(numeric)}) == {"0": 1, "1": 2}
    with pytest.raises(DatasetError, match="no such file"):
        count_csv_rows(tmp_path / "nope.csv")


SPECS = [
    {"generator": name, "n_samples": m} for name in BREIMAN for m in (2, 3, 4, 5, 31)
] + [
    {"generator": "ringnorm", "n_samples": 9, "n_features": 3},
    {"generator": "waveform"},
    {"generator": "twonorm", "n_samples": 31, "label_noise": 0.2, "seed": 4},
    *({"generator": name} for name in DIGITS),
]


@pytest.mark.parametrize(
    "spec", SPECS, ids=lambda spec: "-".join(str(v) for v in spec.values())
)
def test_shape_rows_and_classes_are_those_make_dataset_gives(spec: dict) -> None:
    data = make_dataset(spec)
    shape = dataset_shape(spec)
    assert (shape.n_features, shape.task) == (data.X.shape[1], data.task)
    assert dataset_rows(spec) == data.n_samples
    negative = int(np.count_nonzero(data.y < 0))
    assert class_counts(spec) == {"-1": negative, "+1": data.n_samples - negative}


@pytest.mark.parametrize(
    ("spec", "keyword"),
    [
        ({"generator": "waveform", "n_features": 30}, "n_features"),
        ({"generator": "twonorm", "noise": 0.1}, "noise"),
        ({"generator": "digits_4_9", "n_samples": 10}, "n_samples"),
    ],
)
def test_unknown_keywords_are_named(spec: dict, keyword: str) -> None:
    name = spec["generator"]
    with pytest.raises(DatasetError, match=f"generator '{name}': .*'{keyword}'"):
        make_dataset(spec)


def _generator_enum() -> list[str]:
    return SCHEMA["$defs"]["dataset"]["properties"]["generator"]["enum"]


def test_the_schema_names_every_generator() -> None:
    assert sorted(_generator_enum()) == sorted(GENERATORS)


def _config(**datasets: dict) -> dict:
    cfg = yaml.safe_load(MINIMAL)
    cfg["datasets"].update(copy.deepcopy(datasets))
    return cfg


def test_every_new_name_passes_the_configuration_check() -> None:
    cfg = _config(
        **{name: {"generator": name} for name in BREIMAN_AND_DIGITS},
        twonorm_big={"generator": "twonorm", "n_samples": 100_000, "n_features": 50},
        waveform_noisy={"generator": "waveform", "label_noise": 0.1, "seed": 3},
        digits_noisy={"generator": "digits_1_7", "label_noise": 0.2},
    )
    filled, problem = checks.check(cfg, SCHEMA)
    assert problem is None
    assert filled["datasets"]["twonorm"] == {
        "generator": "twonorm",
        "n_samples": 300,
        "n_features": 20,
        "label_noise": 0.0,
        "seed": 0,
    }
    assert filled["datasets"]["digits_4_9"] == {
        "generator": "digits_4_9",
        "label_noise": 0.0,
    }


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (
            {"generator": "twonorm", "n_samples": 100_001},
            "'datasets.d.n_samples': 100001 is greater than the maximum of 100000",
        ),
        (
            {"generator": "ringnorm", "n_features": 1001},
            "'datasets.d.n_features': 1001 is greater than the maximum of 1000",
        ),
        (
            {"generator": "threenorm", "n_samples": 1},
            "'datasets.d.n_samples': 1 is less than the minimum of 2",
        ),
        (
            {"generator": "waveform", "n_features": 21},
            "unknown key 'datasets.d.n_features'",
        ),
        ({"generator": "digits_1_7", "seed": 1}, "unknown key 'datasets.d.seed'"),
        ({"generator": "digits_4_9", "label_noise": 0.5}, "'datasets.d.label_noise'"),
        (
            {"generator": "digits_3_8"},
            "'datasets.d.generator': 'digits_3_8' is not one of",
        ),
    ],
)
def test_bad_specs_are_named_in_one_line(spec: dict, expected: str) -> None:
    _, problem = checks.check(_config(d=spec), SCHEMA)
    assert problem is not None
    assert "\n" not in problem
    assert expected in problem
