"""Kernel functions and their Gram matrices.

A kernel is an inner product in a feature space, k(x, x') = ⟨φ(x), φ(x')⟩; only
its values on pairs of points are ever needed (seed 000 §II, seed 002 §2).

Gram blocks are computed in row blocks of bounded size, so the temporary memory
of ``k(X, Z)`` never exceeds ``block_bytes`` beyond the returned matrix itself.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

import numpy as np

from ._validation import check_array, check_scalar

#: Upper bound on the working memory of one row block of a Gram computation.
DEFAULT_BLOCK_BYTES = 16 * 2**20


class Kernel(ABC):
    """Base class: ``k(X, Z=None)`` returns the Gram block K[i, j] = k(x_i, z_j).

    Subclasses implement :meth:`_fill`, which writes one row block in place.
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
        self._check_params()
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
        self._check_params()
        X = check_array(X, "X")
        return self._diag(X)

    def _prepare(self, Z: np.ndarray) -> Any:
        """Quantities of ``Z`` reused by every row block (default: ``Z`` itself)."""
        return Z

    @abstractmethod
    def _fill(self, Xb: np.ndarray, state: Any, out: np.ndarray) -> None:
        """Write k(Xb, Z) into ``out`` (C-contiguous, shape (len(Xb), p))."""

    @abstractmethod
    def _diag(self, X: np.ndarray) -> np.ndarray: ...

    def _check_params(self) -> None:  # noqa: B027 - optional hook
        """Validate hyper-parameters (raise ``ValueError``); default: none."""

    def _hyper_parameters(self) -> dict[str, Any]:
        params = inspect.signature(type(self).__init__).parameters.values()
        named = (
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            inspect.Parameter.KEYWORD_ONLY,
        )
        return {
            p.name: getattr(self, p.name)
            for p in params
            if p.kind in named and p.name != "self"
        }

    def get_params(self) -> dict[str, Any]:
        """Hyper-parameters as a config dict: ``{"name": "gaussian", "sigma": 1.0}``."""
        return {"name": _NAMES[type(self)], **self._hyper_parameters()}

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self._hyper_parameters().items())
        return f"{type(self).__name__}({args})"

    def __eq__(self, other: object) -> bool:
        return (
            type(self) is type(other)
            and self._hyper_parameters() == other._hyper_parameters()
        )

    def __hash__(self) -> int:
        return hash((type(self), tuple(sorted(self._hyper_parameters().items()))))


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

    def __init__(self, sigma: float = 1.0) -> None:
        self.sigma = sigma

    def _check_params(self) -> None:
        check_scalar(self.sigma, "sigma", "Gaussian", low=0.0, closed="neither")

    def _prepare(self, Z: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
        s = 1.0 / self.sigma**2
        zt = np.ascontiguousarray(Z.T) * s
        z_half = 0.5 * s * np.einsum("ij,ij->i", Z, Z)
        return zt, z_half, s

    def _fill(self, Xb: np.ndarray, state: Any, out: np.ndarray) -> None:
        zt, z_half, s = state
        np.matmul(Xb, zt, out=out)
        out -= (0.5 * s * np.einsum("ij,ij->i", Xb, Xb))[:, None]
        out -= z_half
        np.minimum(out, 0.0, out=out)
        np.exp(out, out=out)

    def _diag(self, X: np.ndarray) -> np.ndarray:
        return np.ones(X.shape[0])


_REGISTRY: dict[str, type[Kernel]] = {"linear": Linear, "gaussian": Gaussian}
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
    kernel._check_params()
    return kernel
