"""Claim rows of K3, from the gram_spectra experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.rows import ClaimRow, is_true, name_segment

#: K3's threshold on λ_min / Σ|λ_i|: a kernel holds at ``>= -PSD_TOL``, a
#: non-kernel at ``< -PSD_TOL`` (rounding of the eigensolver); the figure
#: draws it.
PSD_TOL = 1e-10

#: The row names of the non-kernels (:data:`.study.NOT_KERNELS`), whose labels
#: are formulas.
_NOT_KERNEL_NAMES = {"‖x − x'‖": "distance", "tanh(x·x' + 1)": "tanh"}


def _row_name(function: str) -> str:
    """A function's segment of its row name: ``gaussian_sigma=1`` for
    ``gaussian(sigma=1)``, ``linear`` for ``linear()``; the non-kernels by
    :data:`_NOT_KERNEL_NAMES`."""
    if function in _NOT_KERNEL_NAMES:
        return _NOT_KERNEL_NAMES[function]
    return name_segment(function)


def k3_gram_spectra(spectra: pd.DataFrame) -> list[ClaimRow]:
    """K3: valid kernels give PSD Gram matrices; the non-kernels do not.

    One row per function, named ``min_eig/<function>`` (``min_eig/linear``,
    ``min_eig/gaussian_sigma=1``, ``min_eig/tanh``), measured = the smallest
    λ_min / Σ|λ_i| over the draws: a kernel holds when it is ``>= -1e-10``
    (λ_min ≥ −1e-10·trace), a non-kernel when it is ``< -1e-10`` (a negative
    eigenvalue was found).
    A non-kernel whose Gram matrices all have a zero diagonal (``zero_trace``)
    is a check: eigenvalues that sum to 0, not all 0, include a negative one
    whatever the sample, so that row could not fail.
    """
    rows = []
    draws = spectra["draw"].nunique()
    for function, part in spectra.groupby("function", sort=False):
        valid = bool(part["valid_kernel"].iloc[0])
        certain = not valid and all(is_true(v) for v in part["zero_trace"])
        rows.append(
            ClaimRow(
                title=(
                    f"{function} is a kernel: PSD Gram matrices"
                    if valid
                    else f"{function} is not a kernel: a negative eigenvalue"
                ),
                source="Shewchuk, Lecture 14, 'The Gaussian Kernel'; "
                "Huang 2017, 'Mercer's Theorem'",
                dataset=f"{draws} random samples",
                quantity="min over samples of λ_min / Σ|λ_i|",
                measured=float(part["min_eig_ratio"].min()),
                bound=-PSD_TOL,
                relation=">=" if valid else "<",
                kind="check" if certain else "theorem",
                name=f"min_eig/{_row_name(str(function))}",
            )
        )
    return rows
