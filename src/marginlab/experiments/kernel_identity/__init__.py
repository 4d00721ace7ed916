"""The kernel_identity experiment: claims K1 and K15.

- K1: a kernel is the inner product of an explicit feature map
- K15: distances in feature space come from the kernel alone
"""

from __future__ import annotations

from .._shared.experiment import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="kernel_identity",
    family="K",
    study="study:kernel_identity_table",
    work="work:counted",
    rows="rows:expected",
    limits="limits:problems",
    tables=("identities",),
    runs=section("kernel_identity"),
    figures={
        "kernel_identity": Figure("figures:plot_kernel_identity", claims=("K1", "K15")),
    },
    claims={
        "K1": "claims:k1_kernel_identity",
        "K15": "claims:k15_feature_distance",
    },
)
