"""The boosting_checks experiment: claims B22, B23 and B24, three small
statements of Mohri's boosting slides.

- B22: confidence-rated base classifiers: the weight α_t that minimizes Z_t
- B23: the empirical Rademacher complexity of conv(H) is that of H
- B24: rock-paper-scissors has value 0, the uniform strategy optimal
"""

from __future__ import annotations

from .._shared.experiment import ANY, Experiment, Figure, section

#: B22 needs a sample that no single stump separates: one point of each
#: class always is.
NEED = ANY.but(
    family="stumps",  # B23's sign vectors of every distinct stump
    min_per_class=2,
    min_why="B22 needs data that no single stump separates, which one point of "
    "each class always is",
)


EXPERIMENT = Experiment(
    name="boosting_checks",
    family="B",
    study="study:boosting_check_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("rounds", "curves", "draws", "game", "simplex"),
    runs=section("boosting_checks", NEED),
    figures={
        "confidence_rated": Figure("figures:plot_confidence_rated", claims=("B22",)),
        "convex_hull_rademacher": Figure(
            "figures:plot_convex_hull_rademacher", claims=("B23",)
        ),
        "rock_paper_scissors": Figure(
            "figures:plot_rock_paper_scissors", claims=("B24",)
        ),
    },
    claims={
        "B22": "claims:b22_confidence_rated",
        "B23": "claims:b23_convex_hull",
        "B24": "claims:b24_rock_paper_scissors",
    },
)
