"""Feature scaling the SVM studies share (E1, E2, E3, K16): z-scores fitted on
the training points only, and the rule that decides when to use them.
"""

from __future__ import annotations

from typing import Final

import numpy as np

#: Features are z-scored when some standard deviation lies outside this range
#: (the kernels' widths σ of the sweep assume features of unit scale).
UNIT_SCALE: Final = (0.1, 10.0)


def needs_standardizing(X: np.ndarray) -> bool:
    """Whether the features are far from unit scale (the rule of ``standardize=None``).

    True when some feature's standard deviation s_j (ddof 0) lies outside
    [0.1, 10] (:data:`UNIT_SCALE`). The synthetic 2-D datasets have
    s_j ≈ 0.5–1 and are left as they are; the Wisconsin breast-cancer
    features range from s ≈ 0.003 (fractal dimension) to s ≈ 500 (area), so
    without scaling a Gaussian kernel of width 1 sees only the largest
    features and SMO needs far more steps.

    Parameters
    ----------
    X : ndarray of shape (m, n)
    """
    s = np.asarray(X, dtype=np.float64).std(axis=0)
    low, high = UNIT_SCALE
    return bool(np.any((s < low) | (s > high)))


def zscore(X_train: np.ndarray, *others: np.ndarray) -> tuple[np.ndarray, ...]:
    """z-score every feature with the training points' mean and deviation.

    x'_j = (x_j − μ_j) / s_j with μ_j and s_j (ddof 0) computed on
    ``X_train`` only and applied unchanged to ``others`` (e.g. the test
    points), so nothing about held-out points leaks into the scaling. A
    constant training feature (s_j = 0) is only centred.

    Parameters
    ----------
    X_train : ndarray of shape (m, n)
    *others : ndarray of shape (k, n)

    Returns
    -------
    tuple of ndarray
        The scaled ``X_train`` followed by the scaled ``others``, each
        C-contiguous.

    Examples
    --------
    >>> import numpy as np
    >>> (Z,) = zscore(np.array([[0.0, 5.0], [2.0, 5.0]]))
    >>> Z.tolist()
    [[-1.0, 0.0], [1.0, 0.0]]
    """
    X_train = np.asarray(X_train, dtype=np.float64)
    mean = X_train.mean(axis=0)
    scale = X_train.std(axis=0)
    scale = np.where(scale > 0.0, scale, 1.0)
    return tuple(
        np.ascontiguousarray((np.asarray(A, dtype=np.float64) - mean) / scale)
        for A in (X_train, *others)
    )
