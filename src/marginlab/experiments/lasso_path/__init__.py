"""The lasso_path experiment: claim S1.

- S1: the Lasso sets weights exactly to zero; ridge does not
"""

from __future__ import annotations

from .._shared.experiment import REGRESSION, Applet, Experiment, Figure, section

EXPERIMENT = Experiment(
    name="lasso_path",
    family="S",
    study="study:lasso_ridge_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("weights", "zeros"),
    runs=section("lasso_path", REGRESSION, name=True),
    figures={
        "lasso_path": Figure("figures:plot_lasso_path", claims=("S1",)),
    },
    claims={
        "S1": "claims:s1_lasso_zeros",
    },
    applets={
        "lasso": Applet(
            "applet:lasso_path_applet",
            claims=("S1",),
            moves="the Lasso's weights as λ moves along the path",
        ),
    },
)
