"""Benchmark cases of the kernel modules (kernels, svm) against scikit-learn.

Importing this module needs the ``benchmarks`` directory on ``sys.path`` (as
``run.py`` arranges) and scikit-learn installed (the ``test`` extra).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from harness import Case, scaled
from libsvm_evals import libsvm_cost
from sklearn.metrics.pairwise import rbf_kernel
from sklearn.svm import SVC

from kernelboost.core.datasets import make_dataset
from kernelboost.core.kernels import Gaussian
from kernelboost.estimators.svm.classifier import SVM


def max_abs_diff(a: np.ndarray, b: np.ndarray, block_rows: int = 1024) -> float:
    """max |a - b| over all entries, in row blocks (no full-size temporary).

    Parameters
    ----------
    a, b : ndarray of the same shape
    block_rows : int, default=1024
        Rows compared at a time.

    Returns
    -------
    diff : float
        ``inf`` when the shapes differ.
    """
    a = np.asarray(a)
    b = np.asarray(b)
    if a.shape != b.shape:
        return float("inf")
    if a.size == 0:
        return 0.0
    a2 = a.reshape(a.shape[0], -1) if a.ndim > 1 else a[:, None]
    b2 = b.reshape(b.shape[0], -1) if b.ndim > 1 else b[:, None]
    worst = 0.0
    for start in range(0, a2.shape[0], block_rows):
        block = np.abs(a2[start : start + block_rows] - b2[start : start + block_rows])
        worst = max(worst, float(block.max()))
    return worst


def _rbf_gram(scale: float) -> Case:
    """Gaussian Gram matrix of m points in 10 dimensions vs ``rbf_kernel``."""
    m, n, sigma = scaled(10_000, scale), 10, 1.0
    gamma = 1.0 / (2.0 * sigma**2)
    kernel = Gaussian(sigma=sigma)

    def setup() -> np.ndarray:
        return np.random.default_rng(0).standard_normal((m, n))

    return Case(
        name="rbf_gram",
        size=f"m={m}, n={n}",
        setup=setup,
        ours=lambda X: kernel(X),
        peer=lambda X: rbf_kernel(X, gamma=gamma),
        quality=lambda ours, peer: {"max_abs_diff": max_abs_diff(ours, peer)},
        target_ratio=1.0,
        direction="<=",
    )


def _svm_fit(m_full: int, target: float | None) -> Callable[[float], Case]:
    """SVM fit on two moons (noise 0.3), RBF σ = 1/√2 (γ = 1), C = 1, tol 1e-3."""

    def build(scale: float) -> Case:
        m = scaled(m_full, scale, low=20)
        sigma = 1.0 / np.sqrt(2.0)

        def setup() -> tuple[np.ndarray, np.ndarray]:
            data = make_dataset(
                {"generator": "moons", "n_samples": m, "noise": 0.3, "seed": 0}
            )
            return data.X, data.y

        def ours(inputs: tuple[np.ndarray, np.ndarray]) -> SVM:
            return SVM(kernel=Gaussian(sigma=sigma), C=1.0, tol=1e-3).fit(*inputs)

        def peer(inputs: tuple[np.ndarray, np.ndarray]) -> SVC:
            return SVC(C=1.0, gamma=1.0, tol=1e-3).fit(*inputs)

        X, y = setup()

        def quality(a: SVM, b: SVC) -> dict[str, float]:
            ours_sv, peer_sv = set(a.support_), set(b.support_)
            dv = a.decision_function(X) - b.decision_function(X)
            row = {
                "n_sv_ours": float(len(ours_sv)),
                "n_sv_peer": float(len(peer_sv)),
                "sv_differ_frac": len(ours_sv ^ peer_sv) / len(peer_sv),
                "max_decision_diff": float(np.abs(dv).max()),
                "n_iter_ours": float(a.n_iter_),
                "n_iter_peer": float(np.sum(b.n_iter_)),
                "kernel_evals_ours": float(a.n_kernel_evals_),
            }
            # SVC does not report kernel evaluations: libsvm's own count, from
            # one more fit by the counting build of libsvm_evals.py (untimed).
            cost = libsvm_cost(X, y, C=1.0, gamma=1.0, tol=1e-3)
            if cost is not None:
                row.update(cost)
            return row

        return Case(
            name=f"svm_fit_m{m_full}",
            size=f"m={m}, RBF, C=1",
            setup=setup,
            ours=ours,
            peer=peer,
            quality=quality,
            target_ratio=target,
            direction="<=",
        )

    return build


#: One builder per case, in report order; each maps ``scale`` to a Case.
BUILDERS: list[Callable[[float], Case]] = [
    _rbf_gram,
    _svm_fit(1000, target=None),  # targets from m = 2 000 on
    _svm_fit(2000, target=1.2),
    _svm_fit(10000, target=1.0),
    _svm_fit(50000, target=1.0),
]
