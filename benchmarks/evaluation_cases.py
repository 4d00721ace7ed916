"""Benchmark cases of the evaluation and selection modules against scikit-learn.

- ``svm_loo_m1000``: exact SVM leave-one-out on two moons (m = 1 000, noise
  0.3), RBF σ = 1/√2 (γ = 1), C = 1, tol 1e-3, by
  :func:`marginlab.svm_loo` (one fit, then warm-started retrains
  for the support vectors only) against
  ``cross_val_score(SVC(C=1, gamma=1), X, y, cv=LeaveOneOut())`` (m fits).
  Target: at least 20× faster (ratio ≤ 0.05), the same number of LOO errors ±1.
- ``lasso_path_2000x100``: :func:`marginlab.lasso_path` against
  ``sklearn.linear_model.lasso_path`` on the same 100 λ values, 2 000 × 100
  sparse regression data (10 informative features), centered beforehand so
  that both solve the same problem (ours centers again; sklearn's path has
  no intercept). Both stop on the same duality-gap criterion,
  gap ≤ tol·‖y‖²/m, with tol = 1e-6: at sklearn's default tol = 1e-4 its
  own coefficients are only within ~3e-2 of the exact path on this problem,
  so a 1e-4 comparison would measure sklearn's tolerance, not agreement.
  Target: ratio ≤ 3, coefficients within 1e-4.

Each builder maps ``scale`` to a :class:`harness.Case`, like ``cases.py``.
Importing this module needs the ``benchmarks`` directory on ``sys.path`` and
scikit-learn installed.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from harness import Case, scaled
from sklearn.linear_model import lasso_path as sklearn_lasso_path
from sklearn.model_selection import LeaveOneOut, cross_val_score
from sklearn.svm import SVC

from marginlab import SVMLOOResult, svm_loo
from marginlab.core.datasets import make_dataset
from marginlab.core.kernels import Gaussian
from marginlab.estimators.selection import lasso_alpha_max, lasso_path
from marginlab.estimators.svm.classifier import SVM


def _svm_loo_m1000(scale: float) -> Case:
    """Exact SVM LOO: svm_loo vs cross_val_score(SVC, LeaveOneOut())."""
    m = scaled(1000, scale, low=20)
    sigma = 1.0 / np.sqrt(2.0)  # γ = 1/(2σ²) = 1

    def setup() -> tuple[np.ndarray, np.ndarray]:
        data = make_dataset(
            {"generator": "moons", "n_samples": m, "noise": 0.3, "seed": 0}
        )
        return data.X, data.y

    def ours(inputs: tuple[np.ndarray, np.ndarray]) -> SVMLOOResult:
        return svm_loo(SVM(kernel=Gaussian(sigma=sigma), C=1.0, tol=1e-3), *inputs)

    def peer(inputs: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        X, y = inputs
        return cross_val_score(SVC(C=1.0, gamma=1.0, tol=1e-3), X, y, cv=LeaveOneOut())

    def quality(a: SVMLOOResult, b: np.ndarray) -> dict[str, float]:
        n_peer = int(round(float(np.sum(1.0 - b))))
        return {
            "n_errors_ours": float(a.n_errors),
            "n_errors_peer": float(n_peer),
            "n_sv_ours": float(a.n_sv),
            "n_retrained": float(a.retrained.size),
        }

    return Case(
        name="svm_loo_m1000",
        size=f"m={m}, RBF gamma=1, C=1",
        setup=setup,
        ours=ours,
        peer=peer,
        quality=quality,
        target="ratio <= 0.05 (>= 20x faster); LOO errors within 1",
        target_ratio=0.05,
        direction="<=",
    )


def _lasso_path_2000x100(scale: float) -> Case:
    """Lasso path by coordinate descent vs sklearn.linear_model.lasso_path."""
    m = scaled(2000, scale, low=20)
    n = 100
    tol = 1e-6

    def setup() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        data = make_dataset(
            {
                "generator": "sparse_regression",
                "n_samples": m,
                "n_features": n,
                "n_informative": 10,
                "noise": 1.0,
                "seed": 0,
            }
        )
        X = data.X - data.X.mean(axis=0)
        y = data.y - data.y.mean()
        amax = lasso_alpha_max(X, y)
        alphas = np.geomspace(amax, 1e-3 * amax, num=100)
        return X, y, alphas

    def ours(inputs: tuple[np.ndarray, np.ndarray, np.ndarray]) -> np.ndarray:
        X, y, alphas = inputs
        return lasso_path(X, y, alphas, tol=tol)[1]

    def peer(inputs: tuple[np.ndarray, np.ndarray, np.ndarray]) -> np.ndarray:
        X, y, alphas = inputs
        return sklearn_lasso_path(X, y, alphas=alphas, tol=tol)[1]

    def quality(a: np.ndarray, b: np.ndarray) -> dict[str, float]:
        return {"max_coef_diff": float(np.max(np.abs(a - b)))}

    return Case(
        name="lasso_path_2000x100",
        size=f"m={m}, n={n}, 100 alphas, tol={tol:g}",
        setup=setup,
        ours=ours,
        peer=peer,
        quality=quality,
        target="ratio <= 3.0; coefficients within 1e-4",
        target_ratio=3.0,
        direction="<=",
    )


#: One builder per case, in report order; each maps ``scale`` to a Case.
BUILDERS: list[Callable[[float], Case]] = [
    _svm_loo_m1000,
    _lasso_path_2000x100,
]
