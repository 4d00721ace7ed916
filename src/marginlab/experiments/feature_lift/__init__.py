"""The feature_lift experiment: claim K4.

- K4: lifting makes data linearly separable
"""

from __future__ import annotations

from .._shared.experiment import PLANE, Experiment, Figure, section

#: The linear SVM on the lifted points: its kernel values between the
#: support vectors and every point.
NEED = PLANE.but(gram="kernel matrix")


EXPERIMENT = Experiment(
    name="feature_lift",
    family="K",
    study="study:feature_lift_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("summary", "points"),
    runs=section("feature_lift", NEED),
    figures={
        "feature_lift": Figure("figures:plot_feature_lift", claims=("K4",)),
    },
    claims={
        "K4": "claims:k4_feature_lift",
    },
)
