"""Claim rows of K14 and E4, from the knn_k experiment's tables."""

from __future__ import annotations

import pandas as pd

from ...theory.intervals import (
    MeanInterval,
    PairedDifference,
    mean_interval,
    paired_difference,
)
from .._shared.rows import ClaimRow, not_applicable
from .._shared.samples import one_set_reason, sizes


def _paired(mistakes: pd.DataFrame, where: str, k1: int, k2: int) -> PairedDifference:
    """Error rate of k1 minus that of k2 on the same points (``where``: the
    test points, or the training points left out one at a time), with the
    paired interval."""
    part = mistakes[mistakes["set"] == where]
    wrong = {
        k: part[part["k"] == k].sort_values("point")["wrong"].to_numpy()
        for k in (k1, k2)
    }
    if any(w.size == 0 for w in wrong.values()):
        raise ValueError(f"no {where} mistakes of k = {k1} or k = {k2}")
    return paired_difference(wrong[k1], wrong[k2])


def loo_chosen_k(errors: pd.DataFrame) -> int:
    """k*, the k of smallest leave-one-out error on the training set (the
    first such k in increasing order), against which K14 reads over- and
    underfitting."""
    e = errors.sort_values("k")
    return int(e.loc[e["loo_error"].idxmin(), "k"])


def loo_differences(replicates: pd.DataFrame) -> pd.Series:
    """LOO(1-NN) − LOO(3-NN) on each training set of ``replicates``
    (:func:`.study.knn_tables`), indexed by replicate."""
    loo = replicates.pivot(index="replicate", columns="k", values="loo_error")
    if not {1, 3} <= set(loo.columns):
        raise ValueError("E4 needs the LOO errors of k = 1 and k = 3")
    return (loo[1] - loo[3]).rename("difference")


def mean_difference(replicates: pd.DataFrame) -> MeanInterval | None:
    """The mean of :func:`loo_differences` over the training sets and its
    Student t 95 % interval; None with fewer than two training sets."""
    d = loo_differences(replicates)
    return mean_interval(d.to_numpy()) if len(d) > 1 else None


def e4_knn_loo(
    errors: pd.DataFrame, mistakes: pd.DataFrame, replicates: pd.DataFrame
) -> list[ClaimRow]:
    """E4: on noisy data the LOO error of 1-NN exceeds that of 3-NN.

    The difference LOO(1-NN) − LOO(3-NN) is measured on each of R training
    sets drawn independently from the data's generator (the run's own
    first, :func:`.study.knn_tables`); the row reads its mean over the sets
    with the Student t 95 % interval (the sets are independent, the l
    leave-one-out outcomes of one set are not: they share neighbours), so
    that what one training set happens to hold does not decide it. The run's
    own set's paired comparison (:func:`~marginlab.theory.intervals.paired_difference`,
    which takes its l outcomes as independent) is given in the quantity as a
    description only.

    Parameters
    ----------
    errors, mistakes, replicates : DataFrame
        The tables of :func:`.study.knn_tables` (``errors`` holds the exact
        LOO error on the training set per k, ``mistakes`` which points each
        k gets wrong, ``replicates`` the LOO errors of k = 1 and 3 on each
        training set).

    Returns
    -------
    list of ClaimRow
        One row, ``loo_difference``: the mean of LOO(1-NN) − LOO(3-NN) over
        the training sets, checked ``> 0`` (empirical); with one training set
        (a dataset no seeded generator makes) not resolved.
    """
    loo = errors.set_index("k")["loo_error"]
    if not {1, 3} <= set(loo.index):
        raise ValueError("E4 needs k = 1 and k = 3 in knn.ks")
    first = errors.iloc[0]
    n_train = int(first["n_train"])
    own = _paired(mistakes, "loo", 1, 3)
    m = mean_difference(replicates)
    alone = one_set_reason(replicates)
    if m is None:
        evidence = {"measured": own.value}
        quantity = (
            f"LOO(1-NN) - LOO(3-NN) on the run's own training set = {own}; not "
            f"resolved, {alone}"
        )
    else:
        evidence = m.fields()
        quantity = (
            f"LOO(1-NN) - LOO(3-NN), mean over {m.n} training sets of "
            f"{sizes(replicates)} points drawn independently (95 % t interval "
            f"over the sets); the run's own set, as a description: {own}"
        )
    return [
        ClaimRow(
            title="1-NN has a larger LOO error than 3-NN on noisy data",
            source="Huang 2017, problem 2 (1-NN vs 3-NN)",
            dataset=f"{n_train} training points, split seed {int(first['split_seed'])}",
            quantity=quantity,
            **evidence,
            bound=0.0,
            relation=">",
            kind="empirical",
            unresolved=alone,
            name="loo_difference",
        )
    ]


def k14_knn(
    errors: pd.DataFrame,
    regions: pd.DataFrame,
    points: pd.DataFrame,
    mistakes: pd.DataFrame,
) -> list[ClaimRow]:
    """K14: k-NN from k = 1 to k = N.

    Rows: ``train_error``, training error at k = 1 (``<= 0``), and
    ``majority``, |test error at k = N − error of always predicting the
    training majority| (``<= 0``), both checks: they follow from how k-NN is
    coded (each training point is its own nearest neighbour; k = N votes over
    every training point); ``overfit`` and ``underfit``, test error at k = 1
    and at k = N minus the test error at k*, the k of smallest leave-one-out
    error on the training set (each ``> 0``: the extremes overfit and
    underfit, empirical). k* is chosen without the test
    points, so either row can fail; each carries the paired 95 % interval of
    the difference of two error rates on the same n_test test points, so
    that a difference of a few test points reads not resolved.

    The first row is not applicable (``not_applicable``) when training points
    share their coordinates with a point of the other label.
    """
    e = errors.sort_values("k")
    first, last = e.iloc[0], e.iloc[-1]
    k_star = loo_chosen_k(e)
    n_test = int(last["n_test"])

    def versus_chosen(k: int) -> dict[str, float]:
        return _paired(mistakes, "test", k, k_star).fields()

    common = dict(
        source="Huang 2017, 'From SVM to Nearest Neighbor'",
        dataset=f"{int(last['n_train'])} training points, split seed "
        f"{int(last['split_seed'])}",
    )
    one_nn = ClaimRow(
        title="1-NN makes no training error",
        quantity="training error, k = 1",
        measured=float(first["train_error"]),
        bound=0.0,
        relation="<=",
        kind="check",
        name="train_error",
        **common,
    )
    conflicting = int(first.get("conflicting_duplicates", 0))
    if conflicting:
        one_nn = not_applicable(
            one_nn,
            f"{conflicting} training points share their coordinates with a "
            "point of the other label; the statement assumes distinct points",
        )
    return [
        one_nn,
        ClaimRow(
            title="k = N predicts the majority class",
            quantity=f"|test error at k = {int(last['k'])} - majority-class error|",
            measured=abs(float(last["test_error"] - last["majority_test_error"])),
            bound=0.0,
            relation="<=",
            kind="check",
            name="majority",
            **common,
        ),
        ClaimRow(
            title="small k overfits: 1-NN's test error is above the LOO-chosen k's",
            quantity=f"test error at k = 1 minus at k* = {k_star} "
            f"(smallest LOO error), on the same {n_test} test points (paired 95 % "
            "interval)",
            **versus_chosen(int(first["k"])),
            bound=0.0,
            relation=">",
            kind="empirical",
            name="overfit",
            **common,
        ),
        ClaimRow(
            title="large k underfits: k = N's test error is above the LOO-chosen k's",
            quantity=f"test error at k = {int(last['k'])} minus at k* = "
            f"{k_star}, on the same {n_test} test points (paired 95 % "
            "interval)",
            **versus_chosen(int(last["k"])),
            bound=0.0,
            relation=">",
            kind="empirical",
            name="underfit",
            **common,
        ),
    ]
