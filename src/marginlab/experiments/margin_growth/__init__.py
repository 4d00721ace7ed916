"""The margin_growth experiment: claim B7.

- B7: maximum L1 margin, the boosting game, and AdaBoost's margin
"""

from __future__ import annotations

from .._shared.experiment import ANY, Experiment, Figure, per_dataset

#: The LP over every distinct stump of the training part (split.test_fraction
#: held out of each class).
NEED = ANY.but(holdout=True, family="stumps")


EXPERIMENT = Experiment(
    name="margin_growth",
    family="B",
    study="study:margin_growth_table",
    work="work:counted",
    rows="rows:expected",
    tables=("margins",),
    runs=per_dataset("margin_growth", NEED),
    figures={
        "margin_growth": Figure("figures:plot_margin_growth", claims=("B7",)),
    },
    claims={
        "B7": "claims:b7_max_margin",
    },
    label="dataset",
    # The LP over all distinct stumps: about 0.8 GB on breast cancer.
    resources={"mem_mb": 2000, "runtime": 30},
    # Among the longest studies of the full run (7-13 s): started early, it
    # does not leave the run's last seconds to one core.
    priority=1,
)
