"""The generators' descriptions (marginlab.core.datasets.generators): each agrees with
its function (keywords, defaults) and with the data it makes (rows, features,
task, classes), so that what is read off the table without making the data is
what the data are."""

from __future__ import annotations

import inspect
import re

import numpy as np
import pytest

from marginlab.core.datasets import (
    GENERATOR_TABLE,
    GENERATORS,
    DatasetError,
    class_counts,
    data_file,
    dataset_rows,
    dataset_shape,
    generator_of,
    make_dataset,
)

#: Small, odd sizes of every generator the tests can make (the letter data
#: are downloaded: tests/unit/core/test_letter_dataset.py; a CSV is below).
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
