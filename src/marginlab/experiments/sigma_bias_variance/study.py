"""Claim K10: the Gaussian width σ trades bias for variance.

Shewchuk, Lecture 14 ('The Gaussian Kernel') and Huang 2017 (the SMO pictures):
a large σ gives a smooth h (more bias), a small σ makes the Gaussian-kernel
machine behave like the nearest-neighbour rule (more variance); σ is chosen by
cross-validation.

"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...core.kernels import Gaussian
from ...estimators.knn import KNN
from ...estimators.model_selection import cross_val_error, train_test_split
from ...estimators.svm.classifier import SVM
from .._shared.grid import boundary_length, padded_grid, split_points
from .._shared.samples import replicate_columns, training_sets

#: τ of "decided by the intercept": the kernel part |s(x)| below τ·|b|.
NEGLIGIBLE = 1e-3

#: σ_a, where K10 reads the agreement with 1-NN, is the smallest σ at which at
#: most this share of the test points is decided by the intercept.
INTERCEPT_SHARE = 0.01


def sigma_tables(
    data: Dataset,
    sigmas: Sequence[float],
    C: float,
    n_splits: int,
    cv_seed: int,
    test_fraction: float,
    split_seed: int,
    grid_points: int,
    tol: float = 1e-3,
    negligible: float = NEGLIGIBLE,
    intercept_share: float = INTERCEPT_SHARE,
    generator: Mapping[str, Any] | None = None,
    n_replicates: int = 1,
    replicate_seed: int = 0,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """K10: errors, boundary length and 1-NN agreement of the RBF SVM against σ.

    For each σ the SVM with k(x, x') = exp(−‖x − x'‖²/2σ²) and box C is fitted
    on the training part of a seeded stratified split; its K-fold CV error is
    computed on the training part alone, so the σ chosen by CV never sees the
    test points.

    The decision function splits into a kernel part and the intercept,

        f(x) = s(x) + b,    s(x) = Σ_i α_i y_i exp(−‖x − x_i‖²/2σ²).

    A test point is *decided by the intercept* when the kernel part is
    negligible against b,

        |s(x)| < ``negligible`` · |b|    (10⁻³ by default),

    i.e. every training point's Gaussian has (numerically) died out at x and
    the prediction is sign(b) whatever the training labels near x; then the
    SVM's agreement with 1-NN there is not the kernel's doing. At a large σ
    no point is decided so (s varies over the whole plane). The weaker
    condition |s(x)| < |b| (the kernel part cannot overturn sign b, although
    it is not negligible) is reported too; at a large σ it says little, since
    s and b are then two large numbers that nearly cancel.

    Parameters
    ----------
    data : Dataset
        Two features (the regions are drawn in the plane).
    sigmas : sequence of float
        The widths σ of the sweep.
    C : float
        Box constraint of every fit.
    n_splits, cv_seed : int
        K-fold cross-validation on the training part.
    test_fraction : float
        Fraction of the points held out (stratified).
    split_seed : int
    grid_points : int
        Points per side of the evaluation grid of the regions.
    tol : float, default=1e-3
        SMO stopping tolerance.
    negligible : float, default=1e-3
        τ of the criterion |s(x)| < τ·|b| above.
    intercept_share : float, default=0.01
        σ_a (column ``kernel_sigma``) is the smallest σ at which at most this
        share of the test points is decided by the intercept: the σ at which
        the agreement with 1-NN is the kernel rule's. Read from the test
        inputs and the fits alone, never from a label or the 1-NN rule.
    generator : mapping or None, default=None
        The configuration entry ``data`` was made from; None (or a dataset
        no seeded generator makes) gives ``data`` alone as a training set.
    n_replicates : int ≥ 1, default=1
        Training sets of the table ``replicates``, ``data``'s included
        (:func:`~marginlab.experiments._shared.samples.training_sets`).
    replicate_seed : int, default=0
        Seed from which the other datasets' seeds are derived.

    Returns
    -------
    errors : DataFrame
        One row per σ: ``sigma, C, train_error, test_error, cv_error, cv_std,
        n_sv, boundary_length, knn1_agreement`` (fraction of test points on
        which the SVM and the 1-NN rule of the same training set agree),
        ``intercept`` (b), ``negligible`` (τ), ``intercept_decided``
        (fraction of test points with |s(x)| < τ·|b|), ``intercept_outweighs``
        (fraction with |s(x)| < |b|),
        ``n_kernel_decided`` (number of test points with |s(x)| ≥ τ·|b|),
        ``knn1_agreement_kernel`` (fraction of those on which the SVM and
        1-NN agree; NaN when there is none), ``n_test``, ``chosen`` (True at
        the σ of smallest CV error, the smallest σ on a tie),
        ``intercept_share`` (its limit) and ``kernel_sigma`` (True at σ_a;
        nowhere when no σ below the largest meets the limit), ``n_train,
        split_seed``.
    regions : DataFrame
        ``sigma, x1, x2, prediction`` on a grid, for the smallest, the chosen
        and the largest σ, and ``sigma = 0`` for the 1-NN rule.
    points : DataFrame
        ``x1, x2, label, train``.
    agreement : DataFrame
        One row per σ and test point: ``sigma, point`` (the index of the
        point among the test points, the same at every σ), ``agree`` (1 when
        the SVM and 1-NN give the point the same label), ``by_kernel`` (1
        when |s(x)| ≥ τ·|b|) and ``wrong`` (1 when the SVM misclassifies
        it). Two rates at two σ are read on the same test points, so they
        are compared pairwise from this table
        (:func:`~marginlab.theory.intervals.paired_difference`); its means per σ
        are ``knn1_agreement``, ``n_kernel_decided``/``n_test`` and
        ``test_error`` of ``errors``.
    replicates : DataFrame
        ``replicate, seed, sigma, boundary_length, n_train``: the boundary
        length of the SVM at every σ on each training set (replicate 0 is
        ``data``, its lengths those of ``errors``; the others are datasets
        of ``generator`` drawn independently, each split as ``data`` is, on
        its own grid; ``seed`` their generator seed, missing when it is not
        generated).
    """
    train, test = train_test_split(data.y, test_fraction, split_seed)
    Xtr, ytr, Xte, yte = data.X[train], data.y[train], data.X[test], data.y[test]
    grid = padded_grid(data.X, grid_points)
    knn = KNN(k=1).fit(Xtr, ytr)
    knn_test = knn.predict(Xte)
    rows, per_point, surfaces = [], [], {0.0: knn.predict(grid)}
    for sigma in sorted(float(s) for s in sigmas):

        def make(sigma: float = sigma) -> SVM:
            return SVM(kernel=Gaussian(sigma=sigma), C=C, tol=tol)

        svm = make().fit(Xtr, ytr)
        cv = cross_val_error(make, Xtr, ytr, n_splits=n_splits, seed=cv_seed)
        surfaces[sigma] = svm.predict(grid)
        predicted = svm.predict(Xte)
        b = float(svm.intercept_)
        kernel_part = svm.kernel_(Xte, svm.support_vectors_) @ svm.dual_coef_
        by_kernel = ~(np.abs(kernel_part) < negligible * abs(b))
        agree = predicted == knn_test
        per_point.append(
            pd.DataFrame(
                {
                    "sigma": sigma,
                    "point": np.arange(len(test)),
                    "agree": agree.astype(int),
                    "by_kernel": by_kernel.astype(int),
                    "wrong": (predicted != yte).astype(int),
                }
            )
        )
        rows.append(
            {
                "sigma": sigma,
                "C": C,
                "train_error": float(np.mean(svm.predict(Xtr) != ytr)),
                "test_error": float(np.mean(predicted != yte)),
                "cv_error": cv.mean,
                "cv_std": cv.std,
                "n_sv": len(svm.support_),
                "boundary_length": boundary_length(surfaces[sigma], grid),
                "knn1_agreement": float(np.mean(agree)),
                "intercept": b,
                "negligible": negligible,
                "intercept_decided": float(np.mean(~by_kernel)),
                "intercept_outweighs": float(np.mean(np.abs(kernel_part) < abs(b))),
                "n_kernel_decided": int(by_kernel.sum()),
                "knn1_agreement_kernel": (
                    float(np.mean(agree[by_kernel])) if by_kernel.any() else np.nan
                ),
                "n_test": len(test),
                "n_train": len(train),
                "split_seed": split_seed,
            }
        )
    errors = pd.DataFrame(rows)
    chosen = int(np.argmin(errors["cv_error"].to_numpy()))  # first minimum
    errors["chosen"] = np.arange(len(errors)) == chosen
    errors["intercept_share"] = intercept_share
    met = np.flatnonzero(errors["intercept_decided"].to_numpy() <= intercept_share)
    errors["kernel_sigma"] = False
    if met.size and met[0] < len(errors) - 1:  # σ_a below the largest σ
        errors.loc[met[0], "kernel_sigma"] = True
    shown = [0.0, *sorted({errors["sigma"].iloc[i] for i in (0, chosen, -1)})]
    regions = pd.concat(
        [
            pd.DataFrame(
                {
                    "sigma": s,
                    "x1": grid[:, 0],
                    "x2": grid[:, 1],
                    "prediction": surfaces[s].astype(int),
                }
            )
            for s in shown
        ],
        ignore_index=True,
    )
    points = split_points(data, train)
    agreement = pd.concat(per_point, ignore_index=True)
    drawn = []
    for rep in training_sets(data, generator, n_replicates, replicate_seed):
        if rep.replicate == 0:
            lengths = dict(zip(errors["sigma"], errors["boundary_length"], strict=True))
            n = len(train)
        else:
            lengths, n = _lengths(
                rep.data, sigmas, C, tol, test_fraction, split_seed, grid_points
            )
        drawn += [
            {
                **replicate_columns(rep),
                "sigma": float(sigma),
                "boundary_length": L,
                "n_train": n,
            }
            for sigma, L in lengths.items()
        ]
    replicates = pd.DataFrame(
        drawn, columns=["replicate", "seed", "sigma", "boundary_length", "n_train"]
    ).astype({"seed": "Int64"})
    return errors, regions, points, agreement, replicates


def _lengths(
    data: Dataset,
    sigmas: Sequence[float],
    C: float,
    tol: float,
    test_fraction: float,
    split_seed: int,
    grid_points: int,
) -> tuple[dict[float, float], int]:
    """σ → boundary length of the SVM fitted on the training part of
    ``data``'s split, on ``data``'s grid; and the number of training points."""
    train, _ = train_test_split(data.y, test_fraction, split_seed)
    grid = padded_grid(data.X, grid_points)
    lengths = {}
    for sigma in sorted(float(s) for s in sigmas):
        svm = SVM(kernel=Gaussian(sigma=sigma), C=C, tol=tol)
        svm.fit(data.X[train], data.y[train])
        lengths[sigma] = boundary_length(svm.predict(grid), grid)
    return lengths, len(train)
