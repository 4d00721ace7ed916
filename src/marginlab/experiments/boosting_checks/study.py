"""Claims B22, B23 and B24: confidence-rated weights, the Rademacher
complexity of a convex hull, and the value of rock-paper-scissors.

Mohri, Boosting: the notes after 'Bound on Empirical Error' ("for base
classifiers x ↦ [−1, +1], α_t can be similarly chosen to minimize Z_t"),
'Rademacher Complexity of Convex Hulls' (R̂_S(conv(H)) = R̂_S(H)), 'Zero-Sum
Games' and 'Mixed Strategies' (rock, paper, scissors; von Neumann's minimax
theorem).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...theory.confidence_rated import (
    closed_form_alpha,
    edge,
    minimizing_alpha,
    normalizer,
    normalizer_bound,
)
from ...theory.convex_hull import convex_hull_sup, correlations, finite_class_sup
from ...theory.games import ROCK_PAPER_SCISSORS, guarantee, solve_zero_sum
from ...theory.margins import distinct_stumps
from ...theory.rademacher import stump_rademacher_sup

#: The actions of rock-paper-scissors, in the order of the payoff matrix.
ACTIONS = ("rock", "paper", "scissors")

#: The base classifiers of B22: h ∈ {−1, +1} (the sign of the regression
#: stump) and h ∈ [−1, 1] (the regression stump itself, confidence-rated).
VARIANTS = ("sign", "real")


def regression_stump(X: np.ndarray, y: np.ndarray, D: np.ndarray) -> np.ndarray:
    """The weighted least-squares regression stump's values on X, in [−1, 1].

    Over every feature j and threshold between consecutive distinct values,
    the stump that predicts on each side the D-weighted mean of the labels
    there, c = Σ_{side} D(i) y_i / Σ_{side} D(i) ∈ [−1, 1], and minimizes
    Σ_i D(i) (y_i − h(x_i))², i.e. maximizes S_L²/W_L + S_R²/W_R (W, S the
    weight and the weighted label sum of each side). First maximum on ties
    (features in order, thresholds increasing). This is the confidence-rated
    stump of Schapire and Singer (1999) fitted by least squares; its sign is
    an ordinary ±1 stump.

    Parameters
    ----------
    X : ndarray of shape (m, n)
    y : ndarray of shape (m,)
        Labels in {−1, +1}.
    D : ndarray of shape (m,)
        Positive weights.

    Returns
    -------
    ndarray of shape (m,)
        h(x_i).

    Examples
    --------
    >>> X = np.array([[0.0], [1.0], [2.0], [3.0], [4.0]])
    >>> y = np.array([1.0, 1.0, -1.0, -1.0, 1.0])
    >>> regression_stump(X, y, np.full(5, 0.2)).round(6).tolist()
    [1.0, 1.0, -0.333333, -0.333333, -0.333333]
    """
    W_all, S_all = float(D.sum()), float(D @ y)
    best, choice = -np.inf, None
    for j in range(X.shape[1]):
        order = np.argsort(X[:, j], kind="stable")
        xs = X[order, j]
        W = np.cumsum(D[order])[:-1]
        S = np.cumsum((D * y)[order])[:-1]
        valid = xs[:-1] < xs[1:]  # a threshold cannot separate equal values
        score = np.where(
            valid, S**2 / W + (S_all - S) ** 2 / np.maximum(W_all - W, 1e-300), -np.inf
        )
        k = int(np.argmax(score))
        if score[k] > best:
            best, choice = float(score[k]), (j, order, k, W[k], S[k])
    if choice is None:
        return np.full(len(y), S_all / W_all)  # no threshold: the constant mean
    j, order, k, W_left, S_left = choice
    h = np.empty(len(y))
    h[order[: k + 1]] = S_left / W_left
    h[order[k + 1 :]] = (S_all - S_left) / (W_all - W_left)
    return np.clip(h, -1.0, 1.0)  # rounding of the means


def confidence_rated_rounds(
    X: np.ndarray, y: np.ndarray, n_rounds: int, curve_points: int
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """B22: AdaBoost with the weighted least-squares regression stump f
    (:func:`regression_stump`, values in [−1, 1]) as base learner, used as
    h = sign f ∈ {−1, +1} (ties +1) or as h = f ∈ [−1, 1].

    In every round t, with margins u_i = y_i h_t(x_i) under the distribution
    D_t: the edge r_t = Σ_i D_t(i) u_i, the slides' closed form
    α_r = ½ ln((1 + r_t)/(1 − r_t)) (= ½ ln((1 − ε_t)/ε_t) for ±1 values),
    the numerical minimizer α* of Z_t(α) = Σ_i D_t(i) exp(−α u_i) (Brent's
    method, without the closed form), Z_t at both, and the bound √(1 − r_t²).
    The update follows the slides: the ±1 run uses α_r, the [−1, 1] run the
    α that minimizes Z_t (α*). A run stops early when every margin has one
    sign (a base classifier right, or wrong, on every point: Z then has no
    minimizer, as AdaBoost stops at ε_t = 0). ``Z`` is the normalizer the
    update divides by,
    Σ_i D_t(i) exp(−α_t u_i), and ``train_error`` the fraction of points with
    y_i Σ_{s ≤ t} α_s h_s(x_i) ≤ 0 after the round.

    Returns
    -------
    rounds : DataFrame
        ``variant, t, r, interior`` (fraction of points with |h| < 1),
        ``alpha_slide, alpha_star, Z_slide, Z_star, Z_bound, alpha, Z,
        product_Z, train_error, m``.
    curves : DataFrame
        ``variant, t, alpha, Z, bound``: Z_1(α) and its upper bound
        ((1 + r)/2) e^{−α} + ((1 − r)/2) e^{α} in the first round, on
        ``curve_points`` values of α from 0 to twice the larger of α_r, α*.
    """
    m = len(y)
    rows, curves = [], []
    for variant in VARIANTS:
        D = np.full(m, 1.0 / m)
        vote = np.zeros(m)
        product = 1.0
        for t in range(1, n_rounds + 1):
            f = regression_stump(X, y, D)
            h = np.where(f >= 0, 1.0, -1.0) if variant == "sign" else f
            u = y * h
            if not (u < 0).any() or not (u > 0).any():
                break  # h is perfect (or useless) on the sample: Z has no minimizer
            r = edge(D, u)
            alpha_slide = closed_form_alpha(D, u)
            alpha_star = minimizing_alpha(D, u)
            alpha = alpha_slide if variant == "sign" else alpha_star
            if t == 1:
                grid = np.linspace(
                    0.0, 2.0 * max(alpha_slide, alpha_star), curve_points
                )
                curves.append(
                    pd.DataFrame(
                        {
                            "variant": variant,
                            "t": t,
                            "alpha": grid,
                            "Z": [normalizer(D, u, a) for a in grid],
                            "bound": 0.5 * (1 + r) * np.exp(-grid)
                            + 0.5 * (1 - r) * np.exp(grid),
                        }
                    )
                )
            rows.append(
                {
                    "variant": variant,
                    "t": t,
                    "r": r,
                    "interior": float(np.mean(np.abs(h) < 1.0)),
                    "alpha_slide": alpha_slide,
                    "alpha_star": alpha_star,
                    "Z_slide": normalizer(D, u, alpha_slide),
                    "Z_star": normalizer(D, u, alpha_star),
                    "Z_bound": normalizer_bound(r),
                    "alpha": alpha,
                }
            )
            update = D * np.exp(-alpha * u)
            Z = float(update.sum())  # what the update divides by
            D = update / Z
            vote += alpha * h
            product *= Z
            rows[-1] |= {
                "Z": Z,
                "product_Z": product,
                "train_error": float(np.mean(y * vote <= 0)),
                "m": m,
            }
    if len(curves) < len(VARIANTS):
        raise ValueError(
            "B22 needs a sample that no single stump separates: the first base "
            "classifier is right on every point, and Z has no minimizer."
        )
    return pd.DataFrame(rows), pd.concat(curves, ignore_index=True)


def convex_hull_draws(
    X: np.ndarray, y: np.ndarray, n_draws: int, seed: int
) -> pd.DataFrame:
    """B23: for each of ``n_draws`` sign vectors σ, the supremum of
    (1/m) Σ_i σ_i f(x_i) over the stumps H and over their hulls.

    H is every distinct stump on the sample (both polarities, the constants
    ±1; :func:`~marginlab.theory.margins.distinct_stumps`), as a matrix of
    predictions. For the same σ:

    - ``sup_class``: max over the columns of H (the vertex);
    - ``sup_hull``: the LP over the convex hull, μ ≥ 0, Σ μ = 1;
    - ``sup_hull_slide``: the LP over the slide's conv(H), μ ≥ 0, Σ μ ≤ 1;
    - ``sup_stumps``: the sup over all stumps by cumulative sums
      (:func:`~marginlab.theory.rademacher.stump_rademacher_sup`), another
      computation of ``sup_class``;
    - ``single`` and ``single_hull_slide``: the same for H₁ = {h₁}, one stump
      (the one of largest edge Σ_i y_i h(x_i) on the sample, AdaBoost's first
      under uniform weights; lowest index on ties), whose class is not
      closed under negation.

    Returns
    -------
    DataFrame
        ``draw, sup_class, sup_hull, sup_hull_slide, sup_stumps, single,
        single_hull_slide, m, n_stumps, single_stump`` (the stump h₁ in words).
    """
    H, stumps = distinct_stumps(X, return_stumps=True)
    m = len(y)
    first = int(np.argmax(y @ H))
    s = stumps.iloc[first]
    described = (
        f"h(x) = {int(s['polarity']):+d} if x_{int(s['feature']) + 1} > "
        f"{float(s['threshold']):.3g}, else {-int(s['polarity']):+d}"
    )
    rng = np.random.default_rng(seed)
    sigma = rng.choice(np.array([-1.0, 1.0]), size=(n_draws, m))
    single = H[:, [first]]
    return pd.DataFrame(
        {
            "draw": np.arange(n_draws),
            "sup_class": finite_class_sup(H, sigma),
            "sup_hull": convex_hull_sup(H, sigma, total="equal"),
            "sup_hull_slide": convex_hull_sup(H, sigma, total="at_most"),
            "sup_stumps": stump_rademacher_sup(X, sigma),
            "single": correlations(single, sigma)[:, 0],
            "single_hull_slide": convex_hull_sup(single, sigma, total="at_most"),
            "m": m,
            "n_stumps": H.shape[1],
            "single_stump": described,
        }
    )


def game_tables(
    simplex_points: int, matrix: np.ndarray = ROCK_PAPER_SCISSORS
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """B24: rock-paper-scissors (or another 3 × 3 game, ``matrix``) solved by
    linear programming, and what each mixed strategy of the row player
    guarantees.

    Returns
    -------
    game : DataFrame
        One row per action: ``action``, its payoffs against rock, paper and
        scissors (``vs_rock, vs_paper, vs_scissors``: the row of M), ``row``
        (p_i) and ``column`` (q_i), the optimal strategies of
        :func:`~marginlab.theory.games.solve_zero_sum`, and ``lower`` (what
        p guarantees, min_j (pᵀM)_j) and ``upper`` (max_i (Mq)_i), repeated.
    simplex : DataFrame
        ``p_rock, p_paper, p_scissors, guarantee`` (min_j (pᵀM)_j) on the
        points of the simplex with coordinates multiples of
        1/``simplex_points``.
    """
    M = np.asarray(matrix, dtype=np.float64)
    if M.shape != (len(ACTIONS), len(ACTIONS)):
        raise ValueError(f"game_tables draws a 3 x 3 game; got shape {M.shape}.")
    solution = solve_zero_sum(M)
    game = pd.DataFrame(
        {
            "action": ACTIONS,
            **{f"vs_{a}": M[:, j] for j, a in enumerate(ACTIONS)},
            "row": solution.row,
            "column": solution.column,
            "lower": solution.lower,
            "upper": solution.upper,
        }
    )
    n = int(simplex_points)
    points = [
        (i / n, j / n, (n - i - j) / n) for i in range(n + 1) for j in range(n + 1 - i)
    ]
    P = np.array(points)
    simplex = pd.DataFrame(
        {
            "p_rock": P[:, 0],
            "p_paper": P[:, 1],
            "p_scissors": P[:, 2],
            "guarantee": [guarantee(M, p) for p in P],
        }
    )
    return game, simplex


def boosting_check_tables(
    data: Dataset,
    n_rounds: int,
    curve_points: int,
    n_draws: int,
    seed: int,
    simplex_points: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """B22, B23, B24: the tables of :func:`confidence_rated_rounds` and
    :func:`convex_hull_draws` on ``data``, and of :func:`game_tables`.

    Parameters
    ----------
    data : Dataset
        A classification sample: the training points of B22's boosting and
        the sample S of B23's stumps.
    n_rounds : int
        Rounds of B22's boosting (each variant).
    curve_points : int
        Values of α on the drawn curves Z_1(α).
    n_draws : int
        Sign vectors σ of B23 (the same for every class and hull).
    seed : int
        Of the sign vectors.
    simplex_points : int
        Resolution of B24's drawn simplex of strategies.

    Returns
    -------
    rounds, curves, draws, game, simplex : DataFrame
    """
    rounds, curves = confidence_rated_rounds(data.X, data.y, n_rounds, curve_points)
    draws = convex_hull_draws(data.X, data.y, n_draws, seed)
    game, simplex = game_tables(simplex_points)
    return rounds, curves, draws, game, simplex
