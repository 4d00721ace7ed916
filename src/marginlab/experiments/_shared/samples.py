"""Independent training sets: the run's dataset and fresh draws of its generator.

A claim read from one training set says how a learner behaved on that set;
whether it behaves so on the data's distribution needs several sets drawn
independently, and an interval over them. :func:`training_sets` gives them:
the run's own dataset first (its figure and its single-set numbers stay those
of the run), then ``n_replicates − 1`` datasets made from the same
configuration entry with other seeds (:func:`replicate_seed`), each processed
as the first (same size, same split), so that a statistic computed on each is
an i.i.d. sample of its distribution over training sets and Student's t
interval of its mean (:func:`~marginlab.theory.intervals.mean_interval`)
reads it.

A dataset that no seeded generator makes (a user's CSV, a bundled real
dataset) cannot be drawn again: it is its only training set, and the rows
that need an interval over training sets say so
(:data:`ONE_TRAINING_SET`). A room's entry passes the dataset's configuration
entry to its study with :func:`~.experiment.drawn_like`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ...core.datasets import GENERATOR_TABLE, Dataset, make_dataset
from ...theory.intervals import MeanInterval, mean_interval

#: Why a row that reads an interval over training sets has none.
ONE_TRAINING_SET = (
    "one training set: the dataset is not made by a seeded generator, so no "
    "other training set can be drawn and there is no interval over training sets"
)


@dataclass(frozen=True)
class Replicate:
    """One training set's dataset: its index (0 is the run's own), the
    generator seed that made it (None when not generated) and the data."""

    replicate: int
    seed: int | None
    data: Dataset


def replicate_seed(seed: int, replicate: int) -> int:
    """The generator seed of replicate ``replicate`` ≥ 1: the first 32-bit
    word of ``numpy.random.SeedSequence([seed, replicate])``.

    Distinct replicates get unrelated streams (not ``seed + r``, which would
    share a stream with the label flips, seeded by the generator seed + 1
    (:func:`~marginlab.core.datasets.make_dataset`)).

    Examples
    --------
    >>> replicate_seed(13, 1) == replicate_seed(13, 1) != replicate_seed(13, 2)
    True
    """
    if replicate < 1:
        raise ValueError(f"replicate 0 is the run's own dataset; got {replicate}.")
    state = np.random.SeedSequence([int(seed), int(replicate)]).generate_state(1)
    return int(state[0])


def can_redraw(spec: Mapping[str, Any]) -> bool:
    """Whether the configuration entry ``spec`` names a generator with a
    ``seed`` (so that other seeds give independent datasets of its kind)."""
    generator = GENERATOR_TABLE.get(spec.get("generator"))
    return generator is not None and "seed" in generator.arguments({})


def training_sets(
    data: Dataset,
    spec: Mapping[str, Any] | None,
    n_replicates: int,
    seed: int,
) -> list[Replicate]:
    """``data`` and ``n_replicates − 1`` independent datasets of its generator.

    Parameters
    ----------
    data : Dataset
        The run's dataset, made from ``spec``: replicate 0.
    spec : mapping or None
        Its configuration entry (:func:`~marginlab.core.datasets.make_dataset`);
        None, or an entry that :func:`can_redraw` refuses, gives ``data`` alone.
    n_replicates : int ≥ 1
        The number of datasets, ``data`` included.
    seed : int
        Replicate r ≥ 1 is ``make_dataset(spec | {"seed": replicate_seed(seed, r)})``.

    Returns
    -------
    list of Replicate
        In order of replicate. The draws have the size ``spec`` gives, which
        is ``data``'s when ``data`` was made from ``spec`` (as in the
        pipeline); the tables record each set's size (:func:`sizes`).

    Raises
    ------
    ValueError
        When ``n_replicates`` < 1.
    """
    if int(n_replicates) < 1:
        raise ValueError(f"need n_replicates >= 1; got {n_replicates}.")
    if spec is None or not can_redraw(spec):
        return [Replicate(0, None, data)]
    own = GENERATOR_TABLE[spec["generator"]].arguments(spec)["seed"]
    out = [Replicate(0, int(own), data)]
    for r in range(1, int(n_replicates)):
        s = replicate_seed(seed, r)
        out.append(Replicate(r, s, make_dataset({**spec, "seed": s})))
    return out


def replicate_columns(rep: Replicate) -> dict[str, Any]:
    """``replicate, seed`` of a table row (seed missing when not generated:
    give the table's ``seed`` column the dtype ``"Int64"``)."""
    return {"replicate": rep.replicate, "seed": pd.NA if rep.seed is None else rep.seed}


def sizes(replicates: pd.DataFrame, column: str = "n_train") -> str:
    """The training sets' size for a row's text: ``"200"``, or ``"40 to 200"``
    when they differ (a dataset not made from its entry).

    Examples
    --------
    >>> sizes(pd.DataFrame({"n_train": [200, 200]}))
    '200'
    """
    low, high = int(replicates[column].min()), int(replicates[column].max())
    return f"{low}" if low == high else f"{low} to {high}"


def one_set_reason(replicates: pd.DataFrame) -> str:
    """:data:`ONE_TRAINING_SET` when ``replicates`` (a table with a
    ``replicate`` column) holds fewer than two training sets, else ``""``."""
    return ONE_TRAINING_SET if replicates["replicate"].nunique() < 2 else ""


def rank_correlation(table: pd.DataFrame, x: str, y: str = "boundary_length") -> float:
    """Spearman's ρ of the columns ``x`` and ``y`` over the rows of ``table``.

    All ``y`` equal (no ordering to correlate with ``x``) gives 0: no tendency
    either way, and a mean over training sets that are all flat is 0, which
    is not below a bound of 0. NaN with fewer than two rows.

    Examples
    --------
    >>> rank_correlation(pd.DataFrame({"k": [1, 3, 5], "boundary_length": [3.0, 2, 1]}), "k")
    -1.0
    >>> rank_correlation(pd.DataFrame({"k": [1, 3], "boundary_length": [2.0, 2.0]}), "k")
    0.0
    """  # noqa: E501
    e = table.sort_values(x)
    values = e[y].to_numpy(dtype=float)
    if len(values) < 2:
        return float("nan")
    if np.ptp(values) == 0:
        return 0.0
    from scipy import stats  # imported where used: most figure jobs never need it

    return float(stats.spearmanr(e[x].to_numpy(), values).statistic)


def correlations(
    replicates: pd.DataFrame, x: str, y: str = "boundary_length"
) -> pd.Series:
    """:func:`rank_correlation` of ``x`` and ``y`` on each training set of
    ``replicates`` (a table with a ``replicate`` column), indexed by replicate."""
    return replicates.groupby("replicate")[[x, y]].apply(rank_correlation, x, y)


def mean_correlation(
    replicates: pd.DataFrame, x: str, y: str = "boundary_length"
) -> MeanInterval | None:
    """The mean of :func:`correlations` over the training sets and its
    Student t 95 % interval
    (:func:`~marginlab.theory.intervals.mean_interval`); None with fewer
    than two training sets or an undefined ρ."""
    rho = correlations(replicates, x, y)
    if len(rho) < 2 or not np.isfinite(rho).all():
        return None
    return mean_interval(rho.to_numpy())
