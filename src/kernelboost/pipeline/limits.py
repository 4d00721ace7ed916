"""Limits of a configuration that its schema cannot state, checked before any job.

The schema (``workflow/schemas/config.schema.yaml``) bounds each key by
itself; some values pass it and then fail inside a job, or run out of memory,
because of the value of another key or of a dataset's size. After the
schema's check and with its defaults filled in, :func:`limits_problem`
returns the first of:

1. a dataset with more points than :data:`MAX_POINTS` (the generators whose
   size is a product of parameters: ``three_discs``);
2. an array a study would make that takes more than :data:`MEMORY` bytes
   (3.0 GiB, an m × m float64 matrix of m = :data:`MAX_GRAM_POINTS` points):
   the Gram, kernel or distance matrices of a dataset's points or of a size
   key, a grid's kernel matrix against the points, explicit feature maps, the
   stump and tree matrices of the boosting LPs, the timed data matrices;
3. cross-validation folds (``cv.folds``) that the data a study splits cannot
   hold: stratified K-fold CV needs K points of each class, plain K-fold CV
   (regression) K points;
4. keys that must agree with each other (``stepwise_direction``,
   ``margin_geometry``).

Each problem is one line naming the key. The sizes of the generated datasets
and of their classes follow from the generators' parameters
(:mod:`kernelboost.core.datasets`); no data is made. Where labels are drawn
or flipped at random the smaller class is bounded, not counted: a class of
two holds at most half of the points, and flipping k labels adds at most k
to a class. A user CSV is not read (its size is not known before its job).

Pure Python over the library's registry: no Snakemake.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .plan import Plan

__all__ = [
    "MAX_GRAM_POINTS",
    "MAX_POINTS",
    "MEMORY",
    "DataPoints",
    "data_points",
    "format_bytes",
    "limits_problem",
    "smaller_class",
    "training_part",
]

#: Points of a dataset at most: 5 × config.yaml's largest (moons_large, 20000).
MAX_POINTS = 100_000
#: Points of an m × m float64 matrix that fits in :data:`MEMORY`.
MAX_GRAM_POINTS = 20_000
#: Bytes one array of a study may take: 8 · 20000² = 3.2e9 (3.0 GiB).
MEMORY = 8 * MAX_GRAM_POINTS**2

#: Studies that make an m × m matrix of the points of their datasets (at most:
#: an SVM's kernel columns against its support vectors, a prediction's kernel
#: or distance matrix against the training points), and what it is.
SQUARE = {
    "cv_model_selection": "kernel matrix",
    "feature_lift": "kernel matrix",
    "gaussian_hypothesis": "Gram matrix",
    "gaussian_oscillation": "Gram matrix",
    "incremental_update": "Gram matrix",
    "knn_k": "distance matrix",
    "knn_smoothness": "distance matrix",
    "loo_vs_sv_bound": "kernel matrix",
    "noise_robustness": "kernel matrix",
    "pegasos_convergence": "kernel matrix",
    "perceptron_dual": "Gram matrix",
    "perceptron_xor": "Gram matrix",
    "poly_degree": "kernel matrix",
    "sigma_bias_variance": "kernel matrix",
    "smo_applet": "kernel matrix",
    "svm_sigma_C_grid": "kernel matrix",
}
#: Studies that evaluate their hypothesis on a grid (the key of its side) at
#: once: a (side² or side) × m kernel or distance matrix; True for a square grid.
GRIDS = {
    "gaussian_hypothesis": ("n_grid", False),
    "gaussian_oscillation": ("n_grid", False),
    "knn_k": ("grid_points", True),
    "knn_smoothness": ("grid_points", True),
    "loo_vs_sv_bound": ("grid_points", True),
    "sigma_bias_variance": ("grid_points", True),
    "smo_applet": ("grid_points", True),
    "svm_sigma_C_grid": ("grid_points", True),
}
#: Studies that put every distinct stump of their datasets' points (of the
#: training part: True) in one matrix (:func:`kernelboost.theory.margins.
#: distinct_stumps`).
STUMPS = {
    "arc_gv": True,
    "boosting_checks": False,
    "margin_geometry": False,
    "margin_growth": True,
    "xor_stumps": False,
}
#: Bundled data: points and classes (the smaller first); None for regression.
BUNDLED = {"breast_cancer": (569, (212, 357)), "diabetes": (442, None)}


@dataclass(frozen=True)
class DataPoints:
    """What the configuration check knows of a dataset before it is made.

    Attributes
    ----------
    n : int
        Number of points.
    n_features : int
    task : {"classification", "regression"}
    classes : tuple of int or None
        The two class sizes, the smaller first, where the generator fixes them
        (before ``label_noise``); None where labels are drawn at random or the
        data are a regression.
    label_noise : float
        Fraction of the labels flipped at random.
    distinct : int or None
        Distinct values of every feature, where the generator fixes them (exact
        XOR: 2); None otherwise (at most ``n``).
    """

    n: int
    n_features: int
    task: str
    classes: tuple[int, int] | None = None
    label_noise: float = 0.0
    distinct: int | None = None


def _parameter(spec: Mapping[str, Any], name: str) -> Any:
    """``spec[name]``, or the generator's default for it."""
    import inspect

    from ..core.datasets import GENERATORS

    if name in spec:
        return spec[name]
    signature = inspect.signature(GENERATORS[spec["generator"]])
    return signature.parameters[name].default


def data_points(spec: Mapping[str, Any]) -> DataPoints | None:
    """Points, features, task and classes of the dataset ``spec`` makes, or None
    when they are not known before it is made (a user CSV).

    Examples
    --------
    >>> data_points({"generator": "triangle", "n_inside": 10}).classes
    (10, 20)
    >>> data_points({"generator": "moons", "n_samples": 7}).classes
    (3, 4)
    >>> print(data_points({"generator": "interval", "n_samples": 40}).classes)
    None
    """
    from ..core.datasets import DatasetError, dataset_shape

    try:
        shape = dataset_shape(spec)
    except (DatasetError, KeyError, OSError):
        return None
    generator = spec["generator"]
    noise = float(spec.get("label_noise", 0.0))
    if generator in BUNDLED:
        n, classes = BUNDLED[generator]
        return DataPoints(n, shape.n_features, shape.task, classes, noise)
    if generator == "triangle":
        inside = int(_parameter(spec, "n_inside"))
        n, classes = 3 * inside, (inside, 2 * inside)
    elif generator == "three_discs":
        per = int(_parameter(spec, "n_per_cluster"))
        n = (int(_parameter(spec, "left_factor")) + 2) * per
        classes = (per, n - per)
    elif generator == "csv":
        n = getattr(shape, "n_samples", None)
        if n is None:
            return None
        return DataPoints(int(n), shape.n_features, shape.task, None, noise)
    else:
        n = int(_parameter(spec, "n_samples"))
        if generator == "three_clusters":
            middle = (n + 1) // 3  # every third point, from the second
            classes = (min(middle, n - middle), max(middle, n - middle))
        elif generator in ("xor", "circles", "moons", "blobs"):
            classes = (n // 2, n - n // 2)  # labels alternate
        else:  # interval (labels drawn at random), regression
            classes = None
    distinct = None
    if generator == "xor" and float(_parameter(spec, "noise")) == 0.0:
        distinct = 2  # the corners (±1, ±1)
    return DataPoints(n, shape.n_features, shape.task, classes, noise, distinct)


def smaller_class(
    data: DataPoints, flip: float = 0.0, flip_key: str = "the study"
) -> tuple[int, str]:
    """The size of the smaller class of ``data``, exact or an upper bound.

    Parameters
    ----------
    data : DataPoints
        Classification data.
    flip : float, default=0.0
        A further fraction of the labels flipped at random (after the
        dataset's own ``label_noise``).
    flip_key : str, default="the study"
        The key of ``flip``, for the reason.

    Returns
    -------
    count : int
        The smaller class's size where it is known, else an upper bound: a
        class of two holds at most half of the points, and round(r·m) flipped
        labels add at most that many to a class.
    why : str
        Empty when ``count`` is exact; else the reason it is a bound.

    Examples
    --------
    >>> smaller_class(DataPoints(150, 2, "classification", (50, 100)))
    (50, '')
    >>> smaller_class(DataPoints(150, 2, "classification", (50, 100), 0.1))
    (65, 'label_noise 0.1 flips labels at random')
    """
    flips = round(data.label_noise * data.n) + round(flip * data.n)
    if data.classes is not None and flips == 0:
        return data.classes[0], ""
    half = data.n // 2
    if data.classes is None:
        return half, "its labels are drawn at random: at most half of its points"
    who = [f"label_noise {data.label_noise:g}"] if data.label_noise else []
    who += [f"{flip_key} {flip:g}"] if flip else []
    why = f"{' and '.join(who)} flip{'' if len(who) > 1 else 's'} labels at random"
    return min(half, data.classes[0] + flips), why


def training_part(count: int, fraction: float) -> int:
    """Points of a class of ``count`` left for training by the stratified split
    (:func:`kernelboost.estimators.model_selection.train_test_split`), which
    sets round(fraction · count) of them aside; non-decreasing in ``count``.

    Examples
    --------
    >>> training_part(15, 0.5)  # round(7.5) = 8 set aside
    7
    """
    return count - int(round(fraction * count))


def format_bytes(n_bytes: float) -> str:
    """``n_bytes`` in binary units, two or three significant digits.

    Examples
    --------
    >>> format_bytes(8 * 20000**2)
    '3.0 GiB'
    >>> format_bytes(8 * 10**14)
    '728 TiB'
    """
    units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"]
    value, unit = float(n_bytes), 0
    while value >= 1024 and unit < len(units) - 1:
        value, unit = value / 1024, unit + 1
    if value >= 10_000:  # beyond the units
        return f"{value:.1e} {units[unit]}"
    return f"{value:.1f} {units[unit]}" if value < 10 else f"{value:.0f} {units[unit]}"


def _too_big(key: str, subject: str, shape: Sequence[int], what: str) -> str | None:
    """The problem of an array of ``shape`` (float64) beyond :data:`MEMORY`, or
    None; ``subject`` says what makes it."""
    n_bytes = 8 * math.prod(int(s) for s in shape)
    if n_bytes <= MEMORY:
        return None
    dims = " × ".join(str(int(s)) for s in shape)
    most = (
        f"at most {MAX_GRAM_POINTS} ({format_bytes(MEMORY)})"
        if len(shape) == 2 and shape[0] == shape[1]
        else f"at most {format_bytes(MEMORY)}"
    )
    return f"'{key}': {subject} need a {dims} {what}, {format_bytes(n_bytes)}; {most}"


def _first(problems: Iterator[str | None]) -> str | None:
    return next((p for p in problems if p), None)


def _dataset_refs(
    cfg: Mapping[str, Any], plan: Plan
) -> Iterator[tuple[str, str, str, DataPoints]]:
    """(section, config key, name, points) of each dataset a study reads, each
    once, where the dataset is defined and its size known."""
    from ..experiments import EXPERIMENTS

    seen = set()
    for exp in EXPERIMENTS:
        for run in plan.runs(exp).values():
            for refs in run.data.values():
                for ref in refs if isinstance(refs, tuple) else (refs,):
                    spec = cfg["datasets"].get(ref.name)
                    if (ref.key, ref.name) in seen or not isinstance(spec, Mapping):
                        continue
                    seen.add((ref.key, ref.name))
                    points = data_points(spec)
                    if points is not None:
                        yield exp.name, ref.key, ref.name, points


def _dataset_size_problem(cfg: Mapping[str, Any]) -> str | None:
    for name, spec in cfg["datasets"].items():
        points = data_points(spec)
        if points is not None and points.n > MAX_POINTS:
            how = (
                "(left_factor + 2) × n_per_cluster = "
                if spec.get("generator") == "three_discs"
                else ""
            )
            return (
                f"'datasets.{name}': {how}{points.n} points; at most {MAX_POINTS} "
                "(5 × config.yaml's largest dataset)"
            )
    return None


def _training_points(cfg: Mapping[str, Any], points: DataPoints) -> int:
    """Points of the training part of the shared split, at most."""
    fraction = float(cfg["split"]["test_fraction"])
    if points.classes is not None:
        return sum(training_part(c, fraction) for c in points.classes)
    return min(points.n, math.floor((1 - fraction) * points.n + 1))


def _dataset_memory(
    cfg: Mapping[str, Any], refs: list[tuple[str, str, str, DataPoints]]
) -> Iterator[str | None]:
    """The matrices the studies make of their datasets' points."""
    for section, key, name, points in refs:
        m = points.n
        if section in SQUARE:
            yield _too_big(
                key, f"{name!r} has {m} points, which", (m, m), SQUARE[section]
            )
        if section in GRIDS:
            grid_key, square = GRIDS[section]
            side = int(cfg[section][grid_key])
            rows = side * side if square else side
            grid = f"{side} × {side}" if square else f"{side}"
            yield _too_big(
                f"{section}.{grid_key}",
                f"{grid} grid points against the {m} points of {name!r}",
                (rows, m),
                SQUARE.get(section, "kernel matrix"),
            )
        if section in STUMPS:
            part = _training_points(cfg, points) if STUMPS[section] else m
            distinct = min(points.distinct or part, part)
            columns = 2 + 2 * points.n_features * (distinct - 1)
            which = "training points" if STUMPS[section] else "points"
            yield _too_big(
                key,
                f"the {part} {which} of {name!r} ({points.n_features} features), "
                f"with up to {columns} distinct stumps,",
                (part, columns),
                "matrix of stump predictions",
            )
        if section == "xor_stumps":
            most = int(cfg[section]["max_thresholds"])
            splits = points.n_features * min(most, (points.distinct or m) - 1)
            yield _too_big(
                f"{section}.max_thresholds",
                f"{most} thresholds per feature on the {m} points of {name!r} "
                f"(up to 2 + S(2S + 2)² depth-2 trees, S = {splits} splits)",
                (m, 2 + splits * (2 * splits + 2) ** 2),
                "matrix of tree predictions",
            )
        if section == "gaussian_series":
            yield from _series_memory(cfg[section], name, points)


def _series_memory(
    section: Mapping[str, Any], name: str, points: DataPoints
) -> Iterator[str | None]:
    """K17: the tail bounds of every pair and degree, and the feature series."""
    from ..core.feature_maps import series_dimension

    m = min(int(section["n_points"]), points.n)
    degree = int(section["max_degree"])
    yield _too_big(
        "gaussian_series.n_points",
        f"{m} points of {name!r} and degrees 0 to {degree}",
        (degree + 1, m, m),
        "array of tail bounds",
    )
    yield _too_big(
        "gaussian_series.max_degree",
        f"{m} points of {name!r} with {points.n_features} features, to total "
        f"degree {degree},",
        (m, series_dimension(points.n_features, degree)),
        "matrix of series features",
    )


def _square(key: str, m: int, what: str = "Gram matrix") -> str | None:
    return _too_big(key, f"{m} points", (m, m), what)


def _size_memory(cfg: Mapping[str, Any]) -> Iterator[str | None]:
    """The matrices whose sizes are keys of a study's section."""
    yield _square("gram_spectra.n_samples", cfg["gram_spectra"]["n_samples"])
    cost = cfg["kernel_cost"]
    yield _square("kernel_cost.gram_m", max(cost["gram_m"]))
    yield _square("kernel_cost.fixed_m", cost["fixed_m"])
    yield _too_big(
        "kernel_cost.gram_d",
        f"{cost['fixed_m']} points (kernel_cost.fixed_m) with {max(cost['gram_d'])} "
        "features",
        (cost["fixed_m"], max(cost["gram_d"])),
        "data matrix",
    )
    yield _too_big(
        "kernel_cost.fixed_d",
        f"{max(cost['gram_m'])} points (kernel_cost.gram_m) with {cost['fixed_d']} "
        "features",
        (max(cost["gram_m"]), cost["fixed_d"]),
        "data matrix",
    )
    yield _too_big(
        "kernel_cost.predict_points"
        if cost["predict_points"] > max(cost["predict_m"])
        else "kernel_cost.predict_m",
        f"{cost['predict_points']} prediction points against "
        f"{max(cost['predict_m'])} training points",
        (cost["predict_points"], max(cost["predict_m"])),
        "kernel matrix",
    )
    update = cfg["incremental_update"]
    yield _square("incremental_update.sizes", max(update["sizes"]))
    yield _too_big(
        "incremental_update.update_sizes",
        f"n = {max(update['update_sizes'])} with {update['updates']} updates per call",
        (max(update["update_sizes"]), update["updates"]),
        "block of kernel columns",
    )
    yield _square("primal_dual_cost.n_sizes", max(cfg["primal_dual_cost"]["n_sizes"]))
    yield _square("margin_geometry.n_points", cfg["margin_geometry"]["n_points"])
    boosting = cfg["boosting_cost"]
    for key, m, n in (
        ("m_sizes", max(boosting["m_sizes"]), boosting["fixed_n"]),
        ("n_sizes", boosting["fixed_m"], max(boosting["n_sizes"])),
        ("fixed_m", boosting["fixed_m"], boosting["fixed_n"]),
    ):
        yield _too_big(
            f"boosting_cost.{key}",
            f"{m} points with {n} features",
            (m, n),
            "data matrix",
        )
    yield from _feature_map_memory(cfg)


def _feature_map_memory(cfg: Mapping[str, Any]) -> Iterator[str | None]:
    """K1's pairwise differences of explicit features, K5's explicit features."""
    identity = cfg["kernel_identity"]
    m = int(identity["n_samples"])
    yield _square("kernel_identity.n_samples", m)
    # The subset products (2^n coordinates) and the degree-d tensor powers
    # ((n + 1)^d) of every n; the largest decides.
    maps = [
        ("n_features", n, 2**n, f"2^{n} subset products")
        for n in identity["n_features"]
    ]
    maps += [
        ("degrees", n, (n + 1) ** d, f"degree {d}: {(n + 1) ** d} coordinates")
        for n in identity["n_features"]
        for d in identity["degrees"]
    ]
    key, n, dimension, said = max(maps, key=lambda entry: entry[2])
    yield _too_big(
        f"kernel_identity.{key}",
        f"{m} points with n = {n} features ({said})",
        (m, m, dimension),
        "array of feature differences",
    )
    rep = cfg["representer"]
    m, n, d = int(rep["n_samples"]), int(rep["n_features"]), int(rep["degree"])
    yield _square("representer.n_samples", m)
    yield _too_big(
        "representer.degree",
        f"degree {d} on n_features = {n} ((n + 1)^{d} = {(n + 1) ** d} "
        f"coordinates) for n_samples = {m} points",
        (m, (n + 1) ** d),
        "matrix of explicit features",
    )


#: Studies that cross-validate: the dataset keys of their section, whether the
#: CV splits the training part of a split (``"split"``, the shared one, or
#: ``"own"``, the section's ``test_fraction`` when given), and a further
#: fraction of labels the study flips at random (its key).
CV_STUDIES: dict[str, tuple[tuple[str, ...], str | None, str | None]] = {
    "boosting_overfit": (("dataset",), None, "rate"),
    "cv_model_selection": (("dataset",), "own", None),
    "gaussian_oscillation": (("dataset",), None, None),
    "lasso_standardize": (("datasets",), "split", None),
    "poly_degree": (("noisy",), "split", None),
    "sigma_bias_variance": (("dataset",), "split", None),
    "stepwise_stopping": (("datasets",), "split", None),
    "subset_selection": (("dataset", "trap"), None, None),
}


def _cv_problem(cfg: Mapping[str, Any]) -> str | None:
    """``cv.folds`` against the part of each dataset each study cross-validates."""
    folds = int(cfg["cv"]["folds"])
    for section, (keys, split, flip_key) in CV_STUDIES.items():
        fraction: tuple[float, str] | None = None
        if split == "own" and cfg[section].get("test_fraction") is not None:
            fraction = (cfg[section]["test_fraction"], f"{section}.test_fraction")
        elif split is not None:
            fraction = (cfg["split"]["test_fraction"], "split.test_fraction")
        flip = (
            (float(cfg[section][flip_key]), f"{section}.{flip_key}")
            if flip_key
            else (0.0, "")
        )
        for key in keys:
            names = cfg[section][key]
            for name in [names] if isinstance(names, str) else names:
                spec = cfg["datasets"].get(name)
                points = data_points(spec) if isinstance(spec, Mapping) else None
                problem = points and _folds_problem(
                    folds, f"{section}.{key}", name, points, fraction, flip
                )
                if problem:
                    return problem
    return _stepwise_direction_problem(cfg, folds)


def _folds_problem(
    folds: int,
    key: str,
    name: str,
    points: DataPoints,
    fraction: tuple[float, str] | None,
    flip: tuple[float, str],
) -> str | None:
    """K-fold CV on ``name`` (the training part of the split at ``fraction``,
    (test fraction, its key), if given; labels flipped at ``flip``, (rate, its
    key)), which ``key`` names."""
    part = repr(name)
    if fraction is not None:
        part = f"the training part of {name!r} ({fraction[1]} {fraction[0]:g})"
    if points.task == "regression":
        m = points.n
        if fraction is not None:
            m -= int(round(fraction[0] * m))  # random_split's test points
        if folds <= m:
            return None
        return (
            f"'cv.folds': {folds} folds, but '{key}' cross-validates on {part}, "
            f"which has {m} points; K-fold CV needs at least K points"
        )
    count, why = smaller_class(points, *flip)
    if fraction is not None:
        count = training_part(count, float(fraction[0]))
    if folds <= count:
        return None
    has = f"{count} points" if not why else f"at most {count} points ({why})"
    return (
        f"'cv.folds': {folds} folds, but '{key}' cross-validates on {part}, whose "
        f"smaller class has {has}; stratified K-fold CV needs at least K points "
        "of each class"
    )


def _stepwise_direction_problem(cfg: Mapping[str, Any], folds: int) -> str | None:
    """S7: its informative features, and its CV folds on n_train points."""
    sd = cfg["stepwise_direction"]
    d, few, many = sd["n_features"], sd["few_informative"], sd["many_informative"]
    if many > d:
        return (
            f"'stepwise_direction.many_informative': {many} informative features "
            f"of n_features = {d}; at most {d}"
        )
    if few >= many:
        return (
            f"'stepwise_direction.few_informative': {few}, but it must be smaller "
            f"than many_informative ({many})"
        )
    n = sd["n_train"]
    if folds > n:
        return (
            f"'cv.folds': {folds} folds, but stepwise_direction cross-validates on "
            f"its n_train = {n} points; K-fold CV needs at least K points"
        )
    fold_train = n - math.ceil(n / folds)  # the smallest training part of a fold
    if fold_train <= d + 1:
        return (
            f"'stepwise_direction.n_train': {n} points leave {fold_train} training "
            f"points per fold of {folds}-fold CV (cv.folds), but backward "
            f"stepwise's full model of n_features = {d} needs more than {d + 1}"
        )
    return None


def _agreement_problem(cfg: Mapping[str, Any]) -> str | None:
    """Keys of one section that must agree with each other."""
    geometry = cfg["margin_geometry"]
    norm = math.hypot(*geometry["centre"])
    if geometry["radius"] >= norm:
        return (
            f"'margin_geometry.radius': {geometry['radius']:g} is not smaller than "
            f"the norm of margin_geometry.centre ({norm:g}): the discs would "
            "contain the origin"
        )
    return None


def limits_problem(cfg: Mapping[str, Any], plan: Plan | None = None) -> str | None:
    """The first limit ``cfg`` oversteps, as one line naming the key, or None.

    ``cfg`` has passed the schema and has its defaults filled in
    (:func:`kernelboost.pipeline.config.with_defaults`); datasets a study names
    but the configuration does not define are skipped (they are
    :func:`kernelboost.pipeline.config.dataset_problem`'s).
    """
    plan = plan or Plan(cfg)
    refs = list(_dataset_refs(cfg, plan))
    return (
        _dataset_size_problem(cfg)
        or _first(_dataset_memory(cfg, refs))
        or _first(_size_memory(cfg))
        or _cv_problem(cfg)
        or _agreement_problem(cfg)
    )
