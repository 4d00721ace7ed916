"""Finite two-player zero-sum games, solved by linear programming (claim B24).

In the game with payoff matrix M ∈ ℝ^{m×n} the row player picks a row i,
the column player a column j, and the row player wins M_ij (the column player
loses it). With mixed strategies p ∈ Δ_m and q ∈ Δ_n the expected payoff is
pᵀMq (Mohri, Boosting, 'Zero-Sum Games', 'Mixed Strategies'). The row player
can guarantee the *lower value* and the column player hold the row player to
the *upper value*::

    v_low = max_p min_j (pᵀM)_j,      v_up = min_q max_i (Mq)_i.

Weak duality gives v_low ≤ v_up for any p and q (min_j (pᵀM)_j ≤ pᵀMq ≤
max_i (Mq)_i); von Neumann's minimax theorem (1928), LP duality, gives
equality: the value of the game.

Both are LPs; they are solved with :func:`marginlab.theory.margins.game_value`,
which computes min_{d ∈ Δ} max_j (dᵀA)_j (HiGHS, tight tolerances), on two
matrices:

    v_low = −game_value(−M),     v_up = game_value(Mᵀ).

Each value returned is the one the returned strategy actually guarantees, so
``upper − lower`` ≥ 0 up to rounding and measures how far the two strategies
are from optimal.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.contract.validation import check_array
from .margins import game_value

__all__ = ["ROCK_PAPER_SCISSORS", "GameSolution", "guarantee", "solve_zero_sum"]

#: Rock, paper, scissors: the row player's payoff, rows and columns in that
#: order (paper beats rock, scissors beat paper, rock beats scissors; a draw
#: pays 0). Mohri, Boosting, 'Zero-Sum Games'.
ROCK_PAPER_SCISSORS = np.array(
    [
        [0.0, -1.0, 1.0],
        [1.0, 0.0, -1.0],
        [-1.0, 1.0, 0.0],
    ]
)


@dataclass(frozen=True)
class GameSolution:
    """Optimal mixed strategies of a zero-sum game and what they guarantee.

    Attributes
    ----------
    lower : float
        min_j (pᵀM)_j for the returned ``row`` strategy p: the payoff the row
        player is guaranteed (= max_p min_j (pᵀM)_j up to the LP tolerance).
    upper : float
        max_i (Mq)_i for the returned ``column`` strategy q: the most the
        column player can lose (= min_q max_i (Mq)_i up to the LP tolerance).
    row : ndarray of shape (m,)
        p, a distribution over the rows.
    column : ndarray of shape (n,)
        q, a distribution over the columns.
    """

    lower: float
    upper: float
    row: np.ndarray
    column: np.ndarray

    @property
    def value(self) -> float:
        """The midpoint of ``lower`` and ``upper``: the game's value when both
        strategies are optimal (then the two coincide)."""
        return 0.5 * (self.lower + self.upper)

    @property
    def gap(self) -> float:
        """``upper − lower`` ≥ 0 (weak duality); 0 exactly when both are optimal."""
        return self.upper - self.lower


def guarantee(M: object, p: object) -> float:
    """min_j (pᵀM)_j: the payoff the row strategy p guarantees against every column.

    Parameters
    ----------
    M : array-like of shape (m, n)
    p : array-like of shape (m,)
        A distribution over the rows.

    Returns
    -------
    float

    Examples
    --------
    >>> guarantee(ROCK_PAPER_SCISSORS, [1.0, 0.0, 0.0])  # always rock: paper wins
    -1.0
    >>> round(guarantee(ROCK_PAPER_SCISSORS, [1 / 3, 1 / 3, 1 / 3]), 12)
    0.0
    """
    M = check_array(M, name="M")
    p = np.asarray(p, dtype=np.float64)
    if p.shape != (M.shape[0],):
        raise ValueError(
            f"p of guarantee must have {M.shape[0]} entries (one per row of M); "
            f"got shape {p.shape}."
        )
    return float((p @ M).min())


def solve_zero_sum(M: object) -> GameSolution:
    """Optimal mixed strategies of the zero-sum game with payoff matrix M.

    Two LPs (see the module docstring): the row player's
    max_p min_j (pᵀM)_j and the column player's min_q max_i (Mq)_i, each
    solved on its own, so that von Neumann's equality of the two is measured
    (``gap``), not assumed.

    Parameters
    ----------
    M : array-like of shape (m, n)
        M_ij, the row player's payoff when row i meets column j.

    Returns
    -------
    GameSolution

    Examples
    --------
    >>> s = solve_zero_sum(ROCK_PAPER_SCISSORS)
    >>> round(s.lower, 9), round(s.upper, 9), s.row.round(9).tolist()
    (0.0, 0.0, [0.333333333, 0.333333333, 0.333333333])
    >>> s = solve_zero_sum([[2.0, -1.0], [-1.0, 1.0]])  # value 1/5 at p = (2/5, 3/5)
    >>> round(s.value, 9), s.row.round(9).tolist(), s.column.round(9).tolist()
    (0.2, [0.4, 0.6], [0.4, 0.6])
    """
    M = check_array(M, name="M")
    # game_value returns what its strategy guarantees: max_j (pᵀ(−M))_j =
    # −min_j (pᵀM)_j for the row player, max_i (Mq)_i for the column player.
    minus_lower, p = game_value(-M)
    upper, q = game_value(M.T)
    return GameSolution(lower=0.0 - minus_lower, upper=upper, row=p, column=q)
