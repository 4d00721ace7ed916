"""The boosting_the_margin experiment: claim B5.

- B5: after the training error is 0, the test error keeps falling and the
  training margins keep growing (Schapire, Freund, Bartlett and Lee 1998, Fig. 1)
"""

from __future__ import annotations

from .._shared.experiment import ANY, Experiment, Figure, per_pair

EXPERIMENT = Experiment(
    name="boosting_the_margin",
    family="B",
    study="study:boosting_the_margin_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("curve", "margins", "mistakes", "summary", "tail"),
    # One run per {train, test} pair of generated data (the training points
    # as ``data``, an independent draw of the same generator as ``test``) and
    # one per name of ``datasets`` (halved by the study).
    runs=per_pair("boosting_the_margin", ANY.but(multiclass=True)),
    figures={
        "boosting_the_margin": Figure(
            "figures:plot_boosting_the_margin",
            claims=("B5",),
            headline="B5: test error and training margins after the training error "
            "is 0",
        ),
    },
    claims={
        "B5": "claims:b5_boosting_the_margin",
    },
    label="dataset",
    priority=1,  # about a tenth of the full run's job time: start it early
)
