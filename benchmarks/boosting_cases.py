"""Benchmark cases for boosting: AdaBoost with stumps against scikit-learn.

Ours: ``kernelboost.boosting.AdaBoost(n_rounds=200)`` with the default
:class:`~kernelboost.boosting.Stumps` (features presorted once, then one
O(m N) exact search per round). Peer: scikit-learn's
``AdaBoostClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=200)``
(SAMME), which refits a depth-1 tree, sorting every feature, in each round.
Both run on ``make_classification(n_samples=m, n_features=20,
random_state=0)`` with labels mapped to {−1, +1}.

The quality columns are the training errors of the two ensembles: ours picks
the stump of smallest weighted error, the peer the stump of smallest weighted
Gini impurity, so ours is expected to be at most the peer's. Ours is read from
``history_`` (computed during the fit); the peer's is computed after timing.

Importing this module needs the ``benchmarks`` directory on ``sys.path`` and
scikit-learn installed (the ``test`` extra). :data:`BUILDERS` is meant to be
appended to ``cases.BUILDERS``.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from harness import Case, scaled
from sklearn.datasets import make_classification
from sklearn.ensemble import AdaBoostClassifier
from sklearn.tree import DecisionTreeClassifier

from kernelboost.estimators.boosting.adaboost import AdaBoost

N_FEATURES = 20
N_ROUNDS = 200


def _adaboost_stumps(m_full: int, target: float | None) -> Callable[[float], Case]:
    """AdaBoost, stumps, T = 200, on m points with 20 features."""

    def build(scale: float) -> Case:
        m = scaled(m_full, scale, low=20)
        data: dict[str, tuple[np.ndarray, np.ndarray]] = {}

        def setup() -> tuple[np.ndarray, np.ndarray]:
            X, y01 = make_classification(
                n_samples=m, n_features=N_FEATURES, random_state=0
            )
            data["train"] = (X, 2.0 * y01 - 1.0)
            return data["train"]

        def ours(inputs: tuple[np.ndarray, np.ndarray]) -> AdaBoost:
            return AdaBoost(n_rounds=N_ROUNDS).fit(*inputs)

        def peer(inputs: tuple[np.ndarray, np.ndarray]) -> AdaBoostClassifier:
            model = AdaBoostClassifier(
                DecisionTreeClassifier(max_depth=1), n_estimators=N_ROUNDS
            )
            return model.fit(*inputs)

        def quality(a: AdaBoost, b: AdaBoostClassifier) -> dict[str, float]:
            X, y = data.pop("train")
            return {
                "train_error_ours": float(a.history_["train_error"].iloc[-1]),
                "train_error_peer": float(np.mean(b.predict(X) != y)),
            }

        return Case(
            name=f"adaboost_stumps_m{m_full}",
            size=f"m={m}, N={N_FEATURES}, T={N_ROUNDS}",
            setup=setup,
            ours=ours,
            peer=peer,
            quality=quality,
            target="none" if target is None else f"ratio <= {target} (>= 20x faster)",
            target_ratio=target,
            direction="<=",
        )

    return build


#: One builder per case, in report order; each maps ``scale`` to a Case.
BUILDERS: list[Callable[[float], Case]] = [
    _adaboost_stumps(10_000, target=None),  # the target is set at m = 100 000
    _adaboost_stumps(100_000, target=0.05),
]
