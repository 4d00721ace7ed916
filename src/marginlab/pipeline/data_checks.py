"""The checks of the data the studies read, made before any job runs.

:func:`marginlab.pipeline.config.dataset_problem` checks that every dataset a
study names is defined and has the right task and number of features; then it
calls :func:`data_problem`, which checks, for every dataset a run reads, with
what the study declares in its registry entry
(:class:`~marginlab.experiments._shared.experiment.Need`):

1. its size: the number of rows (a generator's follows from its parameters,
   a user CSV's lines are counted, not parsed) against the most the study
   can afford (:func:`row_limit`), in memory and in time. A study that forms
   a matrix between all its points (or the points of its grid) and its
   training points needs 8·max(m, grid)·m_train bytes, within
   :data:`MATRIX_BYTES`, the budget of one array of
   :mod:`marginlab.pipeline.limits` (so both checks agree on it); a study
   over every distinct stump (or a family of lines) of its training points
   needs 8·m_train·columns bytes for their values, within the smaller
   :data:`FAMILY_BYTES` (the stumps bounded by 2·n per training point, and
   counted on the data when that bound is too large); some studies can
   afford fewer rows in time (``max_rows``); and no study reads more than
   :data:`MAX_ROWS`;
2. the cells of a user CSV a study reads: every check of
   :func:`~marginlab.core.datasets.load_csv`, among them values too large
   for squared distances to stay finite; only once its size passed 1, so
   that reading it is cheap;
3. its classes, for every dataset: the rows of each class (of all rows, for
   regression) against the smallest data the study can learn from, after its
   split (``holdout``) and for its cross-validation (``folds``), and its rows
   against its features where the study needs more (``beyond_features``). A
   CSV's classes are counted in its label column; a generator's follow from
   its parameters, two classes or K (each of the K then needs as many points
   as a class of two); where the study flips labels itself (``flips``), they
   are counted after its flips (of two classes: a study takes K-class data
   only where its need says so, checked before).

Each problem is one line that names the config key, the dataset (and a CSV's
file) and what is wrong, e.g.::

    'pegasos_convergence.dataset': 'mine' (mine.csv) has 100000 rows; this
    study forms a 100000 × 100000 kernel matrix (75 GiB); at most 20000 rows
    (3.0 GiB)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.datasets import (
    DatasetError,
    class_counts,
    data_file,
    dataset_rows,
    dataset_shape,
    flip_labels,
    make_dataset,
)
from ..experiments import EXPERIMENTS
from ..experiments._shared.experiment import Need
from .limits import FAMILY_BYTES, MAX_POINTS, MEMORY, format_bytes
from .plan import Plan

__all__ = [
    "FAMILY_BYTES",
    "MATRIX_BYTES",
    "MAX_ROWS",
    "Use",
    "data_problem",
    "dataset_uses",
    "distinct_stumps",
    "family_bytes",
    "matrix_bytes",
    "row_limit",
    "smallest_class",
    "split_counts",
]

#: Memory budget of the one matrix a study forms between its points (or its
#: grid's) and its training points: the budget of one array of
#: :mod:`marginlab.pipeline.limits` (3 GiB, a Gram matrix of 20000 points),
#: so that a user CSV and a generated dataset of the same size get the same
#: answer.
MATRIX_BYTES = MEMORY

#: The most rows any study reads: :data:`marginlab.pipeline.limits.MAX_POINTS`
#: (5 × the full configuration's largest dataset). The check reads a user CSV
#: whole (about 0.4 s per 100000 rows), and its job again.
MAX_ROWS = MAX_POINTS


@dataclass(frozen=True)
class Use:
    """A dataset one run of a study reads: the config key that names it, the
    dataset's name, what the study needs of it, and the run's arguments that
    the need refers to (``test_fraction``, ``n_splits``, its grid's)."""

    key: str
    name: str
    need: Need
    args: tuple[tuple[str, Any], ...] = ()

    @property
    def test_fraction(self) -> float | None:
        """The fraction the study holds out, or None without ``holdout``."""
        name = self.need.holdout_argument
        return None if name is None else float(dict(self.args)[name])

    @property
    def n_splits(self) -> int | None:
        """The folds of the study's cross-validation, or None without ``folds``."""
        return int(dict(self.args)["n_splits"]) if self.need.folds else None

    def family_columns(self, n_features: int) -> int:
        """Hypotheses per training point of the study's family (0 without)."""
        if not self.need.family:
            return 0
        if self.need.family == "stumps":
            return 2 * n_features
        return 2 * int(dict(self.args)[self.need.family])

    @property
    def grid(self) -> tuple[int, int]:
        """Points per axis of the study's grid and its number of points
        (that, or its square in the plane); (0, 0) without one."""
        if not self.need.grid:
            return 0, 0
        g = int(dict(self.args)[self.need.grid])
        return g, (g if self.need.n_features == 1 else g * g)


def _arguments(need: Need) -> list[str]:
    """The run arguments ``need`` refers to."""
    return [
        key
        for key, wanted in (
            (need.holdout_argument or "", bool(need.holdout)),
            ("n_splits", need.folds),
            (need.grid, bool(need.grid)),
            (need.family, need.family not in ("", "stumps")),
            (need.flips, bool(need.flips)),
            ("seed", bool(need.flips)),
        )
        if wanted
    ]


def dataset_uses(cfg: Mapping[str, Any], plan: Plan | None = None) -> list[Use]:
    """Every dataset an experiment's runs read, with its need and the run's
    arguments the need refers to, each once, in registry order.

    Parameters
    ----------
    cfg : mapping
        The configuration, its defaults filled in.
    plan : Plan, optional
        The plan of ``cfg`` (made if not given).

    Returns
    -------
    list of Use
    """
    plan = plan or Plan(cfg)
    uses = []
    for exp in EXPERIMENTS:
        for run in plan.runs(exp).values():
            for refs in run.data.values():
                for ref in refs if isinstance(refs, tuple) else (refs,):
                    args = tuple((k, run.args[k]) for k in _arguments(ref.need))
                    uses.append(Use(ref.key, ref.name, ref.need, args))
    return list(dict.fromkeys(uses))


# -- 1. size ------------------------------------------------------------------


def _held_out(m: int, test_fraction: float | None) -> int:
    """Points held out of m: round(f · m), as the studies' splits take them."""
    return 0 if test_fraction is None else int(round(test_fraction * m))


def matrix_bytes(m: int, test_fraction: float | None = None, grid: int = 0) -> int:
    """Bytes of the float64 matrix between the m points (or the ``grid``
    points, if more) and the training part (all m without a test fraction):
    8 · max(m, grid) · m_train.

    Examples
    --------
    >>> matrix_bytes(100_000) / 2**30  # GiB
    74.50580596923828
    >>> matrix_bytes(1000, 0.5, grid=150**2)
    90000000
    """
    return 8 * max(m, grid) * (m - _held_out(m, test_fraction))


def _largest(fits: Callable[[int], bool]) -> int:
    """The largest m ≥ 0 with ``fits(m)``, for a predicate true up to some m."""
    low, high = 0, 1
    while fits(high):
        low, high = high, 2 * high
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if fits(mid) else (low, mid)
    return low


def family_bytes(m: int, columns: int, test_fraction: float | None = None) -> int:
    """Bytes of the float64 values of a family of hypotheses, ``columns`` per
    training point, on the training points: 8 · m_train · columns · m_train.

    Examples
    --------
    >>> family_bytes(4000, 4, 0.5)  # 8000 stumps of 2-D data on 2000 points
    128000000
    """
    train = m - _held_out(m, test_fraction)
    return 8 * train * columns * train


def _limits(use: Use, n_features: int, stumps: int | None = None) -> dict[str, int]:
    """The most rows ``use``'s study can afford, by reason: ``"any"``
    (:data:`MAX_ROWS`), ``"matrix"``, ``"family"`` (their memory), ``"time"``
    (its ``max_rows``). ``stumps``: the distinct stumps of the data, counted
    (:func:`distinct_stumps`), instead of the bound 2·n per training point."""
    f, grid = use.test_fraction, use.grid[1]
    limits = {"any": MAX_ROWS}
    if use.need.gram:
        limits["matrix"] = _largest(lambda m: matrix_bytes(m, f, grid) <= MATRIX_BYTES)
    columns = use.family_columns(n_features)
    if columns and stumps is not None and use.need.family == "stumps":
        limits["family"] = _largest(
            lambda m: 8 * (m - _held_out(m, f)) * stumps <= FAMILY_BYTES
        )
    elif columns:
        limits["family"] = _largest(
            lambda m: family_bytes(m, columns, f) <= FAMILY_BYTES
        )
    if use.need.max_rows is not None:
        limits["time"] = use.need.max_rows
    return limits


def row_limit(use: Use, n_features: int = 1) -> int:
    """The most rows ``use``'s study can afford, for data of ``n_features``:
    what its matrices allow in :data:`MATRIX_BYTES` and :data:`FAMILY_BYTES`,
    its own ``max_rows``, and :data:`MAX_ROWS`.

    Parameters
    ----------
    use : Use
    n_features : int, default=1
        The dataset's features (the number of distinct stumps grows with it).

    Returns
    -------
    int

    Examples
    --------
    >>> from marginlab.experiments._shared.experiment import ANY
    >>> row_limit(Use("k", "d", ANY.but(gram="kernel matrix")))
    20000
    """
    return min(_limits(use, n_features).values())


def distinct_stumps(X: Any) -> int:
    """Distinct stumps of the points X at most, both polarities and the two
    constants: 2 + 2·Σ_j (v_j − 1) for v_j distinct values of feature j (as
    :func:`marginlab.theory.margins.distinct_stumps` makes them, before
    equal columns are dropped).

    Examples
    --------
    >>> distinct_stumps([[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]])
    6
    """
    import numpy as np

    X = np.asarray(X)
    return 2 + 2 * sum(np.unique(x).size - 1 for x in X.T)


def _binding(use: Use, rows: int, n_features: int, stumps: int | None = None) -> str:
    """The reason of the smallest limit (the first of the smallest)."""
    limits = _limits(use, n_features, stumps)
    reason = min(limits, key=limits.__getitem__)
    return reason if rows > limits[reason] else ""


def _size_problem(
    use: Use, rows: int, n_features: int, what: str, stumps: int | None = None
) -> str | None:
    limits = _limits(use, n_features, stumps)
    reason = min(limits, key=limits.__getitem__)  # the first of the smallest
    limit = limits[reason]
    if rows <= limit:
        return None
    need, f = use.need, use.test_fraction
    train = rows - _held_out(rows, f)
    start = f"'{use.key}': {what} has {rows} rows; "
    points = "training points" if f is not None else "points"
    if reason == "time":
        return f"{start}{need.max_why}; at most {limit}"
    if reason == "matrix":
        g, grid = use.grid
        if grid > rows:
            side = f"{g} × {g} grid" if need.n_features != 1 else f"{g}-point grid"
            detail = f"its {side} against its {train} {points}, "
        elif f is not None:
            detail = f"all its points against its {train} {points}, "
        else:
            detail = ""
        return (
            f"{start}this study forms a {max(rows, grid)} × {train} {need.gram} "
            f"({detail}{format_bytes(matrix_bytes(rows, f, grid))}); at most "
            f"{limit} rows ({format_bytes(MATRIX_BYTES)})"
        )
    if reason == "family":
        columns = use.family_columns(n_features) * train
        up_to = "up to " if need.family == "stumps" else ""
        if stumps is not None and need.family == "stumps":
            columns, up_to = stumps, ""
        kind = "distinct stumps" if need.family == "stumps" else "lines"
        return (
            f"{start}this study forms the values of its {up_to}{columns} {kind} on "
            f"its {train} {points} (a {train} × {columns} matrix, "
            f"{format_bytes(8 * train * columns)}, which it copies many times); "
            f"at most {limit} rows ({format_bytes(FAMILY_BYTES)})"
        )
    return (
        f"{start}at most {MAX_ROWS} rows for any study (5 × the full "
        "configuration's largest dataset)"
    )


# -- 3. classes -----------------------------------------------------------------


def split_counts(m: int, test_fraction: float | None) -> tuple[int, int]:
    """(training, test) points of a class (or a dataset) of m points under
    ``test_fraction``, as the studies split: round(f · m) are held out
    (:func:`~marginlab.estimators.model_selection.train_test_split` per
    class, :func:`~marginlab.estimators.model_selection.random_split`).

    Examples
    --------
    >>> split_counts(3, 0.5)  # round(1.5) = 2
    (1, 2)
    >>> split_counts(1, 0.5)  # round(0.5) = 0: no test point
    (1, 0)
    """
    test = _held_out(m, test_fraction)
    return m - test, test


def _needs(use: Use, regression: bool) -> tuple[int, int]:
    """(training, test) points the study needs of each class (of all rows)."""
    train = max(use.need.min_per_class, use.n_splits or 1)
    if use.test_fraction is None:
        return train, 0
    if regression:  # random_split: at least two rows in each part
        return max(train, 2), 2
    return train, 1


def smallest_class(use: Use, regression: bool = False) -> int:
    """The fewest points of a class (rows, for regression) ``use``'s study can
    learn from, before its split: the smallest m whose training and test
    parts (:func:`split_counts`) are as large as the study needs.

    Parameters
    ----------
    use : Use
    regression : bool, default=False
        Count rows of a regression dataset (split at random, two rows at least
        in each part) instead of points of a class.

    Returns
    -------
    int

    Examples
    --------
    >>> from marginlab.experiments._shared.experiment import ANY
    >>> cv = ANY.but(holdout=True, folds=True)
    >>> smallest_class(Use("k", "d", cv, (("test_fraction", 0.5), ("n_splits", 5))))
    9
    """
    train, test = _needs(use, regression)
    f = use.test_fraction

    def enough(m: int) -> bool:
        a, b = split_counts(m, f)
        return a >= train and b >= test

    if f is None:
        return train
    return _largest(lambda m: not enough(m)) + 1


def _requirement(use: Use, regression: bool, least: int) -> str:
    """What the study needs of each class (of all rows), and why, for a
    message: ``this study holds out ... and needs ...``."""
    need, f, k = use.need, use.test_fraction, use.n_splits
    train, test = _needs(use, regression)
    unit = "rows" if regression else "of each class"
    why = ""
    if k is not None and k == train:
        why = f" (to cross-validate with {k} folds)"
    elif need.min_per_class == train > 1:
        why = f" ({need.min_why})"
    if f is None:
        return f"this study needs {train} {unit}{why}"
    how = "at random" if regression else "of each class"
    if train == test and not why:
        parts = f"{train} {unit} in both parts"
    else:
        parts = f"{test} {unit} in the test part and {train} in the training part{why}"
    return (
        f"this study holds out {f:g} {how} (test_fraction) and needs {parts}: "
        f"at least {least} {unit}"
    )


def _count_problem(
    use: Use, counts: Mapping[str, int], n_features: int, what: str, regression: bool
) -> str | None:
    need = use.need
    total = sum(counts.values())
    if need.beyond_features and total < n_features + need.beyond_features:
        return (
            f"'{use.key}': {what} has {total} rows and {n_features} features; this "
            f"study needs at least {n_features + need.beyond_features} rows "
            f"({need.beyond_why})"
        )
    least = smallest_class(use, regression)
    if min(counts.values()) >= least:
        return None
    f = use.test_fraction

    def parts(n: int) -> str:
        if f is None:
            return ""
        train, test = split_counts(n, f)
        return f" ({train} to train on, {test} held out)"

    if regression:
        have = f"{counts['rows']} rows{parts(counts['rows'])}"
    elif len(counts) > 2:  # K classes: those short of the need
        have = f"{len(counts)} classes, " + " and ".join(
            f"{n} of class {label}{parts(n)}"
            for label, n in counts.items()
            if n < least
        )
    else:
        have = " and ".join(
            f"{n} of class {label}{parts(n)}" for label, n in counts.items()
        )
    return f"'{use.key}': {what} has {have}; {_requirement(use, regression, least)}"


# -- all ------------------------------------------------------------------------


def data_problem(cfg: Mapping[str, Any], plan: Plan | None = None) -> str | None:
    """The first dataset a run reads that is too large for its study, a user
    CSV a study reads whose cells :func:`~marginlab.core.datasets.load_csv`
    refuses, or the first dataset with fewer points of a class (of any of its
    K classes) than its study needs; as one line naming the key, or None. (A
    study that flips labels separates two classes: K-class data were refused
    before, by :func:`marginlab.pipeline.config.dataset_problem`.)

    Assumes the datasets the runs name are defined, with the task and shape
    their studies need (:func:`marginlab.pipeline.config.dataset_problem`
    checks that first). Reads each CSV a study reads once, after its size
    passed; makes a generated dataset only if its labels are random
    (:func:`~marginlab.core.datasets.class_counts`).

    Parameters
    ----------
    cfg : mapping
        The configuration, its defaults filled in.
    plan : Plan, optional
        The plan of ``cfg`` (made if not given).

    Returns
    -------
    str or None
    """
    uses = dataset_uses(cfg, plan)
    specs = cfg["datasets"]
    rows: dict[str, int] = {}
    for use in uses:
        spec = specs[use.name]
        try:
            if use.name not in rows:
                rows[use.name] = dataset_rows(spec)
            n_features = dataset_shape(spec).n_features
        except DatasetError as err:
            return f"'datasets.{use.name}': {err}"
        m, what = rows[use.name], _what(use.name, spec)
        stumps = None
        family = _binding(use, m, n_features) == "family"
        if family and use.need.family == "stumps" and m <= MAX_ROWS:
            # The bound 2·n per point is too large: count the data's stumps
            # (a feature of few distinct values has few).
            try:
                counted = distinct_stumps(make_dataset(spec).X)
            except DatasetError as err:
                return f"'datasets.{use.name}': {err}"
            train = m - _held_out(m, use.test_fraction)
            if counted < use.family_columns(n_features) * train:
                stumps = counted
        problem = _size_problem(use, m, n_features, what, stumps)
        if problem:
            return problem
    counts: dict[str, dict[str, int]] = {}
    for use in uses:
        spec = specs[use.name]
        regression = use.need.task == "regression"
        what = _what(use.name, spec)
        if use.name not in counts:
            try:
                counts[use.name] = (
                    {"rows": dataset_rows(spec)} if regression else class_counts(spec)
                )
            except DatasetError as err:
                return f"'datasets.{use.name}': {err}"
        have = counts[use.name]
        if use.need.flips:
            rate = float(dict(use.args)[use.need.flips])
            have = _flipped_counts(spec, have, rate, int(dict(use.args)["seed"]))
            section = use.key.split(".")[0]
            what = f"{what}, after {section}.{use.need.flips} {rate:g} flips labels,"
        problem = _count_problem(
            use, have, dataset_shape(spec).n_features, what, regression
        )
        if problem:
            return problem
    return None


def _flipped_counts(
    spec: Mapping[str, Any], counts: Mapping[str, int], rate: float, seed: int
) -> dict[str, int]:
    """The class counts of ``spec``'s data once the study flips round(rate·m)
    labels with ``seed`` (:func:`~marginlab.core.datasets.flip_labels`, as
    the study does), under the names of ``counts`` (the −1 class first)."""
    data = flip_labels(make_dataset(spec), rate, seed)
    positive = int((data.y > 0).sum())
    negative_name, positive_name = counts
    return {negative_name: data.n_samples - positive, positive_name: positive}


def _what(name: str, spec: Mapping[str, Any]) -> str:
    """The dataset in a message: its name, and the file it is read from."""
    path = data_file(spec)
    return repr(name) if path is None else f"{name!r} ({path})"
