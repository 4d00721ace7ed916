"""The data of the claims atlas's applet of the lasso_path experiment."""

from __future__ import annotations

import pandas as pd

from .._shared.applets import rounded


def lasso_path_applet(weights: pd.DataFrame) -> dict[str, object]:
    """The Lasso path: every feature's weight at every λ of the path."""
    lasso = weights[weights["method"] == "lasso"]
    features = list(dict.fromkeys(lasso["feature"]))
    alphas = sorted(lasso["alpha"].unique(), reverse=True)  # λ decreasing
    table = lasso.pivot(index="alpha", columns="feature", values="weight")
    table = table.loc[alphas, features]
    return {
        "kind": "lasso",
        "features": features,
        "lambdas": rounded(alphas),
        "weights": [rounded(table[f]) for f in features],
    }
