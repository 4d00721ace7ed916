"""Claim rows of K21, from the knn_smoothness experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._shared.rows import ClaimRow
from .._shared.samples import mean_correlation, one_set_reason, rank_correlation, sizes

#: The k of the lecture's pictures (Huang 2017, 'From SVM to Nearest Neighbor').
LECTURE_KS = (1, 7, 21)


def k21_knn_smoothness(
    lengths: pd.DataFrame, replicates: pd.DataFrame
) -> list[ClaimRow]:
    """K21: k-NN decision boundaries get smoother as k grows.

    Smoothness is read as K10 reads it for σ: L(k), the length of the
    decision boundary of k-NN on the grid
    (:func:`~.._shared.grid.boundary_length`).

    1. larger k gives a smoother boundary (empirical): Spearman's rank
       correlation ρ between k and L(k) over the k of the sweep, on each of
       R training sets drawn independently from the data's generator (the
       run's own first); the row reads the mean ρ with its Student t 95 %
       interval over the R sets, ``< 0``: held when the whole interval is
       below 0, did not hold when the whole interval is at or above 0, not
       resolved otherwise. Bound 0, the sign of the lecture's statement,
       fixed with the row before any run. A tendency, not monotonicity: the
       staircase length of a straight piece depends on its direction (up to
       √2), so two nearly straight boundaries of large k may swap their
       order. A training set whose lengths are all equal has ρ = 0
       (:func:`~.._shared.samples.rank_correlation`). With one training
       set (a dataset no seeded generator makes) there is no interval: not
       resolved.
    2. illustration: L at the lecture's K = 1, 7, 21 (those the sweep has)
       on the run's own training set, measured as the ratio
       L(largest of them) / L(1).

    Parameters
    ----------
    lengths, replicates : DataFrame
        The tables of :func:`.study.knn_smoothness_tables`.

    Returns
    -------
    list of ClaimRow
        The two rows above, in that order, named ``correlation`` and
        ``length_ratio``.
    """
    e = lengths.sort_values("k")
    ks = e["k"].astype(int).to_numpy()
    L = e["boundary_length"].to_numpy(dtype=float)
    rises = int(np.count_nonzero(np.diff(L) > 0))
    own = rank_correlation(e, "k")
    m = mean_correlation(replicates, "k")
    first = e.iloc[0]
    g = int(first["grid_points"])
    n_train = int(first["n_train"])
    common = dict(
        source="Huang 2017, 'From SVM to Nearest Neighbor' (K = 1, 7, 21)",
        dataset=f"{n_train} training points, {g} x {g} grid "
        f"(step {float(first['step']):.3g})",
    )
    by_k = dict(zip(ks.tolist(), L.tolist(), strict=True))
    shown = [k for k in LECTURE_KS if k in by_k]
    ratio = (
        by_k[shown[-1]] / by_k[1]
        if len(shown) > 1 and shown[0] == 1 and by_k[1] > 0
        else float("nan")
    )
    listed = ", ".join(f"L({k}) = {by_k[k]:.3g}" for k in shown) or "none"
    sweep = f"over {len(ks)} values of k from {ks[0]} to {ks[-1]}"
    own_text = f"the run's own: {own:.3g}, {rises} of {len(ks) - 1} steps lengthen it"
    alone = one_set_reason(replicates)
    if m is None:
        evidence = dict(measured=own if alone else float("nan"))
        over = f"{sweep} ({own_text})" + (f"; not resolved, {alone}" if alone else "")
    else:
        evidence = dict(m.fields())
        over = (
            f"{sweep}, mean over {m.n} training sets of {sizes(replicates)} points "
            f"drawn independently (95 % t interval over the sets; {own_text})"
        )
    return [
        ClaimRow(
            title="larger k gives a smoother k-NN boundary (shorter on the grid)",
            quantity=f"Spearman rank correlation of k and the boundary length {over}",
            **evidence,
            bound=0.0,
            relation="<",
            kind="empirical",
            unresolved=alone,
            name="correlation",
            **common,
        ),
        ClaimRow(
            title="the boundary lengths at the lecture's K = 1, 7, 21",
            quantity=f"boundary length at the largest of the lecture's k over "
            f"that at k = 1 on the run's own training set ({listed})",
            measured=ratio,
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            name="length_ratio",
            **common,
        ),
    ]
