"""The boosting_overfit experiment: claim B20.

- B20: with noisy labels, boosting overfits as T grows, and T balances it
"""

from __future__ import annotations

from .._shared.experiment import ANY, Experiment, Figure, cv, section

EXPERIMENT = Experiment(
    name="boosting_overfit",
    family="B",
    study="study:boosting_overfit_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("curve", "mistakes", "margins", "bound", "summary"),
    runs=section(
        "boosting_overfit",
        ANY.but(folds=True, flips="rate"),  # cv.folds on the flipped training points
        datasets=("test",),
        shared=cv,
        needs={"test": ANY},
    ),
    figures={
        "boosting_overfit": Figure("figures:plot_boosting_overfit", claims=("B20",)),
    },
    claims={
        "B20": "claims:b20_boosting_overfit",
    },
)
