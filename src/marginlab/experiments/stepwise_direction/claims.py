"""Claim rows of S7, from the stepwise_direction experiment's tables."""

from __future__ import annotations

from typing import Literal

import pandas as pd

from ...theory.intervals import MeanInterval, mean_interval
from .._shared.rows import ClaimRow, Relation

SOURCE = "Shewchuk, Lecture 14, §14.2 'Subset Selection'"

#: The relation of (forward − backward) the lecture predicts, by the
#: direction it favours in a regime: forward better (smaller) or backward.
S7_RELATIONS: dict[str, Relation] = {"forward": "<", "backward": ">"}


def forward_minus_backward(
    reps: pd.DataFrame, column: Literal["test_mse", "models"] = "test_mse"
) -> MeanInterval:
    """The mean over replicates of (forward's ``column`` − backward's) with its
    t interval over the replicates: what S7's test-error row (``test_mse``) or
    models row (``models``) of a regime reads (its ``measured``, ``ci_low``,
    ``ci_high``), and what the figure draws.

    Parameters
    ----------
    reps : DataFrame
        The rows of one regime of the ``replicates`` table.
    column : {"test_mse", "models"}, default="test_mse"
        The kept models' test MSE, or the number of models each stopped
        search trained.
    """
    return mean_interval(reps[f"forward_{column}"] - reps[f"backward_{column}"])


def s7_stepwise_direction(
    replicates: pd.DataFrame, losses: pd.DataFrame
) -> list[ClaimRow]:
    """S7: forward stepwise is the better choice when a few features are good
    predictors, backward when most are necessary.

    Per regime (a few or most of the d features informative), with the
    relation of (forward − backward) fixed by the direction the lecture
    favours there (``<`` where it favours forward, ``>`` where backward):

    - empirical: the mean over the R replicates of

          MSE_forward − MSE_backward,

      the two kept models' test mean squared errors on the same test points of
      a replicate, with the t interval of the R per-replicate differences
      (:func:`~marginlab.theory.intervals.mean_interval`): each replicate
      draws a new training set, so the interval counts the variation between
      training sets, which a claim about the two methods is about. The paired
      t interval of the R·n_test per-point differences
      (y − ŷ_forward)² − (y − ŷ_backward)², conditional on the R training
      sets drawn, is given in ``quantity``;
    - empirical: the mean over replicates of the number of models trained by
      the stopped forward search minus by the stopped backward search, with
      the t interval over the R replicates (the lecture's "if you're lucky,
      you'll stop early": where the stop comes depends on the data);
    - illustration: the features kept by each search beside the number of
      informative ones.

    Parameters
    ----------
    replicates, losses : DataFrame
        From :func:`.study.stepwise_direction_tables`.
    """
    rows = []
    for regime, reps in replicates.groupby("regime", sort=False):
        part = losses[losses["regime"] == regime]
        first = reps.iloc[0]
        favoured = str(first["favoured"])
        relation = S7_RELATIONS[favoured]
        d, k, n = int(first["d"]), int(first["n_informative"]), len(reps)
        where = (
            f"generated, {regime} informative: {k} of d = {d} features with weight "
            f"1 (Toeplitz correlation rho = {float(first['rho']):g}, noise sigma = "
            f"{float(first['noise']):g}); {n} replicates of {int(first['n_train'])} "
            f"training and {int(first['n_test'])} test points, "
            f"{int(first['n_splits'])}-fold CV on the training points"
        )
        common = {"source": SOURCE, "dataset": where, "kind": "empirical"}
        expected = "lower" if relation == "<" else "higher"
        per_point = mean_interval(part["forward"] - part["backward"])
        mse = (
            f"test MSE forward {reps['forward_test_mse'].mean():.4g}, backward "
            f"{reps['backward_test_mse'].mean():.4g}, informative features only "
            f"{reps['oracle_test_mse'].mean():.4g}, all {d} "
            f"{reps['all_test_mse'].mean():.4g}; conditional on these training "
            f"sets, over the {len(part)} test points' squared errors: "
            f"[{per_point.low:.4g}, {per_point.high:.4g}]"
        )
        rows.append(
            ClaimRow(
                name=f"test_mse/{regime}",
                title=f"{favoured} stepwise tests better when {regime} features "
                "are informative",
                quantity="mean over replicates of (test MSE of forward stepwise's "
                f"model - of backward's, on the same test points), t interval over "
                f"{n} replicates, each a new training set ({expected} is the "
                f"lecture's); {mse}",
                **forward_minus_backward(reps).fields(),
                bound=0.0,
                relation=relation,
                **common,
            )
        )
        full = int(first["full_models"])
        rows.append(
            ClaimRow(
                name=f"models/{regime}",
                title=f"{favoured} stepwise stops sooner when {regime} features "
                "are informative",
                quantity="mean over replicates of (models trained by forward "
                f"stepwise - by backward), both stopped by CV, t interval over {n} "
                f"replicates ({expected} is the lecture's): forward "
                f"{reps['forward_models'].mean():.4g}, backward "
                f"{reps['backward_models'].mean():.4g} models on average, a full "
                f"path {full}",
                **forward_minus_backward(reps, "models").fields(),
                bound=0.0,
                relation=relation,
                **common,
            )
        )
        rows.append(
            ClaimRow(
                name=f"kept/{regime}",
                title=f"features kept when {regime} features are informative",
                quantity=f"mean features kept by forward stepwise; backward keeps "
                f"{reps['backward_size'].mean():.3g}; of them informative: forward "
                f"{reps['forward_true'].mean():.3g}, backward "
                f"{reps['backward_true'].mean():.3g} (of {k})",
                measured=float(reps["forward_size"].mean()),
                bound=float("nan"),
                relation="n/a",
                source=SOURCE,
                dataset=where,
                kind="illustration",
            )
        )
    return rows
