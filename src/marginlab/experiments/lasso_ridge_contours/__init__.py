"""The lasso_ridge_contours experiment: claim S2.

- S2: the L1 diamond and the RSS ellipses
"""

from __future__ import annotations

from .._shared.experiment import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="lasso_ridge_contours",
    family="S",
    study="study:contour_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("contours", "balls", "solutions"),
    runs=section("lasso_ridge_contours"),
    figures={
        "lasso_ridge_contours": Figure(
            "figures:plot_lasso_ridge_contours", claims=("S2",)
        ),
    },
    claims={
        "S2": "claims:s2_contours",
    },
)
