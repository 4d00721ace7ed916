"""The incremental_update experiment: claim K18.

- K18: the O(n) update of Ka matches the recomputation (identities and
  counted work in claims.csv, CPU time in timings.csv)
"""

from __future__ import annotations

from .._shared.experiment import ANY, Experiment, Figure, section

#: The drift table keeps the m × m Gram matrix of the dataset.
NEED = ANY.but(
    gram="kernel matrix",
    max_rows=4000,
    max_why="this study runs its kernel perceptron and logistic regression on "
    "the m × m Gram matrix (176 s of CPU at 4000 rows, 15 s at 1600)",
)


EXPERIMENT = Experiment(
    name="incremental_update",
    family="K",
    study="study:incremental_update_tables",
    work="work:counted",
    rows="rows:expected",
    limits="limits:problems",
    tables=("drift", "timings", "fits", "work"),
    runs=section("incremental_update", NEED, name=True),
    figures={
        "incremental_update": Figure(
            "figures:plot_incremental_update", claims=("K18",)
        ),
    },
    claims={
        "K18": "claims:k18_incremental_update",
    },
    timings={
        "K18": "claims:k18_timings",
    },
)
