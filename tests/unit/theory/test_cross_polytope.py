"""The L1 ball (marginlab.theory.cross_polytope): its faces, and least
squares constrained to it."""

from __future__ import annotations

from collections import Counter

import numpy as np

from marginlab.estimators.selection import lasso_path
from marginlab.theory.cross_polytope import constrained_least_squares, faces


def test_the_cross_polytope_has_its_faces() -> None:
    assert Counter(f.dimension for f in faces(3)) == {0: 6, 1: 12, 2: 8}
    assert len(faces(2)) == 8
    assert len(faces(4)) == 3**4 - 1
    corner = faces(3)[0]
    np.testing.assert_array_equal(corner.vertices(3, 2.0), [[2.0, 0.0, 0.0]])


def test_a_corner_is_found_and_lasso_agrees() -> None:
    X = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]
    y = [3.0, 1.0, 0.0, 0.0]
    sol = constrained_least_squares(X, y, 1.0)
    assert sol.face.support == (0,)
    assert sol.face.dimension == 0
    Xa, ya = np.array(X), np.array(y)
    Xc, yc = Xa - Xa.mean(0), ya - ya.mean()
    lam = np.max(np.abs(Xc.T @ (yc - Xc @ sol.w))) / 4
    w = lasso_path(Xa, ya, [lam], tol=1e-14, max_iter=10_000)[1][:, 0]
    np.testing.assert_allclose(w, sol.w, atol=1e-10)
    assert np.count_nonzero(w == 0.0) == 2
