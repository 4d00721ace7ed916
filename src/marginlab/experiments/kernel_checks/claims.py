"""Claim rows of K22 and K23, from the kernel_checks experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._shared.rows import ClaimRow

#: Largest relative difference of kernel and explicit inner products, as K1.
IDENTITY_TOL = 1e-10

#: Rounding allowed in K23's comparisons of kernel values (values in [0, 1]):
#: the norm expansion loses about (‖x‖² + ‖z‖²)/σ² machine epsilons, under
#: 1e-13 for the sampled pairs.
ROUNDING = 1e-12


def _one_figure(value: float) -> float:
    """``value`` rounded to one significant figure (500 500 → 500 000)."""
    if value == 0:
        return 0.0
    scale = 10.0 ** np.floor(np.log10(abs(value)))
    return float(np.round(value / scale) * scale)


def k22_feature_count(counts: pd.DataFrame, products: pd.DataFrame) -> list[ClaimRow]:
    """K22: second-order features in 1 000 dimensions; the kernel avoids them.

    Rows, n the dimension (1 000):

    1. check: the code's degree-2 map
       :func:`~marginlab.core.kernels.feature_maps.monomials` has n² coordinates
       (``==``): its x ⊗ x keeps x_i x_j and x_j x_i apart by construction.
    2. check: the number of *distinct* coordinates among them, counted on
       random points, against n(n + 1)/2 (``==``). A check, not evidence: x ⊗ x
       holds x_i x_j and x_j x_i, the same number, so the count is n(n + 1)/2
       by construction of the map.
    3. check: that count to one significant figure against the slide's
       5·10⁵ (``==``): the slide counts distinct monomials of degree 2; the
       code's ordered map has twice as many (n² = 10⁶), and the map of
       (⟨x, x'⟩ + c)² C(n + 2, 2) distinct ones (both in ``quantity``). A
       check, not evidence: 1000·1001/2 = 500 500 rounds to 5·10⁵, arithmetic
       settled before any data.
    4.–5. check: max |K − ΦΦᵀ| / max |K| ``<= 1e-10`` (K1's tolerance) on
       random points in n dimensions, K_ij = ⟨x_i, x_j⟩² from the kernel and Φ
       the code's ordered map (row 4) or the n(n + 1)/2-coordinate map
       (x_i², √2 x_i x_j) (row 5). Checks, not evidence: they are
       K1's identity for (x·x')² (its map (x1², √2 x1x2, x2²) at n = 2, and
       (x·x' + c)^d = ⟨ψ(x), ψ(x')⟩ at every n) measured again at n = 1 000,
       so they repeat K1's rows rather than add a statement.

    Parameters
    ----------
    counts, products : DataFrame
        The tables of :func:`.study.kernel_check_tables`.

    Returns
    -------
    list of ClaimRow
        The five rows above, in that order, named ``coordinates``,
        ``distinct``, ``slide``, ``identity/monomials`` and
        ``identity/symmetric``.
    """
    c = counts.set_index("map")
    n = int(counts["n_features"].iloc[0])
    ordered = c.loc["monomials"]
    distinct = c.loc["distinct monomials"]
    lifted = c.loc["distinct tensor_power"]
    slide = float(c.loc["slide", "counted"])
    common = dict(
        source="Huang 2017, 'Kernels as dot products' (second order features in "
        "1000 dimensions: 5·10⁵ numbers)",
        dataset=f"n = {n}",
    )
    m = int(max(products["i"].max(), products["j"].max()) + 1)
    scale = float(products["kernel"].abs().max())

    def identity(column: str, what: str) -> ClaimRow:
        worst = float((products["kernel"] - products[column]).abs().max())
        return ClaimRow(
            title=f"(x·x')² = ⟨φ(x), φ(x')⟩ in {n} dimensions, φ {what}",
            quantity=f"max |K - ΦΦᵀ| / max |K| over {m} random N(0, I) points, "
            f"Φ = {column}",
            measured=worst / scale if scale > 0 else float("nan"),
            bound=IDENTITY_TOL,
            relation="<=",
            kind="check",
            name=f"identity/{column}",
            **{**common, "dataset": f"n = {n}, {m} points"},
        )

    return [
        ClaimRow(
            title="the code's second-order map x ⊗ x has n² coordinates",
            quantity=f"coordinates of monomials(x, 2) for n = {n} (formula n^2 = "
            f"{int(ordered['formula_value'])})",
            measured=float(ordered["counted"]),
            bound=float(ordered["formula_value"]),
            relation="==",
            kind="check",
            name="coordinates",
            **common,
        ),
        ClaimRow(
            title="distinct second-order monomials in n dimensions: n(n+1)/2",
            quantity=f"distinct coordinates of monomials(x, 2), counted on random "
            f"points, against n(n+1)/2 (with the constant and the linear terms, as "
            f"(x·x' + c)² needs: {int(lifted['counted'])} distinct, C(n+2, 2) = "
            f"{int(lifted['formula_value'])})",
            measured=float(distinct["counted"]),
            bound=float(distinct["formula_value"]),
            relation="==",
            kind="check",
            name="distinct",
            **common,
        ),
        ClaimRow(
            title="the slide's 5·10⁵ second-order features in 1000 dimensions",
            quantity=f"distinct second-order monomials ({int(distinct['counted'])}) "
            f"to one significant figure, against the slide's {slide:.0e} (the "
            f"code's ordered map has {int(ordered['counted'])}, i.e. "
            f"{_one_figure(float(ordered['counted'])):.0e})",
            measured=_one_figure(float(distinct["counted"])),
            bound=slide,
            relation="==",
            kind="check",
            name="slide",
            **common,
        ),
        identity("monomials", "the code's ordered products x ⊗ x (n² coordinates)"),
        identity("symmetric", "(x_i², √2 x_i x_j), n(n+1)/2 coordinates"),
    ]


def k23_gaussian_peak(pairs: pd.DataFrame) -> list[ClaimRow]:
    """K23: the Gaussian kernel is largest at x = z and decays with distance.

    k(x, z) = exp(−‖x − z‖²/2σ²), by the library's general code path, on
    random pairs at distances from 0 to a few σ, for each σ. Rows:

    1. identity: k(x, x) = 1: max |1 − k(x, x)| ``<= 1e-12``, k(x, x)
       computed from the norm expansion (not the Gram diagonal, which the code
       sets to 1).
    2. check: k(x, z) ≤ 1 for every pair: max_pairs k(x, z) ``<= 1``. The code
       clips the exponent at 0, so this holds by construction.
    3. check: k decreases as ‖x − z‖ grows: with the pairs of each σ sorted
       by the distance computed from the difference, the largest increase of
       k from one pair to the next, ``<= 1e-12`` (rounding). It fails if the
       code's k is not a decreasing function of the distance. A check, not
       evidence: the code's k is exp(−‖x − z‖²/2σ²) written through the norm
       expansion, a decreasing function of the distance by construction.
    4. identity: the library's k against exp(−‖x − z‖²/2σ²) computed from the
       difference: max |difference| ``<= 1e-12``.
    5. illustration: the largest k at the largest sampled distances (the
       decay to 0): max k over the pairs at distance ≥ 5σ, if any.

    Parameters
    ----------
    pairs : DataFrame
        The table of :func:`.study.kernel_check_tables`.

    Returns
    -------
    list of ClaimRow
        The five rows above, in that order, named ``self_value``,
        ``max_value``, ``decreasing``, ``formula`` and ``far_value``.
    """
    sigmas = sorted(pairs["sigma"].unique())
    rises = []
    for _, part in pairs.groupby("sigma", sort=True):
        k = part.sort_values("distance", kind="stable")["k"].to_numpy()
        rises.append(float(np.max(np.diff(k))) if len(k) > 1 else float("nan"))
    far = pairs[pairs["distance"] >= 5.0 * pairs["sigma"]]
    d = int(pairs["gauss_features"].iloc[0])
    per_sigma = len(pairs) // max(1, len(sigmas))
    common = dict(
        source="Shewchuk, Lecture 14, 'The Gaussian Kernel' (maximum when x = z, "
        "goes to 0 as distance increases)",
        dataset=f"{per_sigma} random pairs in R^{d} per sigma, sigma in "
        f"{{{', '.join(f'{s:g}' for s in sigmas)}}}, distances up to "
        f"{float((pairs['distance'] / pairs['sigma']).max()):.3g} sigma",
    )
    return [
        ClaimRow(
            title="the Gaussian kernel is 1 at x = z",
            quantity="max |1 - k(x, x)|, k(x, x) from the norm expansion (the "
            "kernel's general code path)",
            measured=float((1.0 - pairs["k_self"]).abs().max()),
            bound=ROUNDING,
            relation="<=",
            kind="identity",
            name="self_value",
            **common,
        ),
        ClaimRow(
            title="no pair exceeds the value at x = z",
            quantity="max over the pairs of k(x, z) (at most 1 by construction: "
            "the code clips the exponent at 0)",
            measured=float(pairs["k"].max()),
            bound=1.0,
            relation="<=",
            kind="check",
            name="max_value",
            **common,
        ),
        ClaimRow(
            title="the Gaussian kernel decreases as the distance grows",
            quantity="largest increase of k(x, z) from one pair to the next, pairs "
            "sorted by the distance ||x - z|| (max over sigma)",
            measured=max(rises),
            bound=ROUNDING,
            relation="<=",
            kind="check",
            name="decreasing",
            **common,
        ),
        ClaimRow(
            title="the library's Gaussian kernel is exp(-||x - z||^2 / 2 sigma^2)",
            quantity="max |k(x, z) - exp(-||x - z||^2 / 2 sigma^2)|, the latter "
            "from the difference x - z",
            measured=float((pairs["k"] - pairs["k_direct"]).abs().max()),
            bound=ROUNDING,
            relation="<=",
            kind="identity",
            name="formula",
            **common,
        ),
        ClaimRow(
            title="the Gaussian kernel goes to 0 as the distance grows",
            quantity=f"max k(x, z) over the {len(far)} pairs at distance >= 5 "
            "sigma (exp(-12.5) = 3.7e-06 at 5 sigma)",
            measured=float(far["k"].max()) if len(far) else float("nan"),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            name="far_value",
            **common,
        ),
    ]
