"""The gaussian_series experiment: claim K17.

- K17: the Gaussian kernel's feature series converges to the kernel
"""

from __future__ import annotations

from .._shared.experiment import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="gaussian_series",
    family="K",
    study="study:gaussian_series_table",
    work="work:counted",
    rows="rows:expected",
    limits="limits:problems",
    tables=("series",),
    runs=section("gaussian_series", name=True),
    figures={
        "gaussian_series": Figure("figures:plot_gaussian_series", claims=("K17",)),
    },
    claims={
        "K17": "claims:k17_gaussian_series",
    },
)
