"""Kernel functions and their Gram matrices.

A kernel is an inner product in a feature space, k(x, x') = ⟨φ(x), φ(x')⟩; only
its values on pairs of points are ever needed (UML notes, Kernels §II;
Mądry 2012, §2).

Gram blocks are computed in row blocks of bounded size, so the temporary memory
of ``k(X, Z)`` never exceeds ``block_bytes`` beyond the returned matrix itself.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..contract.base import ConstraintList, InstanceOf, Interval, Parameterized
from ..contract.validation import check_array

__all__ = [
    "DEFAULT_BLOCK_BYTES",
    "KERNEL",
    "Gaussian",
    "Kernel",
    "Laplacian",
    "Linear",
    "Polynomial",
    "ProductPolynomial",
    "feature_distance",
    "is_psd",
    "make_kernel",
    "min_eigenvalue_ratio",
    "squared_distances",
]

#: Upper bound on the working memory of one row block of a Gram computation.
DEFAULT_BLOCK_BYTES = 16 * 2**20


class Kernel(Parameterized, ABC):
    """Base class: ``k(X, Z=None)`` returns the Gram block K[i, j] = k(x_i, z_j).

    Subclasses implement :meth:`_fill`, which writes one row block in place,
    and declare the allowed values of their parameters in
    ``_parameter_constraints`` (checked on every call). A kernel is a
    hyper-parameter of the kernel machines: it has ``get_params`` and
    ``set_params`` (so that ``clone`` copies it and a grid search can tune
    ``kernel__sigma``), compares equal to a kernel of the same class and
    parameters, and :meth:`to_config` gives the config dict that
    :func:`make_kernel` reads.
    """

    block_bytes: int = DEFAULT_BLOCK_BYTES

    def __call__(self, X: object, Z: object | None = None) -> np.ndarray:
        """Gram block.

        Parameters
        ----------
        X : array-like of shape (m, n)
        Z : array-like of shape (p, n), default=None
            ``None`` means ``Z = X``.

        Returns
        -------
        K : ndarray of shape (m, p)
        """
        self._validate_params()
        X = check_array(X, "X")
        same = Z is None
        Z = X if same else check_array(Z, "Z")
        if X.shape[1] != Z.shape[1]:
            raise ValueError(
                f"X has {X.shape[1]} features but Z has {Z.shape[1]}; "
                "a kernel compares points of the same dimension."
            )
        out = np.empty((X.shape[0], Z.shape[0]), dtype=np.float64)
        state = self._prepare(Z)
        rows = max(1, self.block_bytes // (8 * max(1, Z.shape[0])))
        for start in range(0, X.shape[0], rows):
            stop = min(start + rows, X.shape[0])
            self._fill(X[start:stop], state, out[start:stop])
        if same:
            # k(x, x) exactly, free of the rounding of the norm expansion.
            np.fill_diagonal(out, self._diag(X))
        return out

    def diag(self, X: object) -> np.ndarray:
        """k(x_i, x_i) for every row of ``X``, without forming the Gram matrix."""
        self._validate_params()
        X = check_array(X, "X")
        return self._diag(X)

    def _prepare(self, Z: np.ndarray) -> Any:
        """Quantities of ``Z`` reused by every row block (default: ``Z`` itself)."""
        return Z

    def _slice_state(self, state: Any, start: int, stop: int) -> Any:
        """The state of ``_prepare(Z[start:stop])``, cut from that of ``Z``."""
        return state[start:stop]

    def _column(
        self, Z: np.ndarray, state: Any, i: int, start: int, stop: int, out: np.ndarray
    ) -> None:
        """Write k(z_i, z_t) for t in [start, stop) into ``out``; state of ``Z``.

        One column of the Gram matrix of ``Z``, in part (what an SMO solver
        asks for); ``state`` is ``_prepare(Z)``.
        """
        self._fill(Z[i : i + 1], self._slice_state(state, start, stop), out[None, :])

    @abstractmethod
    def _fill(self, Xb: np.ndarray, state: Any, out: np.ndarray) -> None:
        """Write k(Xb, Z) into ``out`` (C-contiguous, shape (len(Xb), p))."""

    @abstractmethod
    def _diag(self, X: np.ndarray) -> np.ndarray: ...

    def to_config(self) -> dict[str, Any]:
        """The config dict of this kernel, ``{"name": "gaussian", "sigma": 1.0}``.

        The inverse of :func:`make_kernel`.
        """
        return {"name": _NAMES[type(self)], **self.get_params(deep=False)}

    def __repr__(self) -> str:
        # Every parameter, defaults included: kernels label tables and figures.
        params = self.get_params(deep=False).items()
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in params)})"

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.get_params(
            deep=False
        ) == other.get_params(deep=False)

    def __hash__(self) -> int:
        return hash((type(self), tuple(sorted(self.get_params(deep=False).items()))))


class Linear(Kernel):
    """Linear kernel k(x, x') = ⟨x, x'⟩ (φ is the identity)."""

    def _fill(self, Xb: np.ndarray, Z: np.ndarray, out: np.ndarray) -> None:
        np.matmul(Xb, Z.T, out=out)

    def _diag(self, X: np.ndarray) -> np.ndarray:
        return np.einsum("ij,ij->i", X, X)


class Gaussian(Kernel):
    """Gaussian (RBF) kernel k(x, x') = exp(−‖x − x'‖² / (2σ²)).

    Parameters
    ----------
    sigma : float > 0
        Width σ. scikit-learn's ``rbf_kernel`` uses γ = 1 / (2σ²).

    Notes
    -----
    The exponent is formed as (⟨x, x'⟩ − ‖x‖²/2 − ‖x'‖²/2) / σ² from squared
    norms and one matrix product per row block; values above 0 (rounding in
    ‖x − x'‖² for near-duplicate points) are clipped to 0. The expansion loses
    about ‖x‖²/σ² machine epsilons to cancellation (as scikit-learn's does); the
    diagonal of ``k(X)`` is set to exactly 1.

    Examples
    --------
    >>> import numpy as np
    >>> K = Gaussian(sigma=1.0)(np.array([[0.0, 0.0], [1.0, 0.0]]))
    >>> round(float(K[0, 1]), 6)
    0.606531
    """

    _parameter_constraints = {"sigma": [Interval("float", 0.0, None)]}

    def __init__(self, sigma: float = 1.0) -> None:
        self.sigma = sigma

    def _prepare(self, Z: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
        s = 1.0 / self.sigma**2
        zt = np.ascontiguousarray(Z.T) * s
        z_half = 0.5 * s * np.einsum("ij,ij->i", Z, Z)
        return zt, z_half, s

    def _slice_state(self, state: Any, start: int, stop: int) -> Any:
        zt, z_half, s = state
        return zt[:, start:stop], z_half[start:stop], s

    def _column(
        self, Z: np.ndarray, state: Any, i: int, start: int, stop: int, out: np.ndarray
    ) -> None:
        # As _fill, with ‖z_i‖²/(2σ²) read from the state, and the two
        # subtractions and the clipping in one compiled pass.
        zt, z_half, _ = state
        np.matmul(Z[i], zt[:, start:stop], out=out)
        _compiled("_gaussian_exponent")(out, z_half, i, start)
        np.exp(out, out=out)

    def _fill(self, Xb: np.ndarray, state: Any, out: np.ndarray) -> None:
        zt, z_half, s = state
        np.matmul(Xb, zt, out=out)
        out -= (0.5 * s * np.einsum("ij,ij->i", Xb, Xb))[:, None]
        out -= z_half
        np.minimum(out, 0.0, out=out)
        np.exp(out, out=out)

    def _diag(self, X: np.ndarray) -> np.ndarray:
        return np.ones(X.shape[0])


class Polynomial(Kernel):
    """Polynomial kernel k(x, x') = (⟨x, x'⟩ + c)^d.

    Parameters
    ----------
    degree : int >= 1
        d.
    c : float >= 0
        Offset; ``c = 0`` is the homogeneous kernel ⟨x, x'⟩^d. The feature map is
        the degree-d tensor power of (√c, x) (Huang 2017, 'Polynomial Kernels':
        "set x_0 = √c"); with c = 1 it is the (n+1)^d sequence embedding of the
        UML notes, Kernels §III.
    """

    _parameter_constraints = {
        "degree": [Interval("int", 1, None, closed="left")],
        "c": [Interval("float", 0.0, None, closed="left")],
    }

    def __init__(self, degree: int = 2, c: float = 1.0) -> None:
        self.degree = degree
        self.c = c

    def _fill(self, Xb: np.ndarray, Z: np.ndarray, out: np.ndarray) -> None:
        np.matmul(Xb, Z.T, out=out)
        out += self.c
        np.power(out, self.degree, out=out)

    def _diag(self, X: np.ndarray) -> np.ndarray:
        return (np.einsum("ij,ij->i", X, X) + self.c) ** self.degree


class ProductPolynomial(Kernel):
    """All-subsets kernel k(x, x') = Π_i (1 + x_i x'_i) (Mądry 2012's K_1, §2).

    Its feature map has one coordinate Π_{i∈S} x_i per subset S of the n
    features (2^n in all), yet k costs O(n).
    """

    def _fill(self, Xb: np.ndarray, Z: np.ndarray, out: np.ndarray) -> None:
        out.fill(1.0)
        for i in range(Xb.shape[1]):
            out *= 1.0 + np.multiply.outer(Xb[:, i], Z[:, i])

    def _diag(self, X: np.ndarray) -> np.ndarray:
        return np.prod(1.0 + X * X, axis=1)


class Laplacian(Kernel):
    """Laplacian kernel k(x, x') = exp(−λ‖x − x'‖).

    Parameters
    ----------
    lam : float > 0
        λ. scikit-learn's ``laplacian_kernel`` uses the L1 distance instead.
    """

    _parameter_constraints = {"lam": [Interval("float", 0.0, None)]}

    def __init__(self, lam: float = 1.0) -> None:
        self.lam = lam

    def _prepare(self, Z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return np.ascontiguousarray(Z.T), np.einsum("ij,ij->i", Z, Z)

    def _slice_state(self, state: Any, start: int, stop: int) -> Any:
        zt, z_sq = state
        return zt[:, start:stop], z_sq[start:stop]

    def _fill(self, Xb: np.ndarray, state: Any, out: np.ndarray) -> None:
        _squared_distances(Xb, *state, out)
        np.sqrt(out, out=out)
        out *= -self.lam
        np.exp(out, out=out)

    def _diag(self, X: np.ndarray) -> np.ndarray:
        return np.ones(X.shape[0])


def _gaussian_exponent(out: np.ndarray, z_half: np.ndarray, i: int, start: int) -> None:
    """out_t ← min(out_t − z_half_i − z_half_{start+t}, 0), in one pass.

    The same operations, in the same order, as ``out -= z_half[i]``,
    ``out -= z_half[start:stop]`` and ``np.minimum(out, 0.0, out=out)``, so the
    same values (a NaN stays NaN); one pass over ``out`` instead of three.
    """
    zi = z_half[i]
    z_t = z_half[start : start + out.shape[0]]
    for k in range(out.shape[0]):
        v = out[k] - zi - z_t[k]
        out[k] = 0.0 if v > 0.0 else v


#: The numba versions of the loops above, compiled at their first use.
_COMPILED: dict[str, Any] = {}


def _compiled(name: str) -> Any:
    """The loop ``name`` of this module compiled by numba (once per process).

    numba is imported at the first use, by a solver's kernel column, so that
    the kernels themselves never load it; ``cache=True`` keeps the machine
    code in ``__pycache__``.
    """
    function = _COMPILED.get(name)
    if function is None:
        from numba import njit

        function = _COMPILED[name] = njit(cache=True)(globals()[name])
    return function


def _squared_distances(
    Xb: np.ndarray, zt: np.ndarray, z_sq: np.ndarray, out: np.ndarray
) -> None:
    """out = ‖x‖² + ‖z‖² − 2⟨x, z⟩, negatives from rounding clipped to 0."""
    np.matmul(Xb, zt, out=out)
    out *= -2.0
    out += np.einsum("ij,ij->i", Xb, Xb)[:, None]
    out += z_sq
    np.maximum(out, 0.0, out=out)


def squared_distances(X: object, Z: object | None = None) -> np.ndarray:
    """‖x_i − z_j‖² for all pairs, in row blocks of bounded memory.

    Formed as ‖x‖² + ‖z‖² − 2⟨x, z⟩ with negatives from rounding clipped to 0;
    with ``Z`` omitted the diagonal is exactly 0.
    """
    X = check_array(X, "X")
    same = Z is None
    Z = X if same else check_array(Z, "Z")
    out = np.empty((X.shape[0], Z.shape[0]))
    zt, z_sq = np.ascontiguousarray(Z.T), np.einsum("ij,ij->i", Z, Z)
    rows = max(1, DEFAULT_BLOCK_BYTES // (8 * max(1, Z.shape[0])))
    for start in range(0, X.shape[0], rows):
        stop = min(start + rows, X.shape[0])
        _squared_distances(X[start:stop], zt, z_sq, out[start:stop])
    if same:
        np.fill_diagonal(out, 0.0)
    return out


def feature_distance(kernel: Kernel, X: object, Z: object | None = None) -> np.ndarray:
    """Distances in feature space, ‖φ(x) − φ(z)‖ = √(k(x,x) + k(z,z) − 2k(x,z)).

    Returns
    -------
    D : ndarray of shape (m, p)
        Rounding below 0 inside the square root is clipped.
    """
    X = check_array(X, "X")
    Zc = X if Z is None else check_array(Z, "Z")
    D = kernel(X, Z) if Z is not None else kernel(X)
    D *= -2.0
    D += kernel.diag(X)[:, None]
    D += kernel.diag(Zc)[None, :]
    np.maximum(D, 0.0, out=D)
    return np.sqrt(D, out=D)


def min_eigenvalue_ratio(K: np.ndarray) -> float:
    """λ_min(K) / Σ|λ_i| for a symmetric matrix (0 for the zero matrix).

    For a PSD matrix Σ|λ_i| is the trace, so ``>= -tol`` is the test
    λ_min ≥ −tol·trace of Mercer's condition on a sample.
    """
    K = np.asarray(K, dtype=np.float64)
    if K.ndim != 2 or K.shape[0] != K.shape[1]:
        raise ValueError(f"a Gram matrix must be square; got shape {K.shape}.")
    eig = np.linalg.eigvalsh((K + K.T) / 2.0)
    scale = np.abs(eig).sum()
    return float(eig[0] / scale) if scale > 0 else 0.0


def is_psd(K: np.ndarray, tol: float = 1e-10) -> bool:
    """Whether K is symmetric with λ_min ≥ −tol·Σ|λ_i| (positive semi-definite)."""
    K = np.asarray(K, dtype=np.float64)
    scale = max(1.0, float(np.abs(K).max(initial=0.0)))
    symmetric = np.allclose(K, K.T, rtol=0.0, atol=1e-12 * scale)
    return symmetric and min_eigenvalue_ratio(K) >= -tol


#: The constraint of an estimator's ``kernel`` parameter (``None``: its default).
KERNEL: ConstraintList = [
    InstanceOf(Kernel, "a Kernel such as Gaussian(sigma=1.0)"),
    None,
]

_REGISTRY: dict[str, type[Kernel]] = {
    "linear": Linear,
    "polynomial": Polynomial,
    "product_polynomial": ProductPolynomial,
    "gaussian": Gaussian,
    "laplacian": Laplacian,
}
_NAMES = {cls: name for name, cls in _REGISTRY.items()}


def make_kernel(spec: Mapping[str, Any]) -> Kernel:
    """Build a kernel from a config dict such as ``{"name": "gaussian", "sigma": 0.5}``.

    Raises
    ------
    ValueError
        For an unknown name or a parameter the kernel does not take.
    """
    params = dict(spec)
    name = params.pop("name", None)
    if name not in _REGISTRY:
        raise ValueError(
            f"Unknown kernel {name!r}; expected one of {sorted(_REGISTRY)}."
        )
    try:
        kernel = _REGISTRY[name](**params)
    except TypeError as err:
        raise ValueError(f"Bad parameters for kernel {name!r}: {err}") from None
    kernel._validate_params()
    return kernel
