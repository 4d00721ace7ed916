"""SVM claims: K11 (the σ/C grid of SMO pictures)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..datasets import Dataset
from ..exceptions import NotSeparableError
from ..kernels import Gaussian
from ..svm import SVM
from ._grid import padded_grid


def panel_id(sigma: float, C: float) -> str:
    """File-name id of one (σ, C) panel: ``s1_Cinf``, ``s0.25_C100``."""
    return f"s{sigma:g}_C{'inf' if math.isinf(C) else format(C, 'g')}"


def svm_panel(
    data: Dataset, sigma: float, C: float, tol: float, grid_points: int
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Fit the Gaussian-kernel SVM of one panel and tabulate what it shows.

    Returns
    -------
    summary : DataFrame, one row
        ``panel, sigma, C, n_kernel_evals, n_sv, margin, train_error, n_iter,
        dual_objective`` (the quantities the SMO applet prints).
    surface : DataFrame
        ``x1, x2, f`` on a ``grid_points``² grid around the data.
    points : DataFrame
        ``x1, x2, label, alpha, support`` for every training point.
    """
    if data.X.shape[1] != 2:
        raise ValueError(
            f"the σ/C grid draws 2-D data; got {data.X.shape[1]} features."
        )
    svm = SVM(kernel=Gaussian(sigma=sigma), C=C, tol=tol).fit(data.X, data.y)
    summary = pd.DataFrame(
        [
            {
                "panel": panel_id(sigma, C),
                "sigma": sigma,
                "C": C,
                "n_kernel_evals": svm.n_kernel_evals_,
                "n_sv": len(svm.support_),
                "margin": svm.margin_,
                "train_error": float(np.mean(svm.predict(data.X) != data.y)),
                "n_iter": svm.n_iter_,
                "dual_objective": svm.dual_objective_,
            }
        ]
    )
    grid = padded_grid(data.X, grid_points)
    surface = pd.DataFrame(
        {"x1": grid[:, 0], "x2": grid[:, 1], "f": svm.decision_function(grid)}
    )
    support = np.zeros(data.n_samples, dtype=bool)
    support[svm.support_] = True
    points = pd.DataFrame(
        {
            "x1": data.X[:, 0],
            "x2": data.X[:, 1],
            "label": data.y.astype(int),
            "alpha": svm.alpha_,
            "support": support,
        }
    )
    return summary, surface, points


def pegasos_convergence_table(
    data: Dataset,
    sigma: float,
    lam: float,
    n_iter: int,
    n_checkpoints: int,
    seed: int,
) -> pd.DataFrame:
    """K13: kernelized Pegasos' primal objective against the exact optimum.

    The optimum P* of P(w) = λ/2‖w‖² + mean hinge (no bias) comes from the SVM
    without bias, C = 1/(λm), solved to tol 1e-9.

    Returns
    -------
    DataFrame
        ``t, objective, optimum, rel_gap`` at ``n_checkpoints`` log-spaced steps,
        with ``rel_gap = (P(w_t) − P*) / P*``.
    """
    from ..svm import Pegasos, primal_objective

    kernel = Gaussian(sigma=sigma)
    m = data.n_samples
    exact = SVM(kernel=kernel, C=1.0 / (lam * m), tol=1e-9, fit_intercept=False)
    optimum = primal_objective(exact.fit(data.X, data.y), data.X, data.y, lam)
    steps = np.unique(np.geomspace(10, n_iter, n_checkpoints).astype(int))
    model = Pegasos(
        kernel=kernel,
        lam=lam,
        n_iter=n_iter,
        record_at=steps.tolist(),
        random_state=seed,
    ).fit(data.X, data.y)
    values = np.array([model.objective_[int(t)] for t in steps])
    return pd.DataFrame(
        {
            "t": steps,
            "objective": values,
            "optimum": optimum,
            "rel_gap": (values - optimum) / optimum,
        }
    )


def poly_degree_table(
    data: Dataset,
    noisy: Dataset,
    degrees: list[int],
    C_soft: float,
    test_fraction: float,
    seed: int,
    name: str = "data",
    noisy_name: str = "noisy",
) -> pd.DataFrame:
    """K12: SVMs with (1 + x·x')^d for growing d, on two datasets.

    ``data`` (role ``"data"``) is where raising the degree may make the
    training data separable and change the margin; ``noisy`` (role
    ``"noisy"``) is where a too high degree can overfit: with flipped labels
    and overlapping classes no boundary is right everywhere, so a more
    flexible one can bend around the noise of the training half and lose on
    the test half. (On data without that noise, every separating boundary of
    moderate degree classifies the test points alike and overfitting cannot
    show.)

    On each dataset, features are scaled by max|x| (so that kernel values stay
    within 2^d) and split by a seeded stratified split. On ``data``, for each
    degree the hard-margin SVM is fitted; when the training data are not
    separable in that feature space (``SVM`` raises), a soft margin with box
    ``C_soft`` is fitted instead and ``separable`` is false. On ``noisy`` the
    soft margin with box ``C_soft`` is fitted at every degree (``separable``
    empty: not asked): the same box for all degrees, so that only the degree
    changes the capacity, and a hard margin would be undefined (or, at a
    high degree, would fit every flipped label) on data with label noise.

    The margin γ = 1/‖w‖ is measured in each kernel's own feature space, whose
    scale grows with d; the radius of the training data there,

        R = max_i ‖φ(x_i)‖ = max_i √k(x_i, x_i) = max_i (1 + ‖x_i‖²)^{d/2},

    puts the degrees on one scale: γ/R is invariant under a rescaling of φ,
    and (R/γ)² bounds the perceptron's mistakes on the separable training
    data (Novikoff) and the VC dimension of the hyperplanes of margin γ in a
    ball of radius R.

    Parameters
    ----------
    data, noisy : Dataset
        Classification data (any number of features).
    degrees : list of int
        The degrees d.
    C_soft : float
        Box used where no hard margin exists.
    test_fraction : float
        Fraction of each dataset held out (stratified).
    seed : int
        Seed of the split.
    name, noisy_name : str
        The datasets' names, written to the ``dataset`` column.

    Returns
    -------
    DataFrame
        One row per dataset and degree: ``dataset, role, degree, separable``
        (True, False, or None on ``noisy``), ``C, train_error, test_error,
        margin`` (γ), ``radius`` (R), ``margin_over_radius`` (γ/R), ``n_sv,
        n_train, n_test, split_seed``.
    """
    from ..kernels import Polynomial
    from ..model_selection import train_test_split

    rows = []
    for label, role, dataset in ((name, "data", data), (noisy_name, "noisy", noisy)):
        X = dataset.X / np.abs(dataset.X).max()
        y = dataset.y
        train, test = train_test_split(y, test_fraction, seed)
        for d in degrees:
            kernel = Polynomial(degree=int(d), c=1.0)
            separable: bool | None = None  # not asked of the noisy data
            if role == "data":
                try:
                    svm = SVM(kernel=kernel, C=math.inf).fit(X[train], y[train])
                    separable = True
                except NotSeparableError:
                    separable = False
            if not separable:
                svm = SVM(kernel=kernel, C=C_soft).fit(X[train], y[train])
            box = math.inf if separable else C_soft
            radius = float(np.sqrt(kernel.diag(X[train]).max()))
            rows.append(
                {
                    "dataset": label,
                    "role": role,
                    "degree": int(d),
                    "separable": separable,
                    "C": box,
                    "train_error": float(np.mean(svm.predict(X[train]) != y[train])),
                    "test_error": float(np.mean(svm.predict(X[test]) != y[test])),
                    "margin": svm.margin_,
                    "radius": radius,
                    "margin_over_radius": svm.margin_ / radius,
                    "n_sv": len(svm.support_),
                    "n_train": len(train),
                    "n_test": len(test),
                    "split_seed": seed,
                }
            )
    return pd.DataFrame(rows)
