"""K12: the polynomial kernel's degree, against separability, margin and
overfitting (the SVM on a clean and a noisy dataset).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ...core.contract.exceptions import NotSeparableError
from ...core.datasets import Dataset
from ...estimators.svm.classifier import SVM


def cv_choice(noisy: pd.DataFrame) -> pd.Series | None:
    """The lower degree chosen by cross-validation on the training part.

    Among the degrees below the largest one of the noisy dataset's rows
    (role ``"noisy"`` of :func:`poly_degree_table`), the first of smallest
    K-fold CV error ``cv_error`` (the smallest degree on a tie):
    d* = min argmin_{d < d_max} CV(d). The test points play no part in it,
    so the test error at d_max minus at d* is read on data the choice did
    not see. ``None`` when there is no lower degree with a CV error.
    """
    t = noisy.sort_values("degree")
    lower = t.iloc[:-1]
    lower = lower[lower["cv_error"].notna()]
    if lower.empty:
        return None
    return lower.loc[lower["cv_error"].idxmin()]


def poly_degree_table(
    data: Dataset,
    noisy: Dataset,
    degrees: list[int],
    C_soft: float,
    test_fraction: float,
    seed: int,
    n_splits: int,
    cv_seed: int,
    name: str = "data",
    noisy_name: str = "noisy",
    noisy_test_fraction: float | None = None,
) -> tuple[pd.DataFrame, pd.DataFrame]:
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
    On ``noisy`` each degree's K-fold cross-validation error on the training
    part alone is recorded too, CV(d) = (1/K) Σ_f err_f (the same soft margin
    refitted on the other folds, :func:`~marginlab.cross_val_error`):
    the lower degree the largest one is compared with is chosen from it
    (:func:`cv_choice`), never from the test points. The largest degree's CV
    error is not computed (NaN): no choice reads it, and its K refits cost
    more than those of all the lower degrees together (the SMO solve slows as
    the degree grows).

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
        Fraction of ``data`` held out (stratified).
    seed : int
        Seed of the split.
    n_splits, cv_seed : int
        K-fold cross-validation on the training part of ``noisy``.
    name, noisy_name : str
        The datasets' names, written to the ``dataset`` column.
    noisy_test_fraction : float or None, default=None
        Fraction of ``noisy`` held out (stratified); None: ``test_fraction``.
        Overfitting shows with few training points, and the test points,
        which cost one prediction each, are what resolve the comparison.

    Returns
    -------
    degrees : DataFrame
        One row per dataset and degree: ``dataset, role, degree, separable``
        (True, False, or None on ``noisy``), ``C, train_error, test_error,
        cv_error, cv_std`` (mean and standard deviation over the folds of
        the CV error on the training part; NaN on ``data`` and at the largest
        degree), ``margin`` (γ),
        ``radius`` (R), ``margin_over_radius`` (γ/R), ``n_sv, n_train,
        n_test, split_seed, cv_folds, cv_seed``, and ``cv_choice``: True at
        the one lower degree of ``noisy`` chosen by :func:`cv_choice`, the
        degree the largest one is compared with.
    mistakes : DataFrame
        ``role, degree, point, wrong``: for every dataset and degree, whether
        the SVM misclassifies each test point (``point`` its index among the
        test points, the same at every degree). Two degrees' test errors are
        compared pairwise from it
        (:func:`~marginlab.theory.intervals.paired_difference`).
    """
    from ...core.kernels import Polynomial
    from ...estimators.model_selection import cross_val_error, train_test_split

    rows, wrong = [], []
    largest = max(int(d) for d in degrees)
    held_out = test_fraction if noisy_test_fraction is None else noisy_test_fraction
    for label, role, dataset, fraction in (
        (name, "data", data, test_fraction),
        (noisy_name, "noisy", noisy, held_out),
    ):
        X = dataset.X / np.abs(dataset.X).max()
        y = dataset.y
        train, test = train_test_split(y, fraction, seed)
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
            cv_error = cv_std = math.nan
            if role == "noisy" and int(d) != largest:

                def make(kernel: Polynomial = kernel) -> SVM:
                    return SVM(kernel=kernel, C=C_soft)

                cv = cross_val_error(
                    make, X[train], y[train], n_splits=n_splits, seed=cv_seed
                )
                cv_error, cv_std = cv.mean, cv.std
            test_wrong = svm.predict(X[test]) != y[test]
            wrong.append(
                pd.DataFrame(
                    {
                        "role": role,
                        "degree": int(d),
                        "point": np.arange(len(test)),
                        "wrong": test_wrong.astype(int),
                    }
                )
            )
            rows.append(
                {
                    "dataset": label,
                    "role": role,
                    "degree": int(d),
                    "separable": separable,
                    "C": box,
                    "train_error": float(np.mean(svm.predict(X[train]) != y[train])),
                    "test_error": float(np.mean(test_wrong)),
                    "cv_error": cv_error,
                    "cv_std": cv_std,
                    "margin": svm.margin_,
                    "radius": radius,
                    "margin_over_radius": svm.margin_ / radius,
                    "n_sv": len(svm.support_),
                    "n_train": len(train),
                    "n_test": len(test),
                    "split_seed": seed,
                    "cv_folds": n_splits,
                    "cv_seed": cv_seed,
                }
            )
    table = pd.DataFrame(rows)
    table["cv_choice"] = False
    chosen = cv_choice(table[table["role"] == "noisy"])
    if chosen is not None:
        table.loc[chosen.name, "cv_choice"] = True
    return table, pd.concat(wrong, ignore_index=True)
