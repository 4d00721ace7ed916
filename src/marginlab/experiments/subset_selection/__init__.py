"""The subset_selection experiment: claims S3 and S4.

- S3: forward stepwise selection trains fewer models and can miss the best pair
- S4: backward elimination by small z-scores
"""

from __future__ import annotations

from .._shared.experiment import REGRESSION, Experiment, Figure, cv, section

#: K-fold cross-validation (cv.folds rows at least), and backward stepwise by
#: z-scores, which estimate σ² by RSS/(m − d − 1).
NEED = REGRESSION.but(
    folds=True,
    beyond_features=2,
    beyond_why="its z-scores estimate σ² by RSS/(m − d − 1)",
)


EXPERIMENT = Experiment(
    name="subset_selection",
    family="S",
    study="study:subset_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("path", "subsets", "counts", "zscores"),
    runs=section(
        "subset_selection",
        NEED,
        datasets=("trap",),
        name=True,
        shared=lambda c: cv(c, "seed"),
    ),
    figures={
        "subset_selection": Figure(
            "figures:plot_subset_selection", claims=("S3", "S4")
        ),
    },
    claims={
        "S3": "claims:s3_subset_selection",
        "S4": "claims:s4_zscore_elimination",
    },
)
