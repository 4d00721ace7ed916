"""Claim rows of K1 and K15, from the kernel_identity experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.rows import ClaimRow

#: The largest relative difference K1 and K15 allow (rounding); the figure
#: draws it.
IDENTITY_TOL = 1e-10

_IDENTITY_TITLES = {
    "quadratic": "(x·x')² = ⟨φ(x), φ(x')⟩, φ = (x1², √2 x1x2, x2²)",
    "sequence": "(1 + x·x')^k = ⟨ψ(x), ψ(x')⟩, ψ the (n+1)^k sequence embedding",
    "sqrt_c": "(x·x' + c)^d = ⟨ψ(x), ψ(x')⟩ with x0 = √c",
    "subset_product": "Π(1 + x_i x'_i) = ⟨φ(x), φ(x')⟩, φ the subset products",
}


def _identity_grid(part: pd.DataFrame) -> str:
    """The (n, degree) settings of one identity's rows, e.g. "n ∈ {1, 2}, degree
    ∈ {2, 3}" (no degree for the subset-product map)."""
    ns = ", ".join(str(n) for n in sorted(part["n"].unique()))
    degrees = sorted(d for d in part["degree"].unique() if d > 0)
    return f"n ∈ {{{ns}}}" + (
        f", degree ∈ {{{', '.join(map(str, degrees))}}}" if degrees else ""
    )


def k1_kernel_identity(identities: pd.DataFrame) -> list[ClaimRow]:
    """K1: each kernel equals the inner product of its explicit feature map.

    One row per identity, ``inner_product/<identity>``
    (``inner_product/sqrt_c``): the largest ``max_rel_diff`` over its
    (n, degree) grid, checked ``<= 1e-10``.
    """
    rows = []
    for identity, part in identities.groupby("identity", sort=True):
        grid = _identity_grid(part)
        rows.append(
            ClaimRow(
                title=_IDENTITY_TITLES.get(identity, identity),
                source="UML notes, Kernels §III; Mądry 2012, §2; "
                "Huang 2017, 'Quadratic Kernel', 'Polynomial Kernels'",
                dataset=f"random N(0, I), {grid}",
                quantity="max |K - ΦΦᵀ| / max |K|",
                measured=float(part["max_rel_diff"].max()),
                bound=IDENTITY_TOL,
                relation="<=",
                kind="identity",
                name=f"inner_product/{identity}",
            )
        )
    return rows


def k15_feature_distance(identities: pd.DataFrame) -> list[ClaimRow]:
    """K15: distances in feature space come from the kernel alone.

    d(x, x')² = ‖φ(x) − φ(x')‖² = k(x, x) + k(x', x') − 2 k(x, x') (Huang
    2017, 'Distance in Feature Space'). One row per identity of K1,
    ``distance/<identity>`` (``distance/sqrt_c``): the largest
    ``max_rel_diff_distance`` over its (n, degree) grid, the squared
    distances from the kernel against those summed over the explicit
    coordinates, checked ``<= 1e-10``.

    The rows are checks, not evidence: on the points and maps of K1, expanding
    ‖φ(x) − φ(x')‖² gives the three inner products K1's rows compare, so a row
    here can fail only with one of K1's (or through cancellation in the sum).
    """
    rows = []
    for identity, part in identities.groupby("identity", sort=True):
        grid = _identity_grid(part)
        rows.append(
            ClaimRow(
                title="squared distance in feature space = k(x,x) + k(x',x') - "
                f"2k(x,x'): {_IDENTITY_TITLES.get(identity, identity)}",
                source="Huang 2017, 'Distance in Feature Space'",
                dataset=f"random N(0, I), {grid}",
                quantity="max |D_k - D_φ| / max |D_φ|, D_φ summed over the "
                "explicit coordinates",
                measured=float(part["max_rel_diff_distance"].max()),
                bound=IDENTITY_TOL,
                relation="<=",
                kind="check",
                name=f"distance/{identity}",
            )
        )
    return rows
