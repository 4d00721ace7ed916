"""The data of the claims atlas's applet of the smo_applet experiment."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from .._shared.applets import check_grid, grid_data, points_data, quantize, rounded


def smo_applet(
    summary: pd.DataFrame, surface: pd.DataFrame, points: pd.DataFrame
) -> dict[str, object]:
    """The SMO applet: per (σ, C), f on the grid, support vectors and numbers.

    f is quantized with scale 2 (the margins f = ±1 are at ±63.5 of 127).
    """
    first = summary["panel"].iloc[0]
    grid = grid_data(surface[surface["panel"] == first])
    n = int(grid["n1"]) * int(grid["n2"])  # type: ignore[call-overload]
    pts = points[points["panel"] == first]
    panels = []
    for row in summary.itertuples(index=False):
        f = check_grid(surface[surface["panel"] == row.panel], n, row.panel)
        mine = points[points["panel"] == row.panel]
        panels.append(
            {
                "sigma": float(row.sigma),
                "C": None if math.isinf(row.C) else float(row.C),
                "n_sv": int(row.n_sv),
                "margin": rounded([row.margin])[0],
                "n_kernel_evals": int(row.n_kernel_evals),
                "train_error": rounded([row.train_error])[0],
                "n_iter": int(row.n_iter),
                "support": np.flatnonzero(mine["support"].to_numpy()).tolist(),
                "f": quantize(f, 2.0),
            }
        )
    return {
        "kind": "smo",
        "sigmas": sorted({float(s) for s in summary["sigma"]}),
        "Cs": [
            None if math.isinf(c) else float(c) for c in dict.fromkeys(summary["C"])
        ],
        "grid": grid,
        "scale": 2.0,
        "points": points_data(pts),
        "panels": panels,
    }
