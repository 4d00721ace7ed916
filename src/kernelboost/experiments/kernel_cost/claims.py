"""Claim rows of K2 and K8, from the kernel_cost experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.exponents import exponent_row, fitted
from .._shared.rows import ClaimRow


#: Claim id → function from its metric tables (in the order the workflow passes
#: them) to its rows.
def k2_kernel_cost(timings: pd.DataFrame, fits: pd.DataFrame) -> list[ClaimRow]:
    """K2: explicit φ(x)·φ(x') costs O(n^d) per pair, the kernel ⟨x, x'⟩^d O(n).

    Parameters
    ----------
    timings, fits : DataFrame
        From :func:`.study.kernel_cost_table` and
        :func:`~kernelboost.experiments._shared.timing.exponent_table`.

    Returns
    -------
    list of ClaimRow
        Per degree d: the explicit route's fitted exponent within
        0.3 of d, and the kernel's at most 1 + tol (O(n) is an
        upper bound: a constant cost per pair flattens the measured growth).
    """
    rows = []
    pairs = fits[fits["experiment"] == "feature_vs_kernel"]
    for degree in sorted(pairs["degree"].unique()):
        d = int(degree)
        rows.append(
            exponent_row(
                "K2",
                f"explicit phi(x).phi(x') grows like n^{d}",
                fitted(fits, "feature_vs_kernel", "explicit", d),
                d,
                upper=False,
            )
        )
        rows.append(
            exponent_row(
                "K2",
                f"kernel <x,x'>^{d} grows at most linearly in n",
                fitted(fits, "feature_vs_kernel", "kernel", d),
                1,
                upper=True,
            )
        )
    return rows


#: K8's curves: (experiment, form) → (stated exponent, title).
K8_STATED = {
    ("gram_vs_m", "kernel"): (2, "Gram matrix time grows like n^2"),
    ("gram_vs_d", "kernel"): (1, "Gram matrix time grows like d"),
    ("predict_vs_m", "dual"): (1, "dual prediction per point grows like n"),
    ("predict_vs_m", "explicit"): (0, "explicit-w prediction per point is flat in n"),
}


def k8_dual_cost(timings: pd.DataFrame, fits: pd.DataFrame) -> list[ClaimRow]:
    """K8: the Gram matrix costs O(n²d); a dual prediction O(nd), explicit O(d').

    The notation of Shewchuk, Lecture 14: n samples, d features, d' = dim φ
    (here the degree-2 kernel ⟨x, x'⟩², d' = d²).

    Returns
    -------
    list of ClaimRow
        Fitted exponents within 0.3 of 2 (Gram vs n), 1 (Gram
        vs d), 1 (dual prediction per point vs n) and 0 (explicit prediction
        per point vs n).
    """
    return [
        exponent_row(
            "K8", title, fitted(fits, experiment, form, 2), stated, upper=False
        )
        for (experiment, form), (stated, title) in K8_STATED.items()
    ]
