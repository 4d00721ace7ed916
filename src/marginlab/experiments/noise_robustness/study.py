"""Claim B12: label noise hurts AdaBoost, and its weights point at the noise.

Mohri, Boosting, 'Outliers' and 'Weaker Aspects' (after Dietterich 2000):
AdaBoost keeps raising the weight of the points it gets wrong, and a mislabelled
point is one it keeps getting wrong, so D_{T+1}(i) ∝ exp(−y_i f_T(x_i)) ends up
concentrated on the flipped labels. The
same weights make the test error grow with the noise rate. The SVM (soft
margin, bounded α_i ≤ C) is run beside it on the same data.

"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ...core.datasets import Dataset, flip_labels
from ...core.kernels import Gaussian
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.weak_learners import Stumps
from ...estimators.model_selection import train_test_split
from ...estimators.svm.classifier import SVM


def top_weight_precision(yf: np.ndarray, flipped: np.ndarray) -> float:
    """Fraction of the k heaviest points under D ∝ exp(−y f) that were flipped.

    k is the number of flipped points; ties in weight go to the lower index.
    NaN when nothing was flipped.
    """
    k = int(flipped.sum())
    if k == 0:
        return float("nan")
    heaviest = np.argsort(yf, kind="stable")[:k]  # smallest y f = largest weight
    return float(flipped[heaviest].mean())


def noise_table(
    data: Dataset,
    *,
    rates: Sequence[float],
    n_rounds: int,
    sigma: float,
    C: float,
    test_fraction: float,
    split_seed: int,
    seed: int,
) -> pd.DataFrame:
    """The ``rates`` table of :func:`noise_tables` alone (same arguments)."""
    return noise_tables(
        data,
        rates=rates,
        n_rounds=n_rounds,
        sigma=sigma,
        C=C,
        test_fraction=test_fraction,
        split_seed=split_seed,
        seed=seed,
    )[0]


def noise_tables(
    data: Dataset,
    *,
    rates: Sequence[float],
    n_rounds: int,
    sigma: float,
    C: float,
    test_fraction: float,
    split_seed: int,
    seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Test error of AdaBoost and the SVM as training labels are flipped.

    For each rate, round(rate · m_train) training labels are flipped (seeded;
    the test labels stay clean). AdaBoost runs ``n_rounds`` rounds of stumps;
    the SVM uses the Gaussian kernel of width ``sigma`` and box ``C``.

    Returns
    -------
    rates : DataFrame
        One row per rate: ``rate, n_flipped, adaboost_train_error,
        adaboost_test_error, svm_test_error, precision`` (of "the n_flipped
        heaviest points under D_{T+1} are the flipped ones"), ``rounds``,
        ``n_train, n_test, split_seed``.
    mistakes : DataFrame
        ``rate, point, wrong``: for every rate, whether AdaBoost trained at
        that rate gets clean test point ``point`` (its index among the test
        points) wrong (1) or not (0); the mean of ``wrong`` at a rate is its
        ``adaboost_test_error``. Every rate is scored on the same test points,
        so two rates are compared pairwise from these (claim B12).
    """
    train, test = train_test_split(data.y, test_fraction, split_seed)
    clean = Dataset(data.X[train], data.y[train], data.feature_names, data.task)
    Xte, yte = data.X[test], data.y[test]
    rows, wrong = [], []
    for rate in sorted(float(r) for r in rates):
        noisy = flip_labels(clean, rate, seed)
        flipped = (
            noisy.flipped
            if noisy.flipped is not None
            else np.zeros(len(noisy.y), dtype=bool)
        )
        boost = AdaBoost(weak_learner=Stumps(), n_rounds=n_rounds).fit(noisy.X, noisy.y)
        svm = SVM(kernel=Gaussian(sigma=sigma), C=C).fit(noisy.X, noisy.y)
        yf = noisy.y * boost.decision_function(noisy.X)
        test_wrong = boost.predict(Xte) != yte
        wrong.append(
            pd.DataFrame(
                {
                    "rate": rate,
                    "point": np.arange(test_wrong.size),
                    "wrong": test_wrong.astype(int),
                }
            )
        )
        rows.append(
            {
                "rate": rate,
                "n_flipped": int(flipped.sum()),
                "adaboost_train_error": float(
                    np.mean(boost.predict(noisy.X) != noisy.y)
                ),
                "adaboost_test_error": float(np.mean(test_wrong)),
                "svm_test_error": float(np.mean(svm.predict(Xte) != yte)),
                "precision": top_weight_precision(yf, flipped),
                "rounds": boost.n_rounds_,
                "n_train": len(train),
                "n_test": len(test),
                "split_seed": split_seed,
            }
        )
    return pd.DataFrame(rows), pd.concat(wrong, ignore_index=True)
