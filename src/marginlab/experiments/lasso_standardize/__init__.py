"""The lasso_standardize experiment: claim S8.

- S8: the Lasso needs standardized features, and λ chosen by cross-validation
"""

from __future__ import annotations

from .._shared.experiment import REGRESSION, Experiment, Figure, cv, per_dataset, split

EXPERIMENT = Experiment(
    name="lasso_standardize",
    family="S",
    study="study:lasso_standardize_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("summary", "path", "losses", "grid_losses", "units"),
    runs=per_dataset(
        "lasso_standardize",
        # split.test_fraction held out at random (two rows at least in each
        # part), and cv.folds on the training part.
        REGRESSION.but(holdout=True, folds=True),
        shared=lambda c: split(c) | cv(c),
    ),
    figures={
        "lasso_standardize": Figure("figures:plot_lasso_standardize", claims=("S8",)),
    },
    claims={
        "S8": "claims:s8_lasso_standardize",
    },
    label="dataset",
)
