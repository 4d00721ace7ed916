"""Zero-sum games (marginlab.theory.games): the two LPs, von Neumann's
equality, and known solutions (B24)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marginlab.theory.games import (
    ROCK_PAPER_SCISSORS,
    guarantee,
    solve_zero_sum,
)

SEEDS = st.integers(0, 2**32 - 1)


def test_rock_paper_scissors_has_value_zero_and_the_uniform_strategy() -> None:
    M = ROCK_PAPER_SCISSORS
    # The slide's matrix: antisymmetric, each action beats one and loses to one.
    np.testing.assert_array_equal(M, -M.T)
    assert sorted(M[0]) == [-1.0, 0.0, 1.0]
    s = solve_zero_sum(M)
    assert abs(s.lower) <= 1e-12
    assert abs(s.upper) <= 1e-12
    np.testing.assert_allclose(s.row, 1 / 3, atol=1e-12)
    np.testing.assert_allclose(s.column, 1 / 3, atol=1e-12)
    assert s.gap == pytest.approx(0.0, abs=1e-12)


def test_a_pure_strategy_loses_to_its_answer() -> None:
    for i in range(3):
        assert guarantee(ROCK_PAPER_SCISSORS, np.eye(3)[i]) == -1.0
    with pytest.raises(ValueError, match="3 entries"):
        guarantee(ROCK_PAPER_SCISSORS, [0.5, 0.5])


def test_known_games() -> None:
    # A saddle point in pure strategies: row 1 against column 0, value 2.
    s = solve_zero_sum([[1.0, 3.0], [2.0, 4.0]])
    assert s.value == pytest.approx(2.0, abs=1e-12)
    np.testing.assert_allclose(s.row, [0.0, 1.0], atol=1e-12)
    np.testing.assert_allclose(s.column, [1.0, 0.0], atol=1e-12)
    # Weighted rock-paper-scissors (a win with rock pays 2): value 0, the
    # optimal strategies are no longer uniform.
    M = np.array([[0.0, -1.0, 2.0], [1.0, 0.0, -1.0], [-2.0, 1.0, 0.0]])
    s = solve_zero_sum(M)
    assert s.value == pytest.approx(0.0, abs=1e-12)
    np.testing.assert_allclose(s.row, [0.25, 0.5, 0.25], atol=1e-9)
    # The game is antisymmetric (symmetric between the players): q = p.
    np.testing.assert_allclose(s.column, [0.25, 0.5, 0.25], atol=1e-9)


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, m=st.integers(1, 8), n=st.integers(1, 8))
def test_minimax_equality_on_random_games(seed, m, n) -> None:
    M = np.random.default_rng(seed).normal(size=(m, n))
    s = solve_zero_sum(M)
    assert s.row.shape == (m,)
    assert s.column.shape == (n,)
    assert s.row.sum() == pytest.approx(1.0)
    assert (s.row >= 0).all()
    assert s.column.sum() == pytest.approx(1.0)
    assert (s.column >= 0).all()
    # Weak duality always, equality (von Neumann) at the optimum.
    assert -1e-12 <= s.gap <= 1e-8
    assert s.lower == pytest.approx(guarantee(M, s.row), abs=1e-15)
    assert s.upper == pytest.approx(float((M @ s.column).max()), abs=1e-15)
    # No pure strategy of either player does better than the value.
    assert (M.T @ np.ones(m) / m).min() <= s.upper + 1e-9
    assert all(guarantee(M, e) <= s.lower + 1e-9 for e in np.eye(m))
