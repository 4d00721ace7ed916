"""The hard-margin SVM without bias (marginlab.estimators.svm.hard_margin):
against a generic QP solver, and on classes no line through the origin
separates."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import minimize

from marginlab.core.contract.exceptions import NotSeparableError
from marginlab.estimators.svm.hard_margin import l2_max_margin
from marginlab.theory.margins import norm_margin, signed_max_margin

from ...conftest import _sample


@pytest.mark.parametrize("seed", range(4))
def test_l2_max_margin_matches_a_generic_qp_solver(seed) -> None:
    """The hard-margin SVM without bias: min ½‖w‖² s.t. y_i w·h_i ≥ 1, by SLSQP."""
    H, y = _sample(seed)
    rho, w = l2_max_margin(H, y)
    res = minimize(
        lambda v: 0.5 * v @ v,
        10.0 * w,
        jac=lambda v: v,
        constraints=[{"type": "ineq", "fun": lambda v: y * (H @ v) - 1.0}],
        method="SLSQP",
        options={"ftol": 1e-14, "maxiter": 1000},
    )
    assert res.success
    assert rho == pytest.approx(1.0 / np.linalg.norm(res.x), rel=1e-6)
    np.testing.assert_allclose(w, res.x / np.linalg.norm(res.x), atol=1e-5)
    # SMO stops at a finite tolerance: the LP's solution may match it to ~1e-8.
    assert norm_margin(H, signed_max_margin(H, y)[1], y, 2) <= rho * (1 + 1e-6)


def test_l2_max_margin_refuses_classes_no_line_through_the_origin_separates() -> None:
    with pytest.raises(NotSeparableError):
        l2_max_margin([[1.0, 0.0], [2.0, 0.0]], [1, -1])
