"""The stepwise_stopping experiment: claim S5.

- S5: forward stepwise selection stopped when the validation error rises
"""

from __future__ import annotations

from .._shared.experiment import REGRESSION, Experiment, Figure, cv, per_dataset, split

EXPERIMENT = Experiment(
    name="stepwise_stopping",
    family="S",
    study="study:stepwise_stopping_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("curve", "summary", "losses"),
    runs=per_dataset(
        "stepwise_stopping",
        # split.test_fraction held out at random (two rows at least in each
        # part), and cv.folds on the training part.
        REGRESSION.but(holdout=True, folds=True),
        shared=lambda c: split(c) | cv(c),
    ),
    figures={
        "stepwise_stopping": Figure("figures:plot_stepwise_stopping", claims=("S5",)),
    },
    claims={
        "S5": "claims:s5_stepwise_stopping",
    },
    label="dataset",
)
