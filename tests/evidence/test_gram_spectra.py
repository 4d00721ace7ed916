"""The gram_spectra room (K3): Gram spectra of kernels and non-kernels, the
claim rows."""

from __future__ import annotations

import pytest

from kernelboost.experiments.gram_spectra.claims import k3_gram_spectra
from tests.flips import flips


def test_spectra_separate_kernels_from_non_kernels(spectra) -> None:
    assert set(spectra["function"]) == {
        "linear()",
        "gaussian(sigma=1)",
        "‖x − x'‖",
        "tanh(x·x' + 1)",
    }
    rows = {r.title: r for r in k3_gram_spectra(spectra)}
    assert all(r.holds for r in rows.values())
    assert rows["‖x − x'‖ is not a kernel: a negative eigenvalue"].measured < -0.01


@pytest.mark.can_fail("K3")
def test_k3_reports_a_kernel_with_a_negative_eigenvalue(spectra) -> None:
    """The check can fail: a 'valid' kernel with λ_min < −1e-10 is reported."""
    bad = spectra.copy()
    bad.loc[bad["function"] == "linear()", "min_eig_ratio"] = -1e-6
    row = next(r for r in k3_gram_spectra(bad) if r.title.startswith("linear"))
    (row,) = flips("K3", r"^min over samples of λ_min / Σ\|λ_i\|$", [row])
    assert row.measured == -1e-6
    # The other functions' rows still hold.
    assert [r.holds for r in k3_gram_spectra(bad)].count(False) == 1
    # ... and so is a non-kernel whose every Gram matrix came out PSD: with
    # negative eigenvalues for the kernels and none for the non-kernels, every
    # row of both directions is false.
    valid = bad["valid_kernel"].astype(bool)
    bad.loc[valid, "min_eig_ratio"] = -1e-6
    bad.loc[~valid, "min_eig_ratio"] = 0.0
    rows = flips("K3", r"^min over samples of λ_min / Σ\|λ_i\|$", k3_gram_spectra(bad))
    assert len(rows) == 4
    assert {r.relation for r in rows} == {">=", "<"}
