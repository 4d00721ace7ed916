"""The data of the claims atlas's applet of the adaboost_rounds experiment."""

from __future__ import annotations

import pandas as pd

from .._shared.applets import check_grid, grid_data, points_data, quantize, rounded


def adaboost_rounds_applet(
    rounds: pd.DataFrame,
    weights: pd.DataFrame,
    surface: pd.DataFrame,
    points: pd.DataFrame,
) -> dict[str, object]:
    """AdaBoost round by round: f_t/‖α‖₁ on the grid (scale 1), D_t, and the
    training error beside Π Z_s and exp(−2γ²t)."""
    ts = rounds["t"].astype(int).tolist()
    grid = grid_data(surface[surface["t"] == ts[0]])
    n = int(grid["n1"]) * int(grid["n2"])  # type: ignore[call-overload]
    norms = rounds.set_index("t")["l1_norm"]
    f = [
        quantize(
            check_grid(surface[surface["t"] == t], n, f"round {t}") / norms[t], 1.0
        )
        for t in ts
    ]
    m = len(points)
    D = weights.sort_values(["t", "i"])["D"].to_numpy().reshape(len(ts), m)
    return {
        "kind": "adaboost",
        "grid": grid,
        "scale": 1.0,
        "points": points_data(points),
        "t": ts,
        "f": f,
        "D": [rounded(row * m) for row in D],  # m D_t(i): 1 is the uniform weight
        "train_error": rounded(rounds["train_error"]),
        "bound_Z": rounded(rounds["bound_Z"]),
        "bound_gamma": rounded(rounds["bound_gamma_min"]),
        "eps": rounded(rounds["eps"]),
        "alpha": rounded(rounds["alpha"]),
    }
