"""The data of the claims atlas's applet of the margin_evolution experiment."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._shared.applets import rounded


def margin_evolution_applet(margins: pd.DataFrame) -> dict[str, object]:
    """The cumulative distribution of the training margins at each T."""
    steps = sorted(int(t) for t in margins["T"].unique())
    return {
        "kind": "margins",
        "T": steps,
        "n_train": int(margins["n_train"].iloc[0]),
        "margins": [
            rounded(np.sort(margins.loc[margins["T"] == t, "margin"].to_numpy()))
            for t in steps
        ],
    }
