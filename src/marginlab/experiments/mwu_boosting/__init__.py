"""The mwu_boosting experiment: claims B10 and B18.

- B10: boosting by multiplicative weights
- B18: the MWU bound of Theorem 2, round by round
"""

from __future__ import annotations

from .._shared.experiment import ANY, Experiment, Figure, section

#: MajorityBoost's rounds of weak-learner search grow faster than m (48 s on
#: 3000 points of three_clusters, 3 s on 600).
NEED = ANY.but(
    max_rows=10_000,
    max_why="this study's boosting rounds grow faster than m (48 s at 3000 rows)",
)


EXPERIMENT = Experiment(
    name="mwu_boosting",
    family="B",
    study="study:mwu_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("history", "summary", "regions", "points", "theorem2"),
    runs=section("mwu_boosting", NEED, name=True),
    figures={
        "mwu_boosting": Figure("figures:plot_mwu_boosting", claims=("B10", "B18")),
    },
    claims={
        "B10": "claims:b10_mwu_boosting",
        "B18": "claims:b18_mwu_theorem2",
    },
)
