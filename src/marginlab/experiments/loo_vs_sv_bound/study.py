"""E1 and E2: leave-one-out error and support vectors.

Huang 2017, problem 5.2 ("Leave-one-out Error and Support Vectors"): for the
two-class SVM with the hinge loss, at a given value of C,

    LOO error ≤ #SVs / l,

where l is the size of the training data and #SVs the number of support
vectors of the SVM trained on all of it. The proof: the decision function
f(x) = Σ_i α_i y_i k(x_i, x) + b depends only on the support vectors
(α_i > 0), so removing a non-support vector and retraining gives the same f;
and a non-support vector lies on or outside the margin, y_i f(x_i) ≥ 1, so it
is classified correctly. Every leave-one-out mistake is therefore made on a
support vector.

:func:`loo_configuration` measures one configuration (dataset × kernel × C)
of the sweep: the leave-one-out error by brute force, every point left out and
the SVM re-solved from α = 0 (:func:`marginlab.svm_loo` with
``retrain="all", start="cold"``), against #SV/l (E1), beside the shortcut that
retrains only for the support vectors, warm-started (a check against it); and
the proof step itself (E2), retraining *from scratch* without each
non-support vector.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from typing import Any, Final

import numpy as np
import pandas as pd

from ...core.contract.exceptions import ConvergenceWarning, NotSeparableError
from ...core.datasets import Dataset
from ...core.kernels import make_kernel
from ...estimators.svm.classifier import SVM
from ...estimators.svm.loo import svm_loo
from .._shared.grid import padded_grid
from .._shared.scaling import needs_standardizing, zscore
from .._shared.status import (
    STATUS_NOT_CONVERGED,
    STATUS_NOT_SEPARABLE,
    STATUS_OK,
    STATUS_SKIPPED,
)


def kernel_label(kernel: Mapping[str, Any]) -> str:
    """A readable, deterministic name for a kernel spec.

    The kernel's name followed by its parameters in sorted order, e.g.
    ``{"name": "gaussian", "sigma": 0.25}`` → ``"gaussian(sigma=0.25)"`` and
    ``{"name": "linear"}`` → ``"linear"``.
    """
    params = {k: v for k, v in kernel.items() if k != "name"}
    if not params:
        return str(kernel["name"])
    inner = ", ".join(f"{k}={_number(params[k])}" for k in sorted(params))
    return f"{kernel['name']}({inner})"


def _number(value: object) -> str:
    return f"{value:g}" if isinstance(value, int | float) else str(value)


def _fit(
    kernel: Mapping[str, Any],
    C: float,
    tol: float,
    max_iter: int,
    X: np.ndarray,
    y: np.ndarray,
) -> tuple[SVM | None, str]:
    """Fit the SVM; ``(model, status)`` with ``model`` None unless status is ok."""
    svm = SVM(kernel=make_kernel(kernel), C=C, tol=tol, max_iter=max_iter)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        try:
            svm.fit(X, y)
        except NotSeparableError:  # hard margin (C = inf) on inseparable classes
            return None, STATUS_NOT_SEPARABLE
    if not svm.converged_:
        return None, STATUS_NOT_CONVERGED
    return svm, STATUS_OK


#: E1's check compares the brute-force and the fast LOO verdicts only where the
#: cold retrain's |f_{−i}(x_i)| exceeds this: two solutions of one problem at
#: SMO tolerance 1e-3 differ by up to about 1e-2 in f (see
#: :func:`loo_configuration`), so a verdict within 0.05 of the boundary may
#: differ between them without either being wrong.
AGREEMENT_BAND: Final = 0.05


def _loo(
    kernel: Mapping[str, Any],
    C: float,
    tol: float,
    max_iter: int,
    X: np.ndarray,
    y: np.ndarray,
) -> tuple[dict[str, Any], str]:
    """E1's numbers, or NaN and the reason they are missing.

    The LOO error is measured by brute force (:func:`svm_loo` with
    ``retrain="all", start="cold"``: the SVM retrained from α = 0 without each
    of the l points, so that no retrain starts from the full solution); the
    fast LOO that retrains only for the support vectors, warm-started (and so
    obeys the bound by construction), is run beside it, with the number of
    points whose LOO verdict the two give differently where the cold retrain's
    |f_{−i}(x_i)| exceeds :data:`AGREEMENT_BAND` (``n_disagree``), and the
    number within it (``n_undecided``).
    """
    missing = {
        "n_sv": np.nan,
        "sv_bound": np.nan,
        "loo_error": np.nan,
        "n_loo_errors": np.nan,
        "n_retrained": np.nan,
        "loo_iter": np.nan,
        "fast_loo_error": np.nan,
        "fast_n_retrained": np.nan,
        "fast_loo_iter": np.nan,
        "n_disagree": np.nan,
        "n_undecided": np.nan,
        "n_non_sv_errors": np.nan,
    }
    _, status = _fit(kernel, C, tol, max_iter, X, y)
    if status != STATUS_OK:
        return missing, status
    svm = SVM(kernel=make_kernel(kernel), C=C, tol=tol, max_iter=max_iter)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ConvergenceWarning)
        brute = svm_loo(svm, X, y, retrain="all", start="cold")
        fast_run = svm_loo(svm, X, y, retrain="support", start="warm")
    if any(issubclass(w.category, ConvergenceWarning) for w in caught):
        return missing, STATUS_NOT_CONVERGED  # some retrain hit max_iter
    fast = fast_run.mistakes
    decided = np.abs(brute.loo_decision) > AGREEMENT_BAND
    non_sv = np.ones(y.size, dtype=bool)
    non_sv[brute.model.support_] = False
    return (
        {
            "n_sv": brute.n_sv,
            "sv_bound": brute.sv_bound,
            "loo_error": brute.loo_error,
            "n_loo_errors": brute.n_errors,
            "n_retrained": int(brute.retrained.size),
            "loo_iter": int(brute.n_iter),
            "fast_loo_error": float(fast.mean()),
            "fast_n_retrained": int(fast_run.retrained.size),
            "fast_loo_iter": int(fast_run.n_iter),
            "n_disagree": int(np.sum((brute.mistakes != fast) & decided)),
            "n_undecided": int(np.sum(~decided)),
            "n_non_sv_errors": int(np.sum(brute.mistakes & non_sv)),
        },
        STATUS_OK,
    )


def _non_sv_removals(
    kernel: Mapping[str, Any],
    C: float,
    e2_tol: float,
    max_iter: int,
    X: np.ndarray,
    y: np.ndarray,
    Z: np.ndarray,
) -> tuple[list[dict[str, Any]], str, float]:
    """E2: retrain from scratch without each non-support vector, one at a time.

    Returns the per-point records, the status of the full fit and its number
    of non-support vectors (NaN when the full fit failed).
    """
    full, status = _fit(kernel, C, e2_tol, max_iter, X, y)
    if full is None:
        return [], status, math.nan
    f_full = full.decision_function(Z)
    non_sv = np.flatnonzero(full.alpha_ == 0.0)
    margins = y * full.decision_function(X)
    # k(z, x_j) for every z of Z and training point x_j, once: each retrain's
    # f_{−i}(z) = Σ_j α_j y_j k(z, x_j) + b reads its support vectors' columns.
    # (Rows: training points, so that a retrain's rows are read contiguously.)
    K_XZ = full.kernel_(X, Z) if non_sv.size else np.empty((0, Z.shape[0]))
    records = []
    for i in non_sv.tolist():
        keep = np.ones(X.shape[0], dtype=bool)
        keep[i] = False
        # From scratch (α = 0), not warm-started from the full solution: the
        # full α restricted to the other points is already optimal, which is
        # exactly the claim under test.
        without, _ = _fit(kernel, C, e2_tol, max_iter, X[keep], y[keep])
        if without is None:
            # Not solved (step cap, or the hard-margin test fired on a subset
            # of separable data): recorded as a failure, never as a pass.
            f_i, change, n_sv_without = math.nan, math.nan, -1
        else:
            f_i = float(without.decision_function(X[i : i + 1])[0])
            columns = np.flatnonzero(keep)[without.support_]
            f_without = without.dual_coef_ @ K_XZ[columns] + without.intercept_
            change = float(np.max(np.abs(f_without - f_full)))
            n_sv_without = int(without.support_.size)
        records.append(
            {
                "index": int(i),
                "label": int(y[i]),
                "margin_full": float(margins[i]),
                "decision_without": f_i,
                "correct": bool(
                    without is not None and (1.0 if f_i >= 0.0 else -1.0) == y[i]
                ),
                "max_change": change,
                "n_sv_full": int(full.support_.size),
                "n_sv_without": n_sv_without,
                "converged": without is not None,
            }
        )
    return records, status, float(non_sv.size)


#: Columns of the E1 table of :func:`loo_configuration`, in order.
ROW_COLUMNS: Final = (
    "dataset",
    "kernel",
    "kernel_name",
    "C",
    "l",
    "n_features",
    "standardized",
    "status",
    "n_sv",
    "sv_bound",
    "loo_error",
    "n_loo_errors",
    "n_retrained",
    "loo_iter",
    "fast_loo_error",
    "fast_n_retrained",
    "fast_loo_iter",
    "n_disagree",
    "n_undecided",
    "n_non_sv_errors",
    "agreement_band",
    "tol",
    "max_iter",
    "e2_status",
    "e2_tol",
    "e2_n_non_sv",
    "e2_checked",
)


#: Columns of the E2 table of :func:`loo_configuration`, in order.
E2_COLUMNS: Final = (
    "dataset",
    "kernel",
    "C",
    "index",
    "label",
    "margin_full",
    "decision_without",
    "correct",
    "max_change",
    "eval_set",
    "n_eval",
    "n_sv_full",
    "n_sv_without",
    "converged",
    "e2_tol",
)


def loo_configuration(
    data: Dataset,
    kernel: Mapping[str, Any],
    C: float,
    *,
    grid_points: int,
    tol: float = 1e-3,
    name: str = "data",
    e2_tol: float = 1e-6,
    max_iter: int = 100_000,
    standardize: bool | None = None,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """E1 and E2 for one configuration (dataset × kernel × C) of the sweep.

    The whole dataset is the training set of size l (the claim is about the
    training sample). **E1**: the SVM with box C is fitted on all l points
    and its exact leave-one-out error,

        LOO = (1/l) Σ_i 1[sign f_{−i}(x_i) ≠ y_i],

    f_{−i} the SVM trained without x_i, is computed by brute force: the SVM
    is retrained without each of the l points from α = 0 (:func:`svm_loo`
    with ``retrain="all", start="cold"``, SMO tolerance ``tol``), beside the
    bound #SV/l of Huang 2017, problem 5.2. The fast LOO that retrains only
    for the support vectors, warm-started (true to the bound by construction),
    is computed too, and the points on which the two disagree are counted.
    **E2**: the SVM is refitted at the tighter tolerance ``e2_tol`` (so that
    solver noise stays far below E2's threshold 1e-3; at ``tol = 1e-3`` two
    valid solutions of the same problem can differ by ~1e-2 in f); every one
    of its non-support vectors (α_i = 0) is removed in turn and the SVM is
    retrained *from scratch* (α = 0) on the l − 1 others. For each removed x_i
    the change of the decision function,

        Δ_i = max_{z ∈ Z} |f(z) − f_{−i}(z)|,

    is recorded over an evaluation set Z (the ``grid_points``² padded grid
    for 2-D data, else the l training points), with whether f_{−i} still
    classifies x_i correctly. The proof says Δ_i = 0 and y_i f_{−i}(x_i) > 0.

    Parameters
    ----------
    data : Dataset
        Classification data, labels in {−1, +1}, at least 2 of each class.
    kernel : dict
        A :func:`~marginlab.make_kernel` spec, e.g.
        ``{"name": "gaussian", "sigma": 0.25}``.
    C : float > 0 or inf
        The box; ``inf`` is the hard margin.
    grid_points : int >= 2
        Side of E2's evaluation grid (2-D data only).
    tol : float, default=1e-3
        SMO tolerance for E1 (libsvm's default ``eps``).
    name : str, default="data"
        Written to the ``dataset`` column of both tables.
    e2_tol : float, default=1e-6
        SMO tolerance of E2's fits.
    max_iter : int, default=100_000
        Cap on the SMO steps of every fit. Hard-margin SVMs (C = inf) on
        classes that are separable only with a tiny margin need millions of
        steps (moons with a Gaussian of width 1, breast cancer with the
        linear kernel); such a configuration gets status ``"not converged"``.
    standardize : bool or None, default=None
        z-score the features (:func:`zscore`, mean and deviation of the l
        training points) first. ``None`` does so exactly when
        :func:`needs_standardizing` says the features are far from unit
        scale (of the sweep's datasets, only breast cancer).

    Returns
    -------
    rows : DataFrame
        One row with the columns :data:`ROW_COLUMNS`: ``dataset``, ``kernel``
        (readable spec, :func:`kernel_label`), ``kernel_name``, ``C``, ``l``,
        ``n_features``, ``standardized``; ``status`` (``"ok"``, ``"not
        separable"`` — C = inf and SVM.fit found the classes not separable in
        the feature space — or ``"not converged"`` — some E1 solve hit
        ``max_iter``); ``n_sv``, ``sv_bound`` = #SV/l, ``loo_error`` and
        ``n_loo_errors`` (brute force), ``n_retrained`` (= l), ``loo_iter``
        (SMO steps of the l retrains), ``fast_loo_error`` and
        ``fast_n_retrained`` (= #SV) of the support-vector-only LOO,
        ``fast_loo_iter`` (its SMO steps), ``n_disagree`` (points whose LOO
        verdict the two differ on, among those whose cold |f_{−i}(x_i)|
        exceeds :data:`AGREEMENT_BAND`), ``n_undecided`` (the points within
        it), ``n_non_sv_errors`` (LOO mistakes on points that are not support
        vectors of the full SVM: 0 by the proof) — NaN unless ``status`` is ok;
        ``agreement_band`` (:data:`AGREEMENT_BAND`);
        ``tol``, ``max_iter``; ``e2_status`` (the status of E2's full fit, or
        ``"skipped"`` when E1's is not ok), ``e2_tol``, ``e2_n_non_sv`` (its
        number of non-support vectors) and ``e2_checked`` (how many were
        removed and retrained: all of them).
    e2 : DataFrame
        One row per removed non-support vector, columns :data:`E2_COLUMNS`:
        ``dataset, kernel, C``, ``index`` (of x_i in the data), ``label`` y_i,
        ``margin_full`` y_i f(x_i) (≥ 1 − e2_tol for a non-SV),
        ``decision_without`` f_{−i}(x_i), ``correct`` (sign f_{−i}(x_i) = y_i,
        a value of 0 predicting +1), ``max_change`` Δ_i, ``eval_set``
        (``"grid"`` or ``"training points"``), ``n_eval`` = |Z|,
        ``n_sv_full``, ``n_sv_without``, ``converged`` (False when the retrain
        was not solved — it hit ``max_iter`` — and then ``max_change`` and
        ``decision_without`` are NaN, ``correct`` False, ``n_sv_without`` −1,
        so the row fails E2 rather than passing it) and ``e2_tol``. Empty
        (with these columns) when E1's status is not ok, E2's full fit did not
        converge, or every point is a support vector.

    Examples
    --------
    >>> from marginlab import make_dataset
    >>> data = make_dataset({"generator": "blobs", "n_samples": 40, "seed": 0})
    >>> rows, e2 = loo_configuration(data, {"name": "linear"}, 1.0, grid_points=10)
    >>> bool(rows["loo_error"].iloc[0] <= rows["sv_bound"].iloc[0])
    True
    >>> bool(len(e2) == rows["e2_n_non_sv"].iloc[0])
    True
    """
    if data.task != "classification":
        raise ValueError("loo_configuration needs classification data.")
    C = float(C)
    # One memory layout whatever the source: the kernel's matrix products round
    # differently for C- and Fortran-ordered X (read_dataset gives the latter),
    # which is enough to move SMO to another path (a different #SV, or the
    # hard-margin test firing or not).
    X, y = np.ascontiguousarray(data.X, dtype=np.float64), data.y
    scaled = needs_standardizing(X) if standardize is None else bool(standardize)
    if scaled:
        (X,) = zscore(X)
    label = kernel_label(kernel)
    e1, status = _loo(kernel, C, tol, max_iter, X, y)
    records: list[dict[str, Any]] = []
    e2_status, e2_non_sv = STATUS_SKIPPED, np.nan
    two_d = X.shape[1] == 2
    Z = padded_grid(X, grid_points) if two_d else X
    if status == STATUS_OK:
        records, e2_status, e2_non_sv = _non_sv_removals(
            kernel, C, e2_tol, max_iter, X, y, Z
        )
    rows = pd.DataFrame(
        [
            {
                "dataset": name,
                "kernel": label,
                "kernel_name": str(kernel["name"]),
                "C": C,
                "l": int(X.shape[0]),
                "n_features": int(X.shape[1]),
                "standardized": scaled,
                "status": status,
                **e1,
                "agreement_band": AGREEMENT_BAND,
                "tol": float(tol),
                "max_iter": int(max_iter),
                "e2_status": e2_status,
                "e2_tol": float(e2_tol),
                "e2_n_non_sv": e2_non_sv,
                "e2_checked": len(records),
            }
        ],
        columns=list(ROW_COLUMNS),
    )
    e2 = pd.DataFrame(
        [
            {
                "dataset": name,
                "kernel": label,
                "C": C,
                **r,
                "eval_set": "grid" if two_d else "training points",
                "n_eval": int(Z.shape[0]),
                "e2_tol": float(e2_tol),
            }
            for r in records
        ],
        columns=list(E2_COLUMNS),
    )
    return rows, e2
