"""Claim rows of B16, from the rademacher_margin_bound experiment's tables."""

from __future__ import annotations

import pandas as pd

from ...theory.intervals import clopper_pearson
from .._shared.rows import ClaimRow


def b16_rademacher_margin_bound(bounds: pd.DataFrame) -> list[ClaimRow]:
    """B16: the Koltchinskii–Panchenko margin bounds against the test error.

    Per dataset, two rows, one per version of the bound (the empirical
    Rademacher complexity of the stumps, and the VC dimension): the test error
    of AdaBoost's sign(f_T) with its Clopper–Pearson 95 % interval, against
    the smallest bound over the ρ grid (each bound is simultaneous over the
    grid, so choosing its smallest value is allowed). The bound holds with
    probability ≥ 1 − δ − δ_mc (Rademacher) or 1 − δ (VC) over the training
    sample: a row that does not hold is such an event, or a bug. A bound
    ≥ 1 says nothing about an error rate: the row is then an
    ``illustration`` that says it is vacuous, never evidence.
    """
    rows = []
    for name, part in bounds.groupby("dataset", sort=False):
        first = part.iloc[0]
        m, n_test = int(first["n_train"]), int(first["n_test"])
        mistakes = int(first["test_mistakes"])
        lo, hi = clopper_pearson(mistakes, n_test)
        test = mistakes / n_test
        G, delta = int(first["grid_size"]), float(first["delta"])
        rhos = ", ".join(f"{r:g}" for r in part["rho"])
        where = (
            f"{name} (m = {m} training points, N = {int(first['n_features'])} "
            f"features, {n_test} test points, split seed "
            f"{int(first['split_seed'])}), T = {int(first['T'])}, rho in {{{rhos}}}"
        )
        versions = (
            (
                "rad",
                "empirical Rademacher",
                f"R_S(stumps) <= {float(first['rademacher_upper']):.4g} (mean of "
                f"{int(first['n_draws'])} exact sups "
                f"{float(first['rademacher_mean']):.4g} + McDiarmid term "
                f"{float(first['mc_deviation']):.2g} at "
                f"delta_mc = {float(first['mc_delta']):g}); probability >= "
                f"{1 - delta - float(first['mc_delta']):g}",
            ),
            (
                "vc",
                "VC",
                f"d <= {int(first['vc_dimension'])} for stumps on "
                f"R^{int(first['n_features'])}; probability >= {1 - delta:g}",
            ),
        )
        for key, label, about in versions:
            best = part.loc[part[f"{key}_bound"].idxmin()]
            bound = float(best[f"{key}_bound"])
            terms = (
                f"at rho = {float(best['rho']):g}: margin loss "
                f"{float(best['margin_loss']):.4g} + complexity "
                f"{float(best[f'{key}_complexity']):.4g} + confidence "
                f"{float(best[f'{key}_confidence']):.4g} (delta = {delta:g} shared "
                f"by the {G} rho)"
            )
            common = dict(
                source="Mohri, Boosting, 'Rademacher Complexity of Convex Hulls', "
                "'Margin Bound - Ensemble Methods' (Koltchinskii and Panchenko 2002)",
                dataset=where,
            )
            if bound >= 1.0:
                rows.append(
                    ClaimRow(
                        name=f"bound/{key}/{name}",
                        title=f"margin bound ({label}) is vacuous here",
                        quantity=f"smallest {label} margin bound over the rho grid, "
                        f"{terms}; {about}; it is >= 1, so it bounds no error rate "
                        f"(test error {test:.4g})",
                        measured=bound,
                        bound=float("nan"),
                        relation="n/a",
                        kind="illustration",
                        **common,
                    )
                )
                continue
            rows.append(
                ClaimRow(
                    name=f"bound/{key}/{name}",
                    title=f"test error <= margin bound ({label}) of f/||alpha||_1",
                    quantity=f"test error of sign(f_T) (y f(x) <= 0) against the "
                    f"smallest {label} margin bound over the rho grid, {terms}; "
                    f"{about}",
                    measured=test,
                    ci_low=lo,
                    ci_high=hi,
                    bound=bound,
                    relation="<=",
                    kind="theorem",
                    **common,
                )
            )
    return rows
