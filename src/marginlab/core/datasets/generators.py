"""One description per dataset generator, and what is read from them.

:data:`GENERATOR_TABLE` holds a :class:`Generator` for each value a dataset's
``generator`` key may take: the function that makes the data, its task, the
configuration keys it takes (:class:`Parameter`: kind, bounds, default,
description), and the shape and classes of its data as functions of those
keys: two classes labelled −1 and +1, or K ≥ 3 named classes whose codes
0, …, K − 1 are the labels (``digits``; ``letter`` with ``classes: A-Z``).
Everything that needs to know a generator reads it there:

- :func:`make_dataset` makes the data of a configuration entry;
- :func:`dataset_shape`, :func:`dataset_rows` and :func:`class_counts`
  forecast them without making them, for the configuration check;
- :func:`marginlab.pipeline.dataset_schema.dataset_schema` writes the JSON
  schema of a configuration entry.

The bounds here are the configuration's (:data:`MAX_POINTS`,
:data:`MAX_FEATURES`), tighter than the functions' own checks, which stay in
the functions and name them in their messages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np

from . import csv_files
from .container import Dataset, DatasetError, Task
from .letter import LETTER_CLASSES, LETTER_PARTS, load_letter_part
from .real_data import (
    load_breast_cancer,
    load_diabetes,
    load_digits,
    load_digits_1_7,
    load_digits_4_9,
)
from .synthetic import (
    flip_labels,
    make_blobs,
    make_circles,
    make_forward_trap,
    make_interval,
    make_moons,
    make_ringnorm,
    make_sparse_regression,
    make_three_clusters,
    make_three_discs,
    make_threenorm,
    make_triangle,
    make_twonorm,
    make_waveform,
    make_xor,
)

__all__ = [
    "GENERATORS",
    "GENERATOR_TABLE",
    "MAX_FEATURES",
    "MAX_POINTS",
    "DatasetShape",
    "Generator",
    "Parameter",
    "class_counts",
    "data_file",
    "dataset_rows",
    "dataset_shape",
    "generator_of",
    "make_dataset",
]

#: Points of a dataset at most: 5 × config.yaml's largest (moons_large, 20000).
MAX_POINTS = 100_000
#: Features of a generated dataset at most.
MAX_FEATURES = 1_000

#: A configuration entry's keys with the generator's defaults filled in
#: (:meth:`Generator.arguments`).
Arguments = Mapping[str, Any]

#: Points of each class: (−1, +1) for two classes, one count per class code
#: for K classes.
Counts = tuple[int, ...]

#: The names of K classes, by code.
Names = tuple[str, ...]

Kind = Literal["integer", "number", "choice", "file", "seed", "rate"]


@dataclass(frozen=True)
class Parameter:
    """One key a generator's configuration entry may have.

    Attributes
    ----------
    name : str
        The key, which is also the keyword of the generator's function, except
        ``label_noise`` (:func:`make_dataset` flips the labels itself).
    kind : {"integer", "number", "choice", "file", "seed", "rate"}
        An integer; a finite real number; one of ``choices``; the path of a
        file to read (a non-empty string); a seed of
        :func:`numpy.random.default_rng` (32 bits); a share of labels to flip,
        in [0, ½) (:func:`~marginlab.core.datasets.synthetic.flip_labels`).
    default : int, float, str or None, default=None
        The value of a missing key, the function's own default; None for a
        key every entry must have.
    minimum, maximum : int or float, optional
        Bounds the value may reach.
    exclusive_minimum, exclusive_maximum : int or float, optional
        Bounds the value must stay strictly within.
    choices : tuple of str, default=()
        The values of a ``"choice"``.
    description : str, optional
        What the key means, where its name does not say it.
    """

    name: str
    kind: Kind
    default: int | float | str | None = None
    minimum: float | None = None
    exclusive_minimum: float | None = None
    maximum: float | None = None
    exclusive_maximum: float | None = None
    choices: tuple[str, ...] = ()
    description: str | None = None

    @property
    def required(self) -> bool:
        """Whether every entry must give the key (it has no default)."""
        return self.default is None


@dataclass(frozen=True)
class Generator:
    """One dataset generator: the keys its configuration entry takes, and the
    data they make.

    ``rows``, ``n_features``, ``label_counts`` and ``classes`` are values for
    data of a fixed size, and otherwise functions of the entry's arguments
    (the parameters' defaults, then the entry's values: :meth:`arguments`).

    Attributes
    ----------
    name : str
        The value of the entry's ``generator`` key.
    make : callable
        The function that makes the data, called with the entry's keys but
        ``generator`` and ``label_noise``.
    task : {"classification", "regression"}
    parameters : tuple of Parameter
        The keys the entry may have besides ``generator``.
    rows : int or callable
        The number of points.
    n_features : int or callable
        The number of features.
    label_counts : tuple of int, callable or None, default=None
        The points of class −1 and of class +1; for K classes, the points of
        each class code 0, …, K − 1. None where the labels are not a function
        of the parameters (drawn at random, or read from a file) and for
        regression.
    classes : tuple of str, callable or None, default=None
        The names of the K ≥ 3 classes by code, as the data's
        :attr:`Dataset.classes`; None for labels −1 and +1 and for
        regression. A K-class generator offers no ``label_noise`` (a flip is
        defined for two classes).

    Examples
    --------
    >>> triangle = GENERATOR_TABLE["triangle"]
    >>> args = triangle.arguments({"generator": "triangle", "n_inside": 10})
    >>> triangle.rows(args), triangle.n_features, triangle.label_counts(args)
    (30, 2, (20, 10))
    """

    name: str
    make: Callable[..., Dataset]
    task: Task
    parameters: tuple[Parameter, ...]
    rows: int | Callable[[Arguments], int]
    n_features: int | Callable[[Arguments], int]
    label_counts: Counts | Callable[[Arguments], Counts] | None = None
    classes: Names | Callable[[Arguments], Names | None] | None = None

    def arguments(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        """The parameters' defaults, then the values ``spec`` gives them (its
        other keys are left out)."""
        names = {p.name for p in self.parameters}
        defaults = {p.name: p.default for p in self.parameters if not p.required}
        return defaults | {k: v for k, v in spec.items() if k in names}

    def file(self, args: Arguments) -> str | None:
        """The file the data are read from (its ``"file"`` parameter), or None
        for generated and bundled data.

        Raises
        ------
        KeyError
            When ``args`` lacks the file parameter.
        """
        for p in self.parameters:
            if p.kind == "file":
                return args[p.name]
        return None


def _value(fact: Any, args: Arguments) -> Any:
    """A fact of a :class:`Generator`: itself, or its value at ``args``."""
    return fact(args) if callable(fact) else fact


# -- the parameters -----------------------------------------------------------

_SEED = Parameter("seed", "seed", default=0)
_LABEL_NOISE = Parameter("label_noise", "rate", default=0.0)


def _n_samples(
    default: int, minimum: int = 2, description: str | None = None
) -> Parameter:
    return Parameter(
        "n_samples",
        "integer",
        default,
        minimum=minimum,
        maximum=MAX_POINTS,
        description=description,
    )


def _n_features(default: int, description: str | None = None) -> Parameter:
    return Parameter(
        "n_features",
        "integer",
        default,
        minimum=1,
        maximum=MAX_FEATURES,
        description=description,
    )


def _noise(default: float) -> Parameter:
    return Parameter("noise", "number", default, minimum=0)


def _positive(name: str, default: float, description: str | None = None) -> Parameter:
    return Parameter(
        name, "number", default, exclusive_minimum=0, description=description
    )


# -- the shapes and classes -----------------------------------------------------


def _rows(args: Arguments) -> int:
    return int(args["n_samples"])


def _features(args: Arguments) -> int:
    return int(args["n_features"])


def _alternating(args: Arguments) -> tuple[int, int]:
    """Labels −1, +1, −1, … (:func:`~marginlab.core.datasets.synthetic.make_moons`)."""
    m = _rows(args)
    return (m + 1) // 2, m // 2


def _xor_counts(args: Arguments) -> tuple[int, int]:
    """Corners 0 and 2 of the cycle of four are +1."""
    m = _rows(args)
    return m // 2, (m + 1) // 2


def _three_clusters_counts(args: Arguments) -> tuple[int, int]:
    """The middle cluster, point i ≡ 1 (mod 3), is −1."""
    m = _rows(args)
    return (m + 1) // 3, m - (m + 1) // 3


def _waveform_counts(args: Arguments) -> tuple[int, int]:
    """Wave class 1, point i ≡ 0 (mod 3), is +1."""
    m = _rows(args)
    return m - (m + 2) // 3, (m + 2) // 3


def _three_discs_rows(args: Arguments) -> int:
    return (int(args["left_factor"]) + 2) * int(args["n_per_cluster"])


def _three_discs_counts(args: Arguments) -> tuple[int, int]:
    n = int(args["n_per_cluster"])
    return n, (int(args["left_factor"]) + 1) * n


def _letter_part(args: Arguments) -> str:
    part = args.get("part")
    if not isinstance(part, str) or part not in LETTER_PARTS:
        raise DatasetError(
            f"generator 'letter': 'part' must be 'train' or 'test', got {part!r}"
        )
    return part


#: The values of the letter generator's ``classes``: two classes, or 26.
_LETTER_PROBLEMS = ("A-M/N-Z", "A-Z")


def _letter_26(args: Arguments) -> bool:
    """Whether a letter entry asks for the 26 classes (``classes: A-Z``)."""
    classes = args.get("classes")
    if classes not in _LETTER_PROBLEMS:
        raise DatasetError(
            f"generator 'letter': 'classes' must be 'A-M/N-Z' or 'A-Z', got {classes!r}"
        )
    return classes == "A-Z"


def _letter_counts(args: Arguments) -> Counts:
    part = _letter_part(args)
    return (_LETTER_26_COUNTS if _letter_26(args) else _LETTER_COUNTS)[part]


#: (−1, +1) rows of the letter parts, N–Z against A–M, counted on the UCI file
#: with the pinned SHA-256 (20 000 rows: 10 060 of N–Z, 9 940 of A–M, as
#: letter-recognition.names counts them).
_LETTER_COUNTS = {"train": (8041, 7959), "test": (2019, 1981)}

#: Rows of each letter, A to Z, in the letter parts: counted on a copy of
#: letter-recognition.data with the pinned SHA-256 (the one in
#: davidgasquez/letter-recognition, commit 2735ea9, hashes to it without the
#: header line that copy adds and with the file's last newline). Train and test
#: add up to letter-recognition.names' class distribution (A 789, ..., Z 734),
#: and their sums over A–M and N–Z to :data:`_LETTER_COUNTS`.
_LETTER_26_COUNTS = {
    "train": (
        633, 630, 594, 638, 616, 622, 609, 583, 590, 599, 593, 604, 648,
        617, 614, 635, 615, 597, 587, 645, 645, 628, 613, 628, 641, 576,
    ),
    "test": (
        156, 136, 142, 167, 152, 153, 164, 151, 165, 148, 146, 157, 144,
        166, 139, 168, 168, 161, 161, 151, 168, 136, 139, 159, 145, 158,
    ),
}  # fmt: skip

#: Images of each digit, 0 to 9, in scikit-learn's load_digits (1797 images),
#: counted with numpy.bincount(load_digits().target).
_DIGITS_COUNTS = (178, 182, 177, 183, 181, 182, 181, 179, 174, 180)


def _csv_features(args: Arguments) -> int:
    path = Path(args["path"])
    if not path.is_file():
        raise DatasetError(f"{path}: no such file")
    return len(csv_files.csv_feature_names(path))


# -- the table ------------------------------------------------------------------

#: The generators by name, in the order the schema lists them.
GENERATOR_TABLE: dict[str, Generator] = {
    g.name: g
    for g in (
        Generator(
            "xor",
            make_xor,
            "classification",
            (_n_samples(200, minimum=4), _noise(0.0), _LABEL_NOISE, _SEED),
            rows=_rows,
            n_features=2,
            label_counts=_xor_counts,
        ),
        Generator(
            "circles",
            make_circles,
            "classification",
            (_n_samples(300), _noise(0.0), _LABEL_NOISE, _SEED),
            rows=_rows,
            n_features=2,
            label_counts=_alternating,
        ),
        Generator(
            "moons",
            make_moons,
            "classification",
            (_n_samples(300), _noise(0.2), _LABEL_NOISE, _SEED),
            rows=_rows,
            n_features=2,
            label_counts=_alternating,
        ),
        Generator(
            "blobs",
            make_blobs,
            "classification",
            (
                _n_samples(200),
                _n_features(2),
                _positive("margin", 0.5),
                _LABEL_NOISE,
                _SEED,
            ),
            rows=_rows,
            n_features=_features,
            label_counts=_alternating,
        ),
        Generator(
            "three_clusters",
            make_three_clusters,
            "classification",
            (_n_samples(150, minimum=3), _positive("spread", 0.3), _LABEL_NOISE, _SEED),
            rows=_rows,
            n_features=2,
            label_counts=_three_clusters_counts,
        ),
        Generator(  # labels by where uniform points fall: counted on the data
            "interval",
            make_interval,
            "classification",
            (
                _n_samples(40),
                _positive("width", 1.0),
                _positive("half_range", 3.0),
                _LABEL_NOISE,
                _SEED,
            ),
            rows=_rows,
            n_features=1,
        ),
        Generator(
            "triangle",
            make_triangle,
            "classification",
            (
                Parameter(
                    "n_inside",
                    "integer",
                    40,
                    minimum=2,
                    maximum=MAX_POINTS // 3,
                    description=(
                        "Points inside the triangle; 2 n_inside lie outside "
                        f"(at most {MAX_POINTS} points in all)."
                    ),
                ),
                Parameter(
                    "gap",
                    "number",
                    0.25,
                    minimum=0,
                    exclusive_maximum=1,
                    description=(
                        "Empty band on both sides of the boundary, less than 1 "
                        "(the centroid's distance to the nearest edge)."
                    ),
                ),
                _positive(
                    "pad",
                    1.5,
                    "Margin of the box the outside points are drawn from (> gap).",
                ),
                _LABEL_NOISE,
                _SEED,
            ),
            rows=lambda a: 3 * int(a["n_inside"]),
            n_features=2,
            label_counts=lambda a: (2 * int(a["n_inside"]), int(a["n_inside"])),
        ),
        Generator(
            "three_discs",
            make_three_discs,
            "classification",
            (
                Parameter(
                    "n_per_cluster",
                    "integer",
                    40,
                    minimum=2,
                    maximum=MAX_POINTS // 3,
                    description=(
                        "Points of the middle and right discs ((left_factor + 2) "
                        f"n_per_cluster points in all, at most {MAX_POINTS})."
                    ),
                ),
                Parameter(
                    "radius",
                    "number",
                    0.7,
                    exclusive_minimum=0,
                    exclusive_maximum=1,
                    description="Radius of the discs (< 1 keeps them apart).",
                ),
                Parameter(
                    "left_factor",
                    "integer",
                    3,
                    minimum=1,
                    maximum=100,
                    description=(
                        "The left disc has left_factor x n_per_cluster points."
                    ),
                ),
                _LABEL_NOISE,
                _SEED,
            ),
            rows=_three_discs_rows,
            n_features=2,
            label_counts=_three_discs_counts,
        ),
        Generator(
            "sparse_regression",
            make_sparse_regression,
            "regression",
            (
                _n_samples(200),
                _n_features(10),
                Parameter(
                    "n_informative", "integer", 3, minimum=0, maximum=MAX_FEATURES
                ),
                _noise(0.5),
                _SEED,
            ),
            rows=_rows,
            n_features=_features,
        ),
        Generator(
            "forward_trap",
            make_forward_trap,
            "regression",
            (
                _n_samples(100, minimum=10),
                _positive(
                    "delta",
                    0.5,
                    "x2 - x3 = delta u; smaller delta, more correlated x2, x3.",
                ),
                Parameter(
                    "proxy_noise",
                    "number",
                    1.0,
                    minimum=0,
                    description="Noise of the proxy x1 = u + proxy_noise v.",
                ),
                _noise(0.3),
                _SEED,
            ),
            rows=_rows,
            n_features=3,
        ),
        Generator(
            "twonorm",
            make_twonorm,
            "classification",
            (
                _n_samples(300),
                _n_features(
                    20,
                    "Dimension n; the means are +-a(1, ..., 1), a = 2/sqrt(n) "
                    "(Breiman's 20 by default).",
                ),
                _LABEL_NOISE,
                _SEED,
            ),
            rows=_rows,
            n_features=_features,
            label_counts=_alternating,
        ),
        Generator(
            "threenorm",
            make_threenorm,
            "classification",
            (
                _n_samples(300),
                _n_features(
                    20, "Dimension n; a = 2/sqrt(n) (Breiman's 20 by default)."
                ),
                _LABEL_NOISE,
                _SEED,
            ),
            rows=_rows,
            n_features=_features,
            label_counts=_alternating,
        ),
        Generator(
            "ringnorm",
            make_ringnorm,
            "classification",
            (
                _n_samples(300),
                _n_features(
                    20, "Dimension n; a = 1/sqrt(n) (Breiman's 20 by default)."
                ),
                _LABEL_NOISE,
                _SEED,
            ),
            rows=_rows,
            n_features=_features,
            label_counts=_alternating,
        ),
        Generator(
            "waveform",
            make_waveform,
            "classification",
            (
                _n_samples(
                    300,
                    description=(
                        "Points, the three wave classes in turn; class 1 is +1 (a "
                        "third of the points), classes 2 and 3 are -1."
                    ),
                ),
                _LABEL_NOISE,
                _SEED,
            ),
            rows=_rows,
            n_features=21,
            label_counts=_waveform_counts,
        ),
        Generator(  # 212 malignant (−1), 357 benign (+1)
            "breast_cancer",
            load_breast_cancer,
            "classification",
            (_LABEL_NOISE,),
            rows=569,
            n_features=30,
            label_counts=(212, 357),
        ),
        Generator("diabetes", load_diabetes, "regression", (), rows=442, n_features=10),
        Generator(  # 179 sevens (−1), 182 ones (+1)
            "digits_1_7",
            load_digits_1_7,
            "classification",
            (_LABEL_NOISE,),
            rows=361,
            n_features=64,
            label_counts=(179, 182),
        ),
        Generator(  # 180 nines (−1), 181 fours (+1)
            "digits_4_9",
            load_digits_4_9,
            "classification",
            (_LABEL_NOISE,),
            rows=361,
            n_features=64,
            label_counts=(180, 181),
        ),
        Generator(  # all ten digits, codes 0-9 (the counts: _DIGITS_COUNTS)
            "digits",
            load_digits,
            "classification",
            (),
            rows=1797,
            n_features=64,
            label_counts=_DIGITS_COUNTS,
            classes=tuple(str(digit) for digit in range(10)),
        ),
        Generator(  # the parts' sizes and classes, known without downloading
            "letter",
            load_letter_part,
            "classification",
            (
                Parameter(
                    "part",
                    "choice",
                    choices=tuple(LETTER_PARTS),
                    description=(
                        "The UCI letter data (16 features): 'train' is the "
                        "first 16000 rows of the file, 'test' the last 4000. "
                        "Downloaded once into the user's cache (checksum "
                        "pinned in marginlab.core.datasets.downloads) by the job that "
                        "makes the dataset; the configuration check needs no "
                        "network."
                    ),
                ),
                Parameter(
                    "classes",
                    "choice",
                    "A-M/N-Z",
                    choices=_LETTER_PROBLEMS,
                    description=(
                        "'A-M/N-Z': letters A-M +1 against N-Z -1; 'A-Z': the "
                        "26 letters, class codes 0-25 for A-Z."
                    ),
                ),
            ),
            rows=lambda a: LETTER_PARTS[_letter_part(a)],
            n_features=16,
            label_counts=_letter_counts,
            classes=lambda a: LETTER_CLASSES if _letter_26(a) else None,
        ),
        Generator(  # a user's CSV: its header and lines are read, not parsed
            "csv",
            csv_files.load_csv,
            "classification",
            (
                Parameter(
                    "path",
                    "file",
                    description="A CSV with a `label` column and numeric features.",
                ),
                _LABEL_NOISE,
            ),
            rows=lambda a: csv_files.count_csv_rows(a["path"]),
            n_features=_csv_features,
        ),
    )
}

#: The function that makes each generator's data, by name.
GENERATORS: dict[str, Callable[..., Dataset]] = {
    name: g.make for name, g in GENERATOR_TABLE.items()
}


def generator_of(spec: Mapping[str, Any]) -> Generator:
    """The description of the generator a configuration entry names.

    Raises
    ------
    DatasetError
        For a ``generator`` key missing or not in :data:`GENERATOR_TABLE`.

    Examples
    --------
    >>> generator_of({"generator": "moons"}).make.__name__
    'make_moons'
    """
    name = spec.get("generator")
    if name not in GENERATOR_TABLE:
        raise DatasetError(
            f"unknown generator {name!r}; expected one of {sorted(GENERATOR_TABLE)}"
        )
    return GENERATOR_TABLE[name]


def data_file(spec: Mapping[str, Any]) -> str | None:
    """The file a configuration entry's data are read from (a user CSV's
    ``path``), or None for generated and bundled data and unknown generators."""
    generator = GENERATOR_TABLE.get(spec.get("generator"))
    return None if generator is None else generator.file(spec)


# -- making the data ------------------------------------------------------------


def make_dataset(spec: Mapping[str, Any]) -> Dataset:
    """Build a dataset from a config entry.

    ``spec["generator"]`` names an entry of :data:`GENERATOR_TABLE`; the other
    keys are its function's keyword arguments, except ``label_noise`` (a rate
    for :func:`~marginlab.core.datasets.synthetic.flip_labels`, seeded by
    ``seed + 1``; two classes only).

    Raises
    ------
    DatasetError
        For an unknown generator, a key its function does not take, or
        ``label_noise`` on regression or K-class data.

    Examples
    --------
    >>> make_dataset({"generator": "xor", "n_samples": 8, "seed": 1}).X.shape
    (8, 2)
    """
    generator = generator_of(spec)
    params = {k: v for k, v in spec.items() if k not in ("generator", "label_noise")}
    try:
        data = generator.make(**params)
    except TypeError as err:
        raise DatasetError(f"generator {generator.name!r}: {err}") from None
    rate = spec.get("label_noise", 0.0)
    if rate:
        data = flip_labels(data, rate, seed=params.get("seed", 0) + 1)
    return data


# -- forecasts --------------------------------------------------------------------


@dataclass(frozen=True)
class DatasetShape:
    """What a study needs to know of a dataset before it is made: its number
    of features, its task and (classification) its number of classes, 2 for
    labels −1 and +1 (0 for regression)."""

    n_features: int
    task: Task
    n_classes: int = 2


def dataset_shape(spec: Mapping[str, Any]) -> DatasetShape:
    """Number of features and task of the dataset ``spec`` makes, without making it.

    Cheap enough for a configuration check: no data is generated, and of a user
    CSV only the header line is read (its columns other than ``label`` are the
    features; such data are always classification).

    Raises
    ------
    DatasetError
        For an unknown generator, or a user CSV without a header or whose
        header is not one :func:`~marginlab.core.datasets.csv_files.load_csv` takes
        (no ``label`` column, saying what the line looks like; a name missing
        or repeated; no feature).

    Examples
    --------
    >>> dataset_shape({"generator": "blobs", "n_features": 3})
    DatasetShape(n_features=3, task='classification', n_classes=2)
    >>> dataset_shape({"generator": "digits"}).n_classes
    10
    """
    generator = generator_of(spec)
    args = generator.arguments(spec)
    n_features = _value(generator.n_features, args)
    names = _value(generator.classes, args)
    n_classes = len(names) if names else 2
    if generator.task != "classification":
        n_classes = 0
    return DatasetShape(n_features, generator.task, n_classes)


def dataset_rows(spec: Mapping[str, Any]) -> int:
    """Number of rows of the dataset ``spec`` makes, without making it.

    From the generator's parameters, or, for a user CSV, by counting its
    lines (:func:`~marginlab.core.datasets.csv_files.count_csv_rows`; no cell is
    parsed).

    Parameters
    ----------
    spec : mapping
        A config entry, as :func:`make_dataset` takes it.

    Returns
    -------
    int

    Raises
    ------
    DatasetError
        For an unknown generator, a missing CSV, or a letter part other than
        ``train`` or ``test``.

    Examples
    --------
    >>> dataset_rows({"generator": "three_discs", "n_per_cluster": 10})
    50
    """
    generator = generator_of(spec)
    return _value(generator.rows, generator.arguments(spec))


def class_counts(spec: Mapping[str, Any]) -> dict[str, int]:
    """Rows of each class of the classification dataset ``spec`` makes.

    For two classes the −1 class comes first, named ``"-1"`` and ``"+1"`` for
    generated data and by its label as spelled in the file for a user CSV; for
    K classes, each class by its name in the order of its code (a class
    without points counts 0). Deterministic
    generators' counts follow from their parameters; the data are made only
    when the labels are random (``interval``, or ``label_noise``), which
    costs as much as the dataset job. A user CSV is read whole, so its cells
    are checked as by :func:`~marginlab.core.datasets.csv_files.load_csv` (call it
    once its size is known to be reasonable, :func:`dataset_rows`); its
    classes are counted as the file has them, before any ``label_noise``.

    Parameters
    ----------
    spec : mapping
        A config entry, as :func:`make_dataset` takes it.

    Returns
    -------
    dict of str to int

    Raises
    ------
    DatasetError
        For a regression dataset, an unknown generator, ``label_noise`` on
        K-class data, or a CSV that :func:`~marginlab.core.datasets.csv_files.load_csv`
        refuses.

    Examples
    --------
    >>> class_counts({"generator": "triangle", "n_inside": 10})
    {'-1': 20, '+1': 10}
    >>> class_counts({"generator": "digits"})["8"]
    174
    """
    generator = generator_of(spec)
    args = generator.arguments(spec)
    path = generator.file(args)
    if path is not None:
        data, (negative, positive) = csv_files.load_csv_with_classes(path)
        n_positive = int(np.count_nonzero(data.y > 0))
        return {negative: data.n_samples - n_positive, positive: n_positive}
    if generator.task != "classification":
        raise DatasetError(
            f"generator {generator.name!r} makes regression data, not classes"
        )
    if generator.label_counts is None or spec.get("label_noise", 0.0):
        data = make_dataset(spec)
        if data.classes is not None:
            counts = np.bincount(data.y.astype(np.int64), minlength=len(data.classes))
            return dict(zip(data.classes, map(int, counts), strict=True))
        n_positive = int(np.count_nonzero(data.y > 0))
        return {"-1": data.n_samples - n_positive, "+1": n_positive}
    counts = _value(generator.label_counts, args)
    names = _value(generator.classes, args)
    if names is None:
        negative, positive = counts
        return {"-1": negative, "+1": positive}
    return dict(zip(names, counts, strict=True))
