"""The noise_robustness experiment: claim B12.

- B12: label noise damages AdaBoost, and its weights find the noise
"""

from __future__ import annotations

from .._shared.experiment import ANY, Experiment, Figure, section, split

#: A held-out split (split.test_fraction of each class); the SVM, trained on
#: training labels of which up to the largest of ``rates`` are flipped, needs
#: both classes there, and its kernel values between its support vectors and
#: every point.
NEED = ANY.but(
    holdout=True,
    min_per_class=2,
    min_why="its SVM needs both classes after some training labels are flipped",
    gram="kernel matrix",
)


EXPERIMENT = Experiment(
    name="noise_robustness",
    family="B",
    study="study:noise_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("rates", "mistakes"),
    runs=section("noise_robustness", NEED, shared=split),
    figures={
        "noise_robustness": Figure("figures:plot_noise_robustness", claims=("B12",)),
    },
    claims={
        "B12": "claims:b12_noise_robustness",
    },
)
