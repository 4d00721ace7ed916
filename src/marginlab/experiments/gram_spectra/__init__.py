"""The gram_spectra experiment: claim K3.

- K3: valid kernels give positive semidefinite Gram matrices; not every function is a
  kernel
"""

from __future__ import annotations

from .._shared.experiment import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="gram_spectra",
    family="K",
    study="study:gram_spectra_table",
    work="work:counted",
    rows="rows:expected",
    limits="limits:problems",
    tables=("spectra",),
    runs=section("gram_spectra"),
    figures={
        "gram_spectra": Figure("figures:plot_gram_spectra", claims=("K3",)),
    },
    claims={
        "K3": "claims:k3_gram_spectra",
    },
)
