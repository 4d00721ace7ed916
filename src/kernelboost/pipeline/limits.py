"""Limits of a configuration that its schema cannot state, checked before any job.

The schema (``workflow/schemas/config.schema.yaml``) bounds each key by
itself; some values pass it and then fail inside a job, or run out of memory,
because of the value of another key. After the schema's check, with its
defaults filled in, and after the datasets the studies read were checked
against what each study needs of them
(:mod:`kernelboost.pipeline.data_checks`), :func:`limits_problem` returns the
first of:

1. an array that a size key of a study's section makes take more than
   :data:`MEMORY` bytes (3.0 GiB, an m × m float64 matrix of m =
   :data:`MAX_GRAM_POINTS` points): the Gram matrices of ``n_samples``-like
   keys, the timed data matrices, explicit feature maps, K17's tail bounds
   and series features of its ``n_points`` points, B8's depth-2 trees of
   ``max_thresholds`` thresholds per feature (within the smaller
   :data:`FAMILY_BYTES`, as every family a linear program solves over);
2. keys that must agree with each other (``stepwise_direction``,
   ``margin_geometry``), and S7's folds (``cv.folds``) on its own
   ``n_train`` points.

Each problem is one line naming the key. A dataset's size is read off its
generator's parameters (a user CSV's lines are counted,
:func:`kernelboost.core.datasets.dataset_rows`); data are made only where a
bound on its distinct values is not enough (B8's trees).

Pure Python over the library's registry: no Snakemake.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

__all__ = [
    "FAMILY_BYTES",
    "MAX_GRAM_POINTS",
    "MAX_POINTS",
    "MEMORY",
    "format_bytes",
    "limits_problem",
    "tree_columns",
]

#: Points of a dataset at most: 5 × config.yaml's largest (moons_large, 20000).
MAX_POINTS = 100_000
#: Points of an m × m float64 matrix that fits in :data:`MEMORY`.
MAX_GRAM_POINTS = 20_000
#: Bytes one array of a study may take: 8 · 20000² = 3.2e9 (3.0 GiB).
MEMORY = 8 * MAX_GRAM_POINTS**2
#: Bytes of the values of a family of hypotheses on the training points
#: (every distinct stump or depth-2 tree, a family of lines): 64 MiB, because
#: the linear-program solver (HiGHS) and the studies keep many copies of
#: them. Measured: arc_gv on 2000 training points of 2-D data, a 122 MiB
#: matrix of 8000 stumps, peaked at 2.3 GB; nonconvex_combination's 800 ×
#: 19200 lines (117 MiB) at 0.45 GB. So about 1 GB at this budget, a cluster
#: job's default (``workflow/profiles/slurm``).
FAMILY_BYTES = 64 * 2**20


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


def _data(cfg: Mapping[str, Any], section: str) -> tuple[str, int, int] | None:
    """The name, rows and features of the dataset of ``section`` (its
    ``dataset`` key), or None where it is not defined."""
    from ..core.datasets import DatasetError, dataset_rows, dataset_shape

    name = cfg[section]["dataset"]
    spec = cfg["datasets"].get(name)
    try:
        return name, dataset_rows(spec), dataset_shape(spec).n_features
    except (DatasetError, KeyError, OSError, TypeError):
        return None


def _series_memory(cfg: Mapping[str, Any]) -> Iterator[str | None]:
    """K17: the tail bounds of every pair and degree, and the feature series."""
    from ..core.feature_maps import series_dimension

    data = _data(cfg, "gaussian_series")
    if data is None:
        return
    name, rows, n_features = data
    section = cfg["gaussian_series"]
    m = min(int(section["n_points"]), rows)
    degree = int(section["max_degree"])
    yield _too_big(
        "gaussian_series.n_points",
        f"{m} points of {name!r} and degrees 0 to {degree}",
        (degree + 1, m, m),
        "array of tail bounds",
    )
    yield _too_big(
        "gaussian_series.max_degree",
        f"{m} points of {name!r} with {n_features} features, to total degree {degree},",
        (m, series_dimension(n_features, degree)),
        "matrix of series features",
    )


def tree_columns(splits: int) -> int:
    """Columns of B8's depth-2 trees before duplicates are dropped, for S
    splits (:func:`kernelboost.theory.margins.distinct_trees`): 2 + S(2S + 2)².

    Examples
    --------
    >>> tree_columns(2)  # exact XOR: one split per feature
    74
    """
    return 2 + splits * (2 * splits + 2) ** 2


def _trees_problem(cfg: Mapping[str, Any]) -> str | None:
    """B8: the values of every depth-2 tree on the points, at most
    ``max_thresholds`` splits per feature, within :data:`FAMILY_BYTES`.

    A feature of v distinct values has v − 1 splits; first bounded by the
    rows, then, if that bound is too large, counted on the data."""
    data = _data(cfg, "xor_stumps")
    if data is None:
        return None
    name, m, n_features = data
    most = int(cfg["xor_stumps"]["max_thresholds"])
    splits = n_features * min(most, m - 1)
    if 8 * m * tree_columns(splits) > FAMILY_BYTES:
        import numpy as np

        from ..core.datasets import make_dataset

        X = make_dataset(cfg["datasets"][name]).X
        splits = sum(min(most, np.unique(x).size - 1) for x in X.T)
    n_bytes = 8 * m * tree_columns(splits)
    if n_bytes <= FAMILY_BYTES:
        return None
    return (
        f"'xor_stumps.max_thresholds': {most} thresholds per feature on the {m} "
        f"points of {name!r} make S = {splits} splits and up to 2 + S(2S + 2)² = "
        f"{tree_columns(splits)} depth-2 trees, a {m} × {tree_columns(splits)} "
        f"matrix of tree predictions, {format_bytes(n_bytes)}, which the game's "
        f"linear program copies many times; at most {format_bytes(FAMILY_BYTES)}"
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


def limits_problem(cfg: Mapping[str, Any]) -> str | None:
    """The first limit ``cfg`` oversteps, as one line naming the key, or None.

    ``cfg`` has passed the schema and has its defaults filled in
    (:func:`kernelboost.pipeline.config.with_defaults`); a dataset a section
    names but the configuration does not define is skipped (it is
    :func:`kernelboost.pipeline.config.dataset_problem`'s).
    """
    return (
        _first(_size_memory(cfg))
        or _first(_series_memory(cfg))
        or _trees_problem(cfg)
        or _stepwise_direction_problem(cfg, int(cfg["cv"]["folds"]))
        or _agreement_problem(cfg)
    )
