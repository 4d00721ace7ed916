"""The gram_spectra room (K3): Gram spectra of kernels and non-kernels, the
claim rows."""

from __future__ import annotations

import pytest
from matplotlib import pyplot as plt

from marginlab.experiments.gram_spectra.claims import PSD_TOL, k3_gram_spectra
from marginlab.pipeline.jobs import plotter
from tests.flips import flips


def test_spectra_separate_kernels_from_non_kernels(spectra) -> None:
    assert set(spectra["function"]) == {
        "linear()",
        "gaussian(sigma=1)",
        "‖x − x'‖",
        "tanh(x·x' + 1)",
    }
    rows = {r.name: r for r in k3_gram_spectra(spectra)}
    assert set(rows) == {
        "min_eig/linear",
        "min_eig/gaussian_sigma=1",
        "min_eig/distance",
        "min_eig/tanh",
    }
    assert all(r.holds for r in rows.values())
    distance = rows["min_eig/distance"]
    assert distance.title == "‖x − x'‖ is not a kernel: a negative eigenvalue"
    assert distance.measured < -0.01


@pytest.mark.can_fail("K3")
def test_k3_reports_a_kernel_with_a_negative_eigenvalue(spectra) -> None:
    """The check can fail: a 'valid' kernel with λ_min < −1e-10 is reported."""
    bad = spectra.copy()
    bad.loc[bad["function"] == "linear()", "min_eig_ratio"] = -1e-6
    (row,) = flips("K3", "min_eig/linear", k3_gram_spectra(bad))
    assert row.measured == -1e-6
    # The other functions' rows still hold.
    assert [r.holds for r in k3_gram_spectra(bad)].count(False) == 1
    # ... and so is a non-kernel whose every Gram matrix came out PSD: with
    # negative eigenvalues for the kernels and none for the non-kernels, every
    # evidence row of both directions is false.
    valid = bad["valid_kernel"].astype(bool)
    bad.loc[valid, "min_eig_ratio"] = -1e-6
    bad.loc[~valid, "min_eig_ratio"] = 0.0
    rows = flips("K3", "min_eig/*", k3_gram_spectra(bad))
    assert len(rows) == 3  # two kernels and tanh
    assert {r.relation for r in rows} == {">=", "<"}
    # ‖x − x'‖ (zero diagonal, so zero trace) is a check: it could not fail on
    # real samples, yet it still reads what it is given.
    (distance,) = [r for r in k3_gram_spectra(bad) if r.kind == "check"]
    assert distance.name == "min_eig/distance"
    assert not distance.holds


def test_k3_a_non_kernel_is_a_check_only_while_its_diagonal_is_zero(spectra) -> None:
    """The kind follows the data: were a Gram matrix of ‖x − x'‖ to have a
    non-zero diagonal entry, its negative eigenvalue would no longer be certain
    and the row would count as a theorem."""
    kinds = {r.name: r.kind for r in k3_gram_spectra(spectra)}
    assert kinds["min_eig/distance"] == "check"
    assert kinds["min_eig/tanh"] == "theorem"
    assert kinds["min_eig/linear"] == "theorem"
    moved = spectra.copy()
    first = (moved["function"] == "‖x − x'‖") & (moved["draw"] == 0)
    moved.loc[first, "zero_trace"] = False
    kinds = {r.name: r.kind for r in k3_gram_spectra(moved)}
    assert kinds["min_eig/distance"] == "theorem"


def test_the_title_counts_each_side_of_the_line(spectra) -> None:
    """No "kernels give PSD Gram matrices, non-kernels do not" over data that
    can say otherwise: the title counts the kernels that stayed above −1e-10
    and the non-kernels that went below, and follows a kernel pushed under."""
    fig = plotter("gram_spectra")(spectra)
    title = fig.axes[0].get_title()
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    plt.close(fig)
    assert title == (
        "Gram spectra (K3): 2 of 2 kernels ≥ −1e-10 on every sample; "
        "2 of 2 non-kernels below"
    )
    assert legend == [
        f"valid kernel (holds if ≥ −{PSD_TOL:g})",
        f"not a kernel (holds if < −{PSD_TOL:g})",
    ]
    bad = spectra.copy()
    bad.loc[bad["function"] == "linear()", "min_eig_ratio"] = -1e-6
    bad.loc[bad["function"] == "tanh(x·x' + 1)", "min_eig_ratio"] = 0.0
    fig = plotter("gram_spectra")(bad)
    assert fig.axes[0].get_title() == (
        "Gram spectra (K3): 1 of 2 kernels ≥ −1e-10 on every sample; "
        "1 of 2 non-kernels below"
    )
    plt.close(fig)
