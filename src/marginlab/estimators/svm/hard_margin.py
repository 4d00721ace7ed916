"""The maximum L2 margin over given features: the hard-margin linear SVM without
intercept (B19 sets it beside the L1 margin of boosting).
"""

from __future__ import annotations

import numpy as np

from ...core.contract.validation import check_array, check_labels
from ...core.kernels import Linear
from ...theory.margins import norm_margin
from .classifier import SVM


def l2_max_margin(
    predictions: object, y: object, tol: float = 1e-8
) -> tuple[float, np.ndarray]:
    """The maximum L2 margin max_{w ≠ 0} min_i y_i w·h(x_i) / ‖w‖₂.

    The hard-margin linear SVM without intercept on the features h(x)
    (:class:`marginlab.SVM` with ``Linear()``, ``C=inf``,
    ``fit_intercept=False``): w = Σ_i α_i y_i h(x_i) over its support vectors.
    Mohri, Boosting, 'SVM vs AdaBoost': the SVM's predictor x ↦ w·Φ(x) has no
    bias term either; a constant feature, if the class has one, plays its role.

    Parameters
    ----------
    predictions : array-like of shape (m, N)
        Must be linearly separable through the origin (else
        :class:`~marginlab.NotSeparableError`).
    y : array-like of shape (m,)
    tol : float > 0, default=1e-8
        SMO's stopping tolerance.

    Returns
    -------
    rho : float
        The L2 margin :func:`~marginlab.norm_margin` the returned w achieves.
    w : ndarray of shape (N,)
        Scaled to ‖w‖₂ = 1.

    Examples
    --------
    >>> rho, w = l2_max_margin([[2.0, 0.0], [0.0, -2.0]], [1, -1])
    >>> round(rho, 6), w.round(6).tolist()
    (1.414214, [0.707107, 0.707107])
    """
    H = check_array(predictions, name="predictions")
    yy = check_labels(y, H.shape[0])
    svm = SVM(kernel=Linear(), C=float("inf"), tol=tol, fit_intercept=False)
    svm.fit(H, yy)
    w = svm.support_vectors_.T @ svm.dual_coef_
    w = w / np.linalg.norm(w)
    return norm_margin(H, w, yy, 2), w
