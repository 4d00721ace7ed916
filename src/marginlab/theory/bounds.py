"""The closed-form boosting bounds of CLAIMS.md (B1, B6, B10, B14, B16–B18).

Notation of the UML notes, Mądry 2012 and Mohri, Boosting: ε_t is the weighted
error of the t-th base classifier under D_t, γ_t = ½ − ε_t its edge,
Z_t = 2 √(ε_t (1 − ε_t)) the normalizer of AdaBoost's update, T the number of
rounds.

* B1, training error of AdaBoost (Freund & Schapire 1997; Mohri,
  Boosting, 'Bound on Empirical Error')::

      R̂(h) ≤ Π_t Z_t = Π_t √(1 − 4γ_t²) ≤ exp(−2 Σ_t γ_t²) ≤ exp(−2 γ² T),
      γ = min_t γ_t

* B6, margin distribution (Schapire et al. 1998; Mohri, Boosting,
  'Margin Distribution'), for ρ ≥ 0::

      Pr_S[y f(x) ≤ ρ ‖α‖₁] ≤ 2^T Π_t √(ε_t^{1−ρ} (1 − ε_t)^{1+ρ})
                            ≤ [(1 − 2γ)^{1−ρ} (1 + 2γ)^{1+ρ}]^{T/2}   if all γ_t ≥ γ

* B10, multiplicative-weights boosting (Mądry 2012, Theorem 1):
  T = ⌈4/γ² ln(1/ν)⌉ rounds make the majority vote ν-strong.
* B16, the margin bounds for ensembles (Koltchinskii & Panchenko 2002;
  Mohri, Boosting, 'Margin Bound - Ensemble Methods'): with probability
  ≥ 1 − δ over the sample, for every h ∈ conv(H)::

      R(h) ≤ R̂_ρ(h) + (2/ρ) R̂_S(H) + 3 √(log(2/δ) / (2m))
      R(h) ≤ R̂_ρ(h) + (2/ρ) √(2d log(em/d) / m) + √(log(1/δ) / (2m))

  (the second for a base class of VC dimension d).
* B18, the MWU bound for a subset S of the n experts (Mądry 2012,
  Theorem 2), 0 ≤ ε ≤ ½, losses in [−ρ, ρ]::

      l_MWU ≤ max_{i∈S} (Σ_t l_i^t + ε Σ_t |l_i^t|) + ρ ln(n/|S|) / ε
* B14, VC dimension of F_T = {sgn(Σ_{t≤T} α_t h_t − b)} for a base class of
  VC dimension d (Freund & Schapire 1997; Mohri, Boosting,
  'Overfitting?')::

      VCdim(F_T) ≤ 2 (d + 1)(T + 1) log₂((T + 1) e)

Functions taking a sequence ε_1, …, ε_T (or γ_1, …, γ_T) return the bound
after all T rounds, or with ``cumulative=True`` the bound after every round
t = 1, …, T (an array of length T: the per-round curves of the figures).
Products are formed as sums of logarithms, so long runs neither underflow
nor lose precision.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.special import xlogy

from ..core.contract.validation import check_scalar

__all__ = [
    "gamma_bound",
    "margin_distribution_bound",
    "mwu_rounds",
    "mwu_subset_bound",
    "rademacher_margin_bound",
    "ramp_margin_loss",
    "product_Z",
    "uniform_gamma_bound",
    "uniform_margin_bound",
    "vc_margin_bound",
    "vcdim_ft_bound",
    "z_factor",
]


def _vector(
    values: object, name: str, owner: str, low: float, high: float
) -> np.ndarray:
    """A finite 1-D float array with entries in [low, high]."""
    arr = np.atleast_1d(np.asarray(values, dtype=np.float64))
    if arr.ndim != 1:
        raise ValueError(f"{name} of {owner} must be 1-D; got shape {arr.shape}.")
    bad = ~np.isfinite(arr) | (arr < low) | (arr > high)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(
            f"{name} of {owner} must lie in [{low:g}, {high:g}]; "
            f"got {float(arr[i])!r} at index {i}."
        )
    return arr


def _total(logs: np.ndarray, cumulative: bool) -> float | np.ndarray:
    """exp of the sum (or of the running sums) of per-round logarithms."""
    if cumulative:
        return np.exp(np.cumsum(logs, axis=0))
    return float(np.exp(np.sum(logs)))


def z_factor(eps: object) -> np.ndarray:
    """Z_t = 2 √(ε_t (1 − ε_t)), entry-wise.

    Parameters
    ----------
    eps : array-like of float in [0, 1]

    Returns
    -------
    ndarray
    """
    e = _vector(eps, "eps", "z_factor", 0.0, 1.0)
    return 2.0 * np.sqrt(e * (1.0 - e))


def product_Z(eps: object, *, cumulative: bool = False) -> float | np.ndarray:
    """Π_{t≤T} Z_t = Π_t 2 √(ε_t (1 − ε_t)), AdaBoost's training-error bound.

    Parameters
    ----------
    eps : array-like of shape (T,), values in [0, 1]
        ε_1, …, ε_T.
    cumulative : bool, default=False
        Return Π_{s≤t} Z_s for every t.

    Returns
    -------
    float, or ndarray of shape (T,) with ``cumulative=True``

    Examples
    --------
    >>> round(product_Z([0.25, 0.25]), 12)
    0.75
    """
    e = _vector(eps, "eps", "product_Z", 0.0, 1.0)
    with np.errstate(divide="ignore"):
        logs = math.log(2.0) + 0.5 * (np.log(e) + np.log1p(-e))
    return _total(logs, cumulative)


def gamma_bound(gammas: object, *, cumulative: bool = False) -> float | np.ndarray:
    """exp(−2 Σ_{t≤T} γ_t²), the edge form of the bound (γ_t = ½ − ε_t).

    Parameters
    ----------
    gammas : array-like of shape (T,), values in [−½, ½]
    cumulative : bool, default=False
        Return exp(−2 Σ_{s≤t} γ_s²) for every t.

    Returns
    -------
    float, or ndarray of shape (T,)
    """
    g = _vector(gammas, "gammas", "gamma_bound", -0.5, 0.5)
    return _total(-2.0 * g**2, cumulative)


def uniform_gamma_bound(gamma: float, T: object) -> float | np.ndarray:
    """exp(−2 γ² T): the bound when every edge is at least γ.

    UML notes, Boosting §VI.

    Parameters
    ----------
    gamma : float in [0, ½]
    T : int or array-like of int ≥ 0
        Number(s) of rounds; an array gives the curve over T.

    Returns
    -------
    float, or ndarray of the shape of ``T``
    """
    gamma = check_scalar(
        gamma, "gamma", "uniform_gamma_bound", low=0.0, high=0.5, closed="both"
    )
    T_arr = np.asarray(T, dtype=np.float64)
    if not np.isfinite(T_arr).all() or (T_arr < 0).any():
        raise ValueError(f"T of uniform_gamma_bound must be >= 0; got {T!r}.")
    out = np.exp(-2.0 * gamma**2 * T_arr)
    return float(out) if out.ndim == 0 else out


def margin_distribution_bound(
    eps: object, rho: object, *, cumulative: bool = False
) -> float | np.ndarray:
    """2^T Π_t √(ε_t^{1−ρ} (1 − ε_t)^{1+ρ}) ≥ Pr_S[y f(x) ≤ ρ ‖α‖₁] (claim B6).

    At ρ = 0 this is Π_t Z_t.

    Parameters
    ----------
    eps : array-like of shape (T,), values in [0, 1]
    rho : float or array-like of shape (R,), values in [−1, 1]
        Margin level(s) ρ.
    cumulative : bool, default=False
        Return the bound after every round t ≤ T.

    Returns
    -------
    float (scalar ρ), ndarray of shape (R,) (array ρ), or with
    ``cumulative=True`` shape (T,) or (T, R).

    Notes
    -----
    Computed as exp(T ln 2 + ½ Σ_t [(1−ρ) ln ε_t + (1+ρ) ln(1−ε_t)]), with
    0 · ln 0 = 0 (so ε_t = 0 at ρ = 1 contributes a factor 1, not NaN).
    """
    e = _vector(eps, "eps", "margin_distribution_bound", 0.0, 1.0)
    scalar = np.ndim(rho) == 0
    r = _vector(rho, "rho", "margin_distribution_bound", -1.0, 1.0)
    logs = math.log(2.0) + 0.5 * (
        xlogy(1.0 - r[None, :], e[:, None]) + xlogy(1.0 + r[None, :], 1.0 - e[:, None])
    )
    out = np.exp(np.cumsum(logs, axis=0) if cumulative else logs.sum(axis=0))
    if scalar:
        return out[:, 0] if cumulative else float(out[0])
    return out


def uniform_margin_bound(gamma: float, rho: object, T: object) -> float | np.ndarray:
    """[(1 − 2γ)^{1−ρ} (1 + 2γ)^{1+ρ}]^{T/2}: B6 when every edge is ≥ γ.

    It decreases exponentially in T when ρ < γ (Mohri, Boosting,
    'Notes' after 'Margin Distribution').

    Parameters
    ----------
    gamma : float in [0, ½]
    rho : float or array-like, values in [−1, 1]
    T : int or array-like of int ≥ 0
        Broadcast against ``rho``.

    Returns
    -------
    float or ndarray
    """
    gamma = check_scalar(
        gamma, "gamma", "uniform_margin_bound", low=0.0, high=0.5, closed="both"
    )
    r = np.asarray(rho, dtype=np.float64)
    if not np.isfinite(r).all() or (np.abs(r) > 1).any():
        raise ValueError(
            f"rho of uniform_margin_bound must lie in [-1, 1]; got {rho!r}."
        )
    T_arr = np.asarray(T, dtype=np.float64)
    if not np.isfinite(T_arr).all() or (T_arr < 0).any():
        raise ValueError(f"T of uniform_margin_bound must be >= 0; got {T!r}.")
    log_factor = xlogy(1.0 - r, 1.0 - 2.0 * gamma) + xlogy(1.0 + r, 1.0 + 2.0 * gamma)
    out = np.exp(0.5 * T_arr * log_factor)
    return float(out) if out.ndim == 0 else out


def vcdim_ft_bound(d: int, T: object) -> float | np.ndarray:
    """2 (d + 1)(T + 1) log₂((T + 1) e) ≥ VCdim(F_T) (claim B14).

    Mohri, Boosting, 'Overfitting?'.

    F_T = {sgn(Σ_{t=1}^T α_t h_t − b) : α_t, b ∈ ℝ, h_t ∈ H} and VCdim(H) = d
    (Freund & Schapire 1997).

    Parameters
    ----------
    d : int ≥ 1
        VC dimension of the base class.
    T : int or array-like of int ≥ 1
        Number(s) of rounds.

    Returns
    -------
    float, or ndarray of the shape of ``T``

    Examples
    --------
    >>> round(vcdim_ft_bound(1, 1), 6)
    19.54156
    """
    d = check_scalar(d, "d", "vcdim_ft_bound", kind="int", low=1, closed="left")
    T_arr = np.asarray(T, dtype=np.float64)
    if not np.isfinite(T_arr).all() or (T_arr < 1).any():
        raise ValueError(f"T of vcdim_ft_bound must be >= 1; got {T!r}.")
    out = 2.0 * (d + 1) * (T_arr + 1.0) * np.log2((T_arr + 1.0) * math.e)
    return float(out) if out.ndim == 0 else out


def mwu_rounds(gamma: float, nu: float) -> int:
    """T = ⌈4/γ² ln(1/ν)⌉, the rounds of Theorem 1 of Mądry 2012.

    With a γ-weak family, the majority vote of T multiplicative-weights rounds
    misclassifies at most a fraction ν of the training points.

    Parameters
    ----------
    gamma : float in (0, ½)
        Edge of the weak learner: success probability ≥ ½ + γ under any D.
    nu : float in (0, 1)
        Target fraction of training mistakes.

    Returns
    -------
    int

    Notes
    -----
    A value within 1e-12 (relative) above an integer is taken to be that
    integer, so that rounding in 4/γ² ln(1/ν) cannot add a round.

    Examples
    --------
    >>> mwu_rounds(0.1, 0.1)
    922
    """
    gamma = check_scalar(gamma, "gamma", "mwu_rounds", low=0.0, high=0.5)
    nu = check_scalar(nu, "nu", "mwu_rounds", low=0.0, high=1.0)
    x = 4.0 / gamma**2 * math.log(1.0 / nu)
    return max(1, math.ceil(x * (1.0 - 1e-12)))


def ramp_margin_loss(margins: object, rho: object) -> float | np.ndarray:
    """R̂_ρ(h) = (1/m) Σ_i Φ_ρ(y_i h(x_i)), Φ_ρ(u) = min(1, max(0, 1 − u/ρ)).

    The empirical margin loss of the margin bounds (claim B16). It is at
    most the fraction of margins ≤ ρ, (1/m) Σ_i 1[y_i h(x_i) ≤ ρ], and at
    least the training error (1/m) Σ_i 1[y_i h(x_i) ≤ 0].

    Parameters
    ----------
    margins : array-like of shape (m,)
        y_i h(x_i), e.g. the L1 margins y_i f(x_i)/‖α‖₁.
    rho : float or array-like of shape (R,), values > 0

    Returns
    -------
    float (scalar ρ) or ndarray of shape (R,)

    Examples
    --------
    >>> ramp_margin_loss([-1.0, 0.05, 0.5], 0.1)
    0.5
    """
    u = np.asarray(margins, dtype=np.float64).ravel()
    scalar = np.ndim(rho) == 0
    r = np.atleast_1d(np.asarray(rho, dtype=np.float64))
    if not (np.isfinite(r).all() and (r > 0).all()):
        raise ValueError(f"rho of ramp_margin_loss must be > 0; got {rho!r}.")
    loss = np.clip(1.0 - u[None, :] / r[:, None], 0.0, 1.0).mean(axis=1)
    return float(loss[0]) if scalar else loss


def _margin_terms(rho: object, m: int, delta: float, owner: str):
    r = np.asarray(rho, dtype=np.float64)
    if not (np.isfinite(r).all() and (r > 0).all()):
        raise ValueError(f"rho of {owner} must be > 0; got {rho!r}.")
    m = check_scalar(m, "m", owner, kind="int", low=1, closed="left")
    delta = check_scalar(delta, "delta", owner, low=0.0, high=1.0)
    return r, m, delta


def rademacher_margin_bound(
    margin_loss: object, rho: object, rademacher: float, m: int, delta: float
) -> dict[str, np.ndarray]:
    """R̂_ρ(h) + (2/ρ) R̂_S(H) + 3 √(log(2/δ)/(2m)), term by term (claim B16).

    Mohri, Boosting, 'Margin Bound - Ensemble Methods' (Koltchinskii and
    Panchenko 2002): for a fixed ρ > 0, with probability ≥ 1 − δ over the
    m-sample S, every h ∈ conv(H) has R(h) ≤ this.

    Parameters
    ----------
    margin_loss : float or array-like
        R̂_ρ(h), broadcast against ``rho``.
    rho : float or array-like, values > 0
    rademacher : float ≥ 0
        (An upper bound on) the empirical Rademacher complexity R̂_S(H).
    m : int ≥ 1
    delta : float in (0, 1)

    Returns
    -------
    dict
        ``margin_loss``, ``complexity`` (2/ρ · R̂_S(H)), ``confidence``
        (3 √(log(2/δ)/(2m))) and ``bound`` (their sum), arrays broadcast
        against ``rho``.
    """
    r, m, delta = _margin_terms(rho, m, delta, "rademacher_margin_bound")
    rademacher = check_scalar(
        rademacher, "rademacher", "rademacher_margin_bound", low=0.0, closed="left"
    )
    loss = np.broadcast_to(np.asarray(margin_loss, dtype=np.float64), r.shape)
    complexity = 2.0 / r * rademacher
    confidence = np.full(r.shape, 3.0 * math.sqrt(math.log(2.0 / delta) / (2.0 * m)))
    return {
        "margin_loss": loss,
        "complexity": complexity,
        "confidence": confidence,
        "bound": loss + complexity + confidence,
    }


def vc_margin_bound(
    margin_loss: object, rho: object, d: int, m: int, delta: float
) -> dict[str, np.ndarray]:
    """R̂_ρ(h) + (2/ρ) √(2d log(em/d)/m) + √(log(1/δ)/(2m)), term by term.

    Mohri, Boosting, 'Margin Bound - Ensemble Methods', for a base class H of
    VC dimension d (≤ m) with values in {−1, +1}: for a fixed ρ > 0, with
    probability ≥ 1 − δ every h ∈ conv(H) has R(h) ≤ this (claim B16). An
    upper bound on d may be given: the bound grows with d for d ≤ m.

    Parameters
    ----------
    margin_loss : float or array-like
        R̂_ρ(h), broadcast against ``rho``.
    rho : float or array-like, values > 0
    d : int in [1, m]
    m : int ≥ 1
    delta : float in (0, 1)

    Returns
    -------
    dict
        ``margin_loss``, ``complexity``, ``confidence`` and ``bound``.
    """
    r, m, delta = _margin_terms(rho, m, delta, "vc_margin_bound")
    d = check_scalar(
        d, "d", "vc_margin_bound", kind="int", low=1, high=m, closed="both"
    )
    loss = np.broadcast_to(np.asarray(margin_loss, dtype=np.float64), r.shape)
    complexity = 2.0 / r * math.sqrt(2.0 * d * math.log(math.e * m / d) / m)
    confidence = np.full(r.shape, math.sqrt(math.log(1.0 / delta) / (2.0 * m)))
    return {
        "margin_loss": loss,
        "complexity": complexity,
        "confidence": confidence,
        "bound": loss + complexity + confidence,
    }


def mwu_subset_bound(
    losses: object, subset: object, epsilon: float, rho: float = 1.0
) -> np.ndarray:
    """Theorem 2 of Mądry 2012 after every round, for one subset S of experts.

    max_{i∈S} (Σ_{s≤t} l_i^s + ε Σ_{s≤t} |l_i^s|) + ρ ln(n/|S|) / ε, for
    t = 1, …, T: the bound on the loss Σ_{s≤t} Σ_i p_i^s l_i^s of the
    multiplicative weights update w_i ← w_i (1 − ε l_i^t/ρ) run for t rounds.

    Parameters
    ----------
    losses : array-like of shape (T, n), values in [−ρ, ρ]
        l_i^t, expert i's loss in round t.
    subset : array-like of bool, shape (n,) or (T, n)
        S (non-empty); a 2-D mask gives a subset per round (row t is the S
        used for the bound after round t).
    epsilon : float in (0, ½]
    rho : float > 0, default=1.0
        The loss width ρ.

    Returns
    -------
    ndarray of shape (T,)
    """
    epsilon = check_scalar(
        epsilon, "epsilon", "mwu_subset_bound", low=0.0, high=0.5, closed="right"
    )
    rho = check_scalar(rho, "rho", "mwu_subset_bound", low=0.0)
    L = np.asarray(losses, dtype=np.float64)
    if L.ndim != 2 or not np.isfinite(L).all() or (np.abs(L) > rho).any():
        raise ValueError(
            f"losses of mwu_subset_bound must be a finite (T, n) array with "
            f"values in [-{rho:g}, {rho:g}]."
        )
    T, n = L.shape
    S = np.broadcast_to(np.asarray(subset, dtype=bool), (T, n))
    size = S.sum(axis=1)
    if (size == 0).any():
        raise ValueError("subset of mwu_subset_bound must be non-empty in every round.")
    score = np.cumsum(L, axis=0) + epsilon * np.cumsum(np.abs(L), axis=0)
    best = np.where(S, score, -np.inf).max(axis=1)
    return best + rho * np.log(n / size) / epsilon
