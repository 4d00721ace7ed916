"""AdaBoost and multiplicative-weights boosting over exact weak learners.

AdaBoost (Freund & Schapire 1997; UML notes, Boosting §V–VI; Mohri, Boosting,
'AdaBoost'), with the lectures' names::

    D_1(i) = 1/m
    for t = 1, …, T:
        h_t   = weak learner's hypothesis of smallest weighted error under D_t
        ε_t   = Σ_i D_t(i) 1[h_t(x_i) ≠ y_i],      γ_t = ½ − ε_t   (edge)
        α_t   = ½ ln((1 − ε_t)/ε_t),               Z_t = 2 √(ε_t (1 − ε_t))
        D_{t+1}(i) = D_t(i) exp(−α_t y_i h_t(x_i)) / Z_t
    f_T = Σ_t α_t h_t,   prediction sign(f_T)  (0 maps to +1)

Unrolling the update gives D_{t+1}(i) = exp(−y_i f_t(x_i)) / (m Π_{s≤t} Z_s)
(claim B2) and puts mass exactly ½ on the points h_t got wrong (B3); the
training error is at most Π_t Z_t ≤ exp(−2 Σ_t γ_t²) ≤ exp(−2 γ² T) with
γ = min_t γ_t (B1). The distribution is kept as log D_t and renormalized with a
log-sum-exp every round, so thousands of rounds never underflow.

The weak learners share one protocol (:class:`WeakLearner`): ``prepare(X, y)``
does the work that does not depend on the weights once per boosting fit
(presorting every feature for stumps) and returns a :class:`WeakSearch`, whose
``best(sample_weight)`` returns the hypothesis of smallest weighted error
together with its ±1 predictions on the training points. ``fit(X, y,
sample_weight)`` is the one-shot form of the same search.

* :class:`Stumps` — h(x) = s if x_j > θ else −s: exact minimum weighted error
  over every feature j, every threshold θ midway between consecutive distinct
  values of x_j, both polarities s = ±1, and the constant stump (θ = −∞).
  Presorting costs O(N m log m) once; each round is O(m N) (Mohri,
  Boosting, 'Standard Use in Practice').
* :class:`Trees` — greedy trees of a given depth; each node takes the split
  minimizing the weighted error of its two children labelled by their weighted
  majority (needed for XOR, claim B8).
* :class:`HypothesisMatrix` — a finite class given by its ±1 predictions on
  the training points; each round takes the column of largest edge.

:class:`MajorityBoost` is the boosting algorithm in the proof of Mądry 2012,
Theorem 1: multiplicative weights over the examples with ε = γ, loss 1 for a
correctly classified example, T = ⌈4/γ² ln(1/ν)⌉ rounds, unweighted majority.

Ties (all three learners) go to the hypothesis that comes first in a fixed
order; weighted errors within ``1e-12 · Σ_i w_i`` of the smallest count as
ties, so that the choice does not depend on the order of floating-point sums.
"""

from __future__ import annotations

import math
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import pandas as pd

from ._validation import check_array, check_labels
from .base import (
    NO_VALIDATION,
    BaseEstimator,
    Boolean,
    ClassifierMixin,
    InstanceOf,
    Interval,
    Parameterized,
)
from .bounds import mwu_rounds

__all__ = [
    "HISTORY_COLUMNS",
    "AdaBoost",
    "Column",
    "HypothesisMatrix",
    "Hypothesis",
    "MajorityBoost",
    "NoEdgeWarning",
    "StopReason",
    "Stump",
    "Stumps",
    "Tree",
    "Trees",
    "WeakLearner",
    "WeakSearch",
    "weighted_error",
]

#: Weighted errors within this fraction of the total weight count as ties.
TIE_RTOL = 1e-12
#: A round whose edge γ_t = ½ − ε_t is at most this has no edge (ε_t ≥ ½ up to
#: rounding: e.g. h_{t-1} again, which has ε = ½ under D_t by claim B3).
NO_EDGE_TOL = 1e-12


class NoEdgeWarning(UserWarning):
    """AdaBoost stopped early: the weak learner's best hypothesis had ε_t ≥ ½."""


class StopReason(StrEnum):
    """Why :meth:`AdaBoost.fit` stopped (compares equal to its string value)."""

    #: All ``n_rounds`` rounds were run.
    N_ROUNDS = "n_rounds"
    #: h_t made no training mistake (ε_t = 0); it was kept, see AdaBoost Notes.
    PERFECT = "perfect"
    #: ε_t ≥ ½: h_t had no edge and was not added.
    NO_EDGE = "no_edge"


def weighted_error(predictions: object, y: object, sample_weight: object) -> float:
    """ε = Σ_i w_i 1[h(x_i) ≠ y_i] / Σ_i w_i.

    Parameters
    ----------
    predictions, y : array-like of shape (m,)
        h(x_i) and y_i in {−1, +1}.
    sample_weight : array-like of shape (m,)
        Non-negative weights, e.g. the distribution D_t (need not sum to 1).

    Returns
    -------
    float
    """
    pred = np.asarray(predictions, dtype=np.float64).ravel()
    yy = np.asarray(y, dtype=np.float64).ravel()
    w = _check_weights(sample_weight, pred.shape[0])
    if yy.shape != pred.shape:
        raise ValueError(
            f"predictions has {pred.shape[0]} entries but y has {yy.shape[0]}."
        )
    return float(w[pred != yy].sum() / w.sum())


def _check_weights(sample_weight: object, m: int) -> np.ndarray:
    """Finite non-negative weights of shape (m,) with a positive sum (None: ones)."""
    if sample_weight is None:
        return np.ones(m)
    w = np.asarray(sample_weight, dtype=np.float64).ravel()
    if w.shape[0] != m:
        raise ValueError(f"sample_weight has {w.shape[0]} entries but X has {m} rows.")
    if not np.isfinite(w).all() or (w < 0).any():
        i = int(np.flatnonzero(~np.isfinite(w) | (w < 0))[0])
        raise ValueError(
            f"sample_weight must be finite and >= 0; got {float(w[i])!r} at index {i}."
        )
    if not w.sum() > 0:
        raise ValueError(
            "sample_weight sums to 0: all weights are zero; at least one must be > 0."
        )
    return w


def _signs(above: np.ndarray, polarity: float) -> np.ndarray:
    """polarity where ``above`` else −polarity, as float64 (faster than where)."""
    out = above.astype(np.float64)
    out *= 2.0 * polarity
    out -= polarity
    return out


def _dot(a: np.ndarray, b: np.ndarray) -> float:
    """Σ_i a_i b_i without BLAS.

    A multithreaded BLAS dot spins its threads between calls; on a busy
    machine that made each boosting round several times slower.
    """
    return float(np.einsum("i,i->", a, b))


def _midpoint(a: float, b: float) -> float:
    """A threshold θ with a ≤ θ < b (the midpoint unless rounding forbids it)."""
    theta = 0.5 * a + 0.5 * b
    return theta if a <= theta < b else a


# --- the weak-learner protocol --------------------------------------------------------


class Hypothesis(ABC):
    """A fitted base classifier h: X → {−1, +1}."""

    @abstractmethod
    def predict(self, X: object) -> np.ndarray:
        """h(x) in {−1.0, +1.0} for every row of X."""

    @abstractmethod
    def params(self) -> dict[str, int | float]:
        """The columns this hypothesis contributes to a boosting ``history_``."""


class WeakSearch(ABC):
    """A weak learner bound to one training set (see :meth:`WeakLearner.prepare`)."""

    @abstractmethod
    def best(self, sample_weight: np.ndarray) -> tuple[Hypothesis, np.ndarray]:
        """The hypothesis of smallest weighted error and its training predictions.

        Parameters
        ----------
        sample_weight : ndarray of shape (m,)
            Non-negative weights proportional to the distribution D_t.

        Returns
        -------
        h : Hypothesis
        predictions : ndarray of shape (m,)
            h(x_i) in {−1.0, +1.0} on the training points.
        """


class WeakLearner(ABC):
    """A family of base classifiers with an exact weighted-error search.

    Subclasses implement :meth:`prepare` and list their ``history_`` columns in
    :attr:`columns`.
    """

    #: Names of the keys of ``Hypothesis.params()`` (the history columns).
    columns: tuple[str, ...] = ()

    @abstractmethod
    def prepare(self, X: np.ndarray, y: np.ndarray) -> WeakSearch:
        """Precompute what does not depend on the weights (once per boosting fit).

        Parameters
        ----------
        X : ndarray of shape (m, n)
            Validated training inputs (float64, finite).
        y : ndarray of shape (m,)
            Labels in {−1.0, +1.0}.
        """

    def fit(self, X: object, y: object, sample_weight: object = None) -> Hypothesis:
        """The hypothesis of smallest weighted error Σ_i w_i 1[h(x_i) ≠ y_i].

        Parameters
        ----------
        X : array-like of shape (m, n)
        y : array-like of shape (m,)
            Labels in {−1, +1}.
        sample_weight : array-like of shape (m,), optional
            Non-negative weights (default: uniform).

        Returns
        -------
        Hypothesis
        """
        X = check_array(X)
        y = check_labels(y, X.shape[0])
        w = _check_weights(sample_weight, X.shape[0])
        return self.prepare(X, y).best(w)[0]


# --- stumps ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Stump(Hypothesis):
    """h(x) = polarity if x[feature] > threshold else −polarity.

    ``threshold = -inf`` is the constant stump h ≡ polarity; it is reported on
    feature 0.
    """

    feature: int
    threshold: float
    polarity: int

    def predict(self, X: object) -> np.ndarray:
        column = np.asarray(X, dtype=np.float64)[:, self.feature]
        return _signs(column > self.threshold, float(self.polarity))

    def params(self) -> dict[str, int | float]:
        return {
            "feature": self.feature,
            "threshold": self.threshold,
            "polarity": self.polarity,
        }


class Stumps(Parameterized, WeakLearner):
    """Decision stumps with the exact minimum weighted error (Mohri, Boosting).

    Candidates, in tie-breaking order: for feature j = 0, 1, …, N−1, the
    thresholds θ in increasing order — first θ = −∞ (the constant stump, which
    only feature 0 ever reports), then the midpoints between consecutive
    distinct values of x_j — and for each θ polarity +1 before −1. Among the
    stumps whose weighted error is within ``1e-12 · Σ_i w_i`` of the smallest,
    the first in this order is returned (lowest feature, then lowest threshold,
    then polarity +1).

    Notes
    -----
    :meth:`prepare` sorts every feature once (O(N m log m)). With s_i = w_i y_i
    listed in the sorted order of feature j, the stump that predicts −s on the
    first k points and s on the rest has error W₋ + S_k for s = +1 and
    W₊ − S_k for s = −1, where S_k = Σ_{q<k} s_q and W± are the weights of the
    two classes. Each round therefore costs one gather of the weights into the
    presorted orders and one cumulative sum (O(m N), vectorized over features);
    a run of equal values contributes only its total at its last position, so
    thresholds never fall between equal values. The search keeps about five
    float64 or index arrays of the size of X (8 · 5 · m N bytes).

    Examples
    --------
    >>> Stumps().fit([[0.0], [1.0], [2.0], [3.0]], [-1, -1, 1, 1])
    Stump(feature=0, threshold=1.5, polarity=1)
    """

    columns = ("feature", "threshold", "polarity")

    def __repr__(self) -> str:
        return "Stumps()"

    def prepare(self, X: np.ndarray, y: np.ndarray) -> WeakSearch:
        return _StumpSearch(X, y)


class _StumpSearch(WeakSearch):
    """Presorted orders laid out in blocks so the prefix sums vectorize.

    Candidate split p (0 ≤ p ≤ m−2) of feature f lies between the sorted
    positions p and p+1. Position p of feature f is stored at
    ``G[b, f * nb + j]`` with p = j·B + b: a Python loop over the B rows then
    forms all within-block prefix sums at once, each a vector add over the
    N·nb columns, and per-block offsets finish the cumulative sum.
    """

    def __init__(self, X: np.ndarray, y: np.ndarray) -> None:
        m, N = X.shape
        self.m, self.N = m, N
        self.y = y
        self.positive = (y > 0).astype(np.float64)
        self.XT = np.ascontiguousarray(X.T)
        # The order among equal values does not matter (a run of equal values
        # is one block), so the faster unstable sort is fine.
        order = np.argsort(self.XT, axis=1)
        self.xs = np.take_along_axis(self.XT, order, axis=1)
        n = m - 1  # candidate splits per feature
        self.n = n
        B = max(1, min(n, round(math.sqrt(n * N / 32.0))))
        nb = -(-n // B) if n > 0 else 0
        self.B, self.nb = B, nb
        padded = np.full((N, nb * B), m, dtype=np.intp)  # index m holds a 0
        padded[:, :n] = order[:, :n]
        self.idx = np.ascontiguousarray(
            padded.reshape(N, nb, B).transpose(2, 0, 1).reshape(B, N * nb)
        )
        self.s = np.zeros(m + 1)
        self.G = np.empty((B, N * nb))
        # Features with repeated values: only the last position of a run of
        # equal values is a valid split; it gets the run's total weight.
        same = self.xs[:, :-1] == self.xs[:, 1:]
        self.dups = []
        for f in np.flatnonzero(same.any(axis=1)):
            ends = np.flatnonzero(~same[f])  # last positions of runs, ≤ m−2
            starts = np.concatenate(([0], ends[:-1] + 1))
            p = np.arange(n)
            where = (p % B) * (N * nb) + f * nb + p // B
            self.dups.append((order[f].copy(), ends, starts, where))

    def best(self, sample_weight: np.ndarray) -> tuple[Hypothesis, np.ndarray]:
        w = sample_weight
        Wp = _dot(w, self.positive)
        Wn = float(w.sum()) - Wp
        tol = TIE_RTOL * (Wp + Wn)
        if self.n > 0:
            plus, minus = self._scan(w, Wp, Wn, tol)
        else:  # one point: only the constant stumps
            plus = (0, -1) if Wn <= Wp + tol else None
            minus = (0, -1) if Wp <= Wn + tol else None
        # The first candidate within tol of the minimum, in (feature, θ, s) order.
        if plus is not None and (minus is None or plus <= minus):
            (f, p), polarity = plus, 1
        else:
            assert minus is not None
            (f, p), polarity = minus, -1
        if p < 0:
            threshold = -math.inf
            pred = np.full(self.m, float(polarity))
        else:
            threshold = _midpoint(float(self.xs[f, p]), float(self.xs[f, p + 1]))
            pred = _signs(self.XT[f] > threshold, float(polarity))
        return Stump(int(f), threshold, polarity), pred

    def _scan(
        self, w: np.ndarray, Wp: float, Wn: float, tol: float
    ) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
        """First (feature, p) of each polarity within tol of the minimum error.

        p = −1 is the constant stump (S = 0); ``None``: no candidate of that
        polarity is within tol of the minimum.
        """
        s, G, B, nb = self.s, self.G, self.B, self.nb
        np.multiply(w, self.y, out=s[: self.m])
        np.take(s, self.idx, out=G, mode="clip")  # unbuffered
        if self.dups:
            flat = G.reshape(-1)
            for order, ends, starts, where in self.dups:
                contrib = np.zeros(self.n)
                if ends.size:
                    values = s[order[: ends[-1] + 1]]
                    contrib[ends] = np.add.reduceat(values, starts)
                flat[where] = contrib
        for b in range(1, B):
            np.add(G[b - 1], G[b], out=G[b])
        offsets = np.zeros((self.N, nb))
        np.cumsum(G[B - 1].reshape(self.N, nb)[:, :-1], axis=1, out=offsets[:, 1:])
        offsets = offsets.reshape(-1)
        colmin = G.min(axis=0) + offsets
        colmax = G.max(axis=0) + offsets
        # S = 0 (the constant) is always a candidate of both polarities.
        err = min(
            Wn + min(0.0, float(colmin.min())), Wp - max(0.0, float(colmax.max()))
        )
        plus = self._first(colmin, offsets, err - Wn + tol, upper=True)
        minus = self._first(colmax, offsets, Wp - err - tol, upper=False)
        return plus, minus

    def _first(
        self, colext: np.ndarray, offsets: np.ndarray, bound: float, *, upper: bool
    ) -> tuple[int, int] | None:
        """First (feature, p) with S ≤ bound (``upper``) or S ≥ bound.

        Positions inside a run of equal values (and the padding) repeat the S
        of an earlier valid position, so the first hit is always valid.
        """
        if (bound >= 0.0) if upper else (bound <= 0.0):
            return (0, -1)  # the constant stump comes first
        hits = colext <= bound if upper else colext >= bound
        c = int(np.argmax(hits))
        if not hits[c]:
            return None
        column = self.G[:, c] + offsets[c]
        b = int(np.argmax(column <= bound if upper else column >= bound))
        f, j = divmod(c, self.nb)
        return (f, j * self.B + b)


# --- trees ----------------------------------------------------------------------------


class Tree(Hypothesis):
    """A binary tree of axis-aligned splits x[feature] ≤ threshold (go left).

    Node arrays as in scikit-learn: ``feature[k] = -1`` marks a leaf whose
    label is ``value[k]``; the root is node 0.
    """

    def __init__(
        self,
        feature: np.ndarray,
        threshold: np.ndarray,
        left: np.ndarray,
        right: np.ndarray,
        value: np.ndarray,
    ) -> None:
        self.feature = feature
        self.threshold = threshold
        self.left = left
        self.right = right
        self.value = value

    def __repr__(self) -> str:
        return (
            f"Tree(n_nodes={self.feature.size}, n_leaves={self.n_leaves}, "
            f"root_feature={int(self.feature[0])})"
        )

    @property
    def n_leaves(self) -> int:
        return int(np.count_nonzero(self.feature < 0))

    def predict(self, X: object) -> np.ndarray:
        X = np.asarray(X, dtype=np.float64)
        node = np.zeros(X.shape[0], dtype=np.intp)
        rows = np.arange(X.shape[0])
        while True:
            f = self.feature[node]
            inner = f >= 0
            if not inner.any():
                return self.value[node].astype(np.float64)
            go_right = X[rows[inner], f[inner]] > self.threshold[node[inner]]
            node[inner] = np.where(
                go_right, self.right[node[inner]], self.left[node[inner]]
            )

    def params(self) -> dict[str, int | float]:
        root_is_leaf = self.feature[0] < 0
        return {
            "n_leaves": self.n_leaves,
            "root_feature": int(self.feature[0]),
            "root_threshold": -math.inf if root_is_leaf else float(self.threshold[0]),
        }


class Trees(Parameterized, WeakLearner):
    """Greedy decision trees of depth ≤ ``depth`` with weighted-majority leaves.

    Every node takes the split (feature j, threshold θ midway between
    consecutive distinct values of x_j among its points) that minimizes the
    weighted error of its two children, each labelled by its weighted
    majority: min(W₊ᴸ, W₋ᴸ) + min(W₊ᴿ, W₋ᴿ). Ties go to the lowest feature,
    then the lowest threshold (errors within ``1e-12 · Σ w`` are ties). A node
    becomes a leaf at depth ``depth``, when its points are pure under the
    weights (one class has weight 0), or when its points cannot be split.
    Leaf labels are the weighted majority, +1 on a tie.

    Unlike a stump, a depth-2 tree is a weak learner for XOR (claim B8). The
    search is greedy (exact at each node), not a search over all trees.

    Parameters
    ----------
    depth : int ≥ 1, default=2

    Examples
    --------
    >>> X = [[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]]
    >>> tree = Trees(2).fit(X, [1, -1, 1, -1])
    >>> tree.predict(X).tolist()
    [1.0, -1.0, 1.0, -1.0]
    """

    columns = ("n_leaves", "root_feature", "root_threshold")
    _parameter_constraints = {"depth": [Interval("int", 1, None, closed="left")]}

    def __init__(self, depth: int = 2) -> None:
        self.depth = depth

    def __repr__(self) -> str:
        return f"Trees(depth={self.depth!r})"

    def prepare(self, X: np.ndarray, y: np.ndarray) -> WeakSearch:
        self._validate_params()
        return _TreeSearch(X, y, int(self.depth))


class _TreeSearch(WeakSearch):
    def __init__(self, X: np.ndarray, y: np.ndarray, depth: int) -> None:
        self.X = X
        self.XT = np.ascontiguousarray(X.T)
        self.order = np.argsort(self.XT, axis=1, kind="stable")
        self.y = y
        self.depth = depth

    def best(self, sample_weight: np.ndarray) -> tuple[Hypothesis, np.ndarray]:
        w = sample_weight
        wp = np.where(self.y > 0, w, 0.0)
        wn = np.where(self.y > 0, 0.0, w)
        tol = TIE_RTOL * float(w.sum())
        nodes: list[list[float]] = []  # feature, threshold, left, right, value

        def grow(members: np.ndarray, depth_left: int) -> int:
            k = len(nodes)
            Wp, Wn = float(wp[members].sum()), float(wn[members].sum())
            nodes.append([-1, 0.0, -1, -1, 1.0 if Wp >= Wn else -1.0])
            split = None
            if depth_left > 0 and min(Wp, Wn) > 0 and members.size > 1:
                split = self._split(members, wp, wn, Wp, Wn, tol)
            if split is None:
                return k
            f, theta = split
            go_right = self.XT[f, members] > theta
            nodes[k][:2] = [f, theta]
            nodes[k][2] = grow(members[~go_right], depth_left - 1)
            nodes[k][3] = grow(members[go_right], depth_left - 1)
            return k

        grow(np.arange(self.y.size), self.depth)
        table = np.array(nodes, dtype=np.float64).reshape(-1, 5)
        tree = Tree(
            table[:, 0].astype(np.intp),
            table[:, 1].copy(),
            table[:, 2].astype(np.intp),
            table[:, 3].astype(np.intp),
            table[:, 4].copy(),
        )
        return tree, tree.predict(self.X)

    def _split(
        self,
        members: np.ndarray,
        wp: np.ndarray,
        wn: np.ndarray,
        Wp: float,
        Wn: float,
        tol: float,
    ) -> tuple[int, float] | None:
        """Best (feature, θ) by the majority-label error of the two children."""
        inside = np.zeros(self.y.size, dtype=bool)
        inside[members] = True
        order = self.order[inside[self.order]].reshape(self.order.shape[0], -1)
        xs = np.take_along_axis(self.XT, order, axis=1)
        Lp = np.cumsum(wp[order], axis=1)[:, :-1]
        Ln = np.cumsum(wn[order], axis=1)[:, :-1]
        err = np.minimum(Lp, Ln) + np.minimum(Wp - Lp, Wn - Ln)
        valid = xs[:, :-1] < xs[:, 1:]
        if not valid.any():
            return None
        err[~valid] = np.inf
        flat = int(np.argmax(err.reshape(-1) <= err.min() + tol))
        f, p = divmod(flat, err.shape[1])
        return f, _midpoint(float(xs[f, p]), float(xs[f, p + 1]))


# --- a finite class given by its predictions ------------------------------------------


def _as_indices(X: object, n_rows: int, owner: str) -> np.ndarray:
    """Row indices into H from an (m, 1) array of integer values in [0, n_rows)."""
    arr = check_array(X)
    if arr.shape[1] != 1:
        raise ValueError(
            f"{owner} takes X of shape (m, 1) holding row indices into H; "
            f"got {arr.shape[1]} columns."
        )
    col = arr[:, 0]
    bad = (col != np.round(col)) | (col < 0) | (col >= n_rows)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(
            f"{owner}: X must hold integer row indices in [0, {n_rows - 1}]; "
            f"got {float(col[i])!r} at row {i}."
        )
    return col.astype(np.intp)


@dataclass(frozen=True, eq=False)
class Column(Hypothesis):
    """The hypothesis h_j given by column ``index`` of a matrix H of ±1."""

    index: int
    H: np.ndarray

    def __repr__(self) -> str:
        return f"Column(index={self.index})"

    def predict(self, X: object) -> np.ndarray:
        rows = _as_indices(X, self.H.shape[0], "Column")
        return self.H[rows, self.index].astype(np.float64)

    def params(self) -> dict[str, int | float]:
        return {"column": self.index}


class HypothesisMatrix(Parameterized, WeakLearner):
    """A finite class {h_1, …, h_N} given by its predictions H[i, j] = h_j(x_i).

    The "inputs" are row indices: ``fit(X, y)`` and ``predict(X)`` take X of
    shape (m, 1) holding integers in [0, H.shape[0]). Each search returns the
    column of largest edge Σ_i w_i y_i H[i, j]; columns whose edges are within
    ``1e-12 · Σ_i w_i`` of the largest tie, and the lowest index wins.

    Parameters
    ----------
    H : array-like of shape (m, N), entries in {−1, +1}

    Examples
    --------
    >>> H = [[1, 1, -1], [-1, 1, 1], [1, 1, 1]]
    >>> HypothesisMatrix(H).fit([[0], [1], [2]], [1, 1, 1])
    Column(index=1)
    """

    columns = ("column",)
    _parameter_constraints = {"H": NO_VALIDATION}  # checked against X in prepare

    def __init__(self, H: object) -> None:
        self.H = H

    def __repr__(self) -> str:
        shape = np.shape(self.H)
        return f"HypothesisMatrix(H of shape {shape})"

    def prepare(self, X: np.ndarray, y: np.ndarray) -> WeakSearch:
        H = np.asarray(self.H, dtype=np.float64)
        if H.ndim != 2 or H.size == 0:
            raise ValueError(
                f"H of HypothesisMatrix must be a non-empty 2-D array (m, N); "
                f"got shape {H.shape}."
            )
        bad = ~np.isin(H, (-1.0, 1.0))
        if bad.any():
            i, j = np.argwhere(bad)[0]
            raise ValueError(
                f"H of HypothesisMatrix must hold predictions in {{-1, +1}}; "
                f"got {float(H[i, j])!r} at row {i}, column {j}."
            )
        rows = _as_indices(X, H.shape[0], "HypothesisMatrix")
        return _ColumnSearch(H, rows, y)


class _ColumnSearch(WeakSearch):
    def __init__(self, H: np.ndarray, rows: np.ndarray, y: np.ndarray) -> None:
        self.H = H
        self.sub = np.ascontiguousarray(H[rows])
        self.y = y

    def best(self, sample_weight: np.ndarray) -> tuple[Hypothesis, np.ndarray]:
        edges = np.einsum("i,ij->j", sample_weight * self.y, self.sub)
        tol = TIE_RTOL * float(sample_weight.sum())
        j = int(np.argmax(edges >= edges.max() - tol))
        return Column(j, self.H), self.sub[:, j].copy()


# --- AdaBoost -------------------------------------------------------------------------

#: The standard columns of ``AdaBoost.history_``, before the learner's own.
HISTORY_COLUMNS: tuple[str, ...] = (
    "t",
    "eps",
    "gamma",
    "alpha",
    "Z",
    "train_error",
    "bound_Z",
    "bound_gamma",
    "bound_gamma_min",
    "min_margin",
    "exp_loss",
)


#: The constraint of a ``weak_learner`` parameter (``None`` means ``Stumps()``).
WEAK_LEARNER = [
    InstanceOf(
        WeakLearner, "a WeakLearner (Stumps(), Trees(depth), HypothesisMatrix(H))"
    ),
    None,
]


def _history(rows: list[dict], columns: tuple[str, ...]) -> pd.DataFrame:
    """One row per round; an empty frame still has every column."""
    if rows:
        return pd.DataFrame.from_records(rows, columns=list(columns))
    return pd.DataFrame({c: pd.Series(dtype=np.float64) for c in columns})


def _margin_error(yf: np.ndarray, negative: np.ndarray) -> float:
    """Training error from y_i f(x_i): y f < 0, or f = 0 (predicted +1) and y = −1."""
    wrong = np.count_nonzero(yf < 0.0)
    if (yf == 0.0).any():
        wrong += np.count_nonzero((yf == 0.0) & negative)
    return wrong / yf.size


def _error(scores: np.ndarray, y: np.ndarray) -> float:
    """Training error of sign(score), a score of 0 meaning +1."""
    return float(np.count_nonzero((scores >= 0.0) != (y > 0))) / y.size


@dataclass
class _Round:
    """What one boosting step found: h_t and the numbers of its history row.

    ``stop`` tells the loop to end: :attr:`StopReason.NO_EDGE` (h_t is not
    kept) or :attr:`StopReason.PERFECT` (h_t is kept, and is the last).
    """

    t: int
    h: Hypothesis
    pred: np.ndarray  # h_t(x_i) on the training points
    eps: float
    stop: StopReason | None = None
    alpha: float = 1.0  # the weight c_t of h_t in f
    log_Z: float = 0.0
    margin: np.ndarray | None = None  # α_t y_i h_t(x_i)
    log_norm: float = 0.0  # log of the actual normalizer of D_{t+1}


class _LogDistribution:
    """The AdaBoost distribution D_t, kept as log D_t, from a given D_1.

    ``w`` = D_t / max_i D_t(i) is what the weak learner receives; with
    ``keep`` every D_t is stored in ``kept``. A point with D_1(i) = 0 has
    log D_t(i) = −inf and weight 0 in every round.
    """

    def __init__(self, d1: np.ndarray, keep: bool) -> None:
        with np.errstate(divide="ignore"):  # D_1(i) = 0 gives log D_1(i) = −inf
            self.log_d = np.log(d1)
        self.w = d1 / d1.max()
        self.kept = [d1.copy()] if keep else None

    def update(self, margin: np.ndarray) -> float:
        """D_{t+1} ∝ D_t exp(−margin), normalized in log space.

        Returns the log of the normalizer (Σ_i D_t(i) exp(−margin_i)); ``w``
        comes out of the same exp.
        """
        log_d, w = self.log_d, self.w
        log_d -= margin
        a_max = float(log_d.max())
        np.subtract(log_d, a_max, out=w)
        np.exp(w, out=w)
        log_norm = a_max + math.log(float(w.sum()))
        log_d -= log_norm
        if self.kept is not None:
            self.kept.append(np.exp(log_d))
        return log_norm


class _AdaBoostHistory:
    """Running sums behind the diagnostic columns of ``AdaBoost.history_``."""

    def __init__(self, y: np.ndarray, learner_columns: tuple[str, ...]) -> None:
        self.negative = y < 0
        self.yf = np.zeros(y.shape[0])  # y_i f_t(x_i) on the training points
        self.alphas: list[float] = []
        self.rows: list[dict] = []
        self.columns = HISTORY_COLUMNS + tuple(learner_columns)
        self.log_bound_Z = self.sum_gamma2 = self.alpha_sum = 0.0
        self.log_exp_loss = 0.0
        self.gamma_min = math.inf

    def record(self, step: _Round) -> None:
        assert step.margin is not None
        t, gamma = step.t, 0.5 - step.eps
        # (1/m) Σ exp(−y f_t) is the product of the actual normalizers.
        self.log_exp_loss += step.log_norm
        self.yf += step.margin
        self.alpha_sum += step.alpha
        self.log_bound_Z += step.log_Z
        self.sum_gamma2 += gamma * gamma
        self.gamma_min = min(self.gamma_min, gamma)
        self.alphas.append(step.alpha)
        self.rows.append(
            {
                "t": t,
                "eps": step.eps,
                "gamma": gamma,
                "alpha": step.alpha,
                "Z": math.exp(step.log_Z),
                "train_error": _margin_error(self.yf, self.negative),
                "bound_Z": math.exp(self.log_bound_Z),
                "bound_gamma": math.exp(-2.0 * self.sum_gamma2),
                "bound_gamma_min": math.exp(-2.0 * self.gamma_min**2 * t),
                "min_margin": float(self.yf.min()) / self.alpha_sum,
                "exp_loss": math.exp(self.log_exp_loss),
                **step.h.params(),
            }
        )

    def frame(self) -> pd.DataFrame:
        return _history(self.rows, self.columns)


class _MajorityHistory:
    """The columns of ``MajorityBoost.history_`` and the running vote count."""

    def __init__(self, y: np.ndarray, learner_columns: tuple[str, ...]) -> None:
        self.y = y
        self.votes = np.zeros(y.shape[0])
        self.rows: list[dict] = []
        self.columns = ("t", "eps", "edge", "majority_error", *learner_columns)

    def record(self, step: _Round) -> None:
        self.votes += step.pred
        self.rows.append(
            {
                "t": step.t,
                "eps": step.eps,
                "edge": 0.5 - step.eps,
                "majority_error": _error(self.votes, self.y),
                **step.h.params(),
            }
        )

    def frame(self) -> pd.DataFrame:
        return _history(self.rows, self.columns)


class _Ensemble(ClassifierMixin, BaseEstimator):
    """The boosting loop and the prediction f(x) = Σ_t c_t h_t(x) they share."""

    _fitted_attribute = "learners_"

    learners_: list[Hypothesis]

    def _weights(self) -> np.ndarray:
        raise NotImplementedError

    def _boosting_loop(
        self,
        n_rounds: int,
        boost: Callable[[int], _Round],
        record: Callable[[_Round], None],
    ) -> tuple[list[Hypothesis], StopReason]:
        """Rounds t = 1, …, n_rounds of ``boost(t)``, with the early exits.

        A round whose step reports no edge ends the loop before its
        hypothesis is kept (with a :class:`NoEdgeWarning`); a perfect round
        is kept and ends it.

        Returns
        -------
        learners : list of Hypothesis
            h_1, …, h_T for the T rounds kept.
        stop : StopReason
        """
        learners: list[Hypothesis] = []
        for t in range(1, n_rounds + 1):
            step = boost(t)
            if step.stop is StopReason.NO_EDGE:
                warnings.warn(
                    f"{type(self).__name__} stopped at round {t}: the weak learner's "
                    f"best hypothesis has weighted error eps_t = {step.eps:.12g} >= "
                    f"1/2 (no edge) and was not added; {t - 1} round(s) kept.",
                    NoEdgeWarning,
                    stacklevel=3,
                )
                return learners, StopReason.NO_EDGE
            learners.append(step.h)
            record(step)
            if step.stop is StopReason.PERFECT:
                return learners, StopReason.PERFECT
        return learners, StopReason.N_ROUNDS

    def decision_function(self, X: object) -> np.ndarray:
        """f(x) = Σ_t c_t h_t(x) for every row of X (see the class for c_t).

        Positive values vote for ``classes_[1]``.
        """
        X = self._check_X(X)
        out = np.zeros(X.shape[0])
        for c, h in zip(self._weights(), self.learners_, strict=True):
            out += c * h.predict(X)
        return out

    def staged_decision_function(self, X: object) -> np.ndarray:
        """f_t(x) after every round: an array of shape (n_rounds_, n_samples).

        Row t−1 holds f_t = Σ_{s≤t} c_s h_s; the last row equals
        :meth:`decision_function`. It takes n_rounds_ · n_samples floats of
        memory.
        """
        X = self._check_X(X)
        out = np.zeros((len(self.learners_), X.shape[0]))
        running = np.zeros(X.shape[0])
        for t, (c, h) in enumerate(zip(self._weights(), self.learners_, strict=True)):
            running += c * h.predict(X)
            out[t] = running
        return out


class AdaBoost(_Ensemble):
    """AdaBoost (Freund & Schapire 1997) as in the UML notes and Mohri, Boosting.

    D_1 uniform (or given: ``fit(X, y, sample_weight)``); round t takes the
    weak learner's h_t of smallest weighted error
    ε_t = Pr_{i∼D_t}[h_t(x_i) ≠ y_i], sets α_t = ½ ln((1 − ε_t)/ε_t) and
    D_{t+1}(i) = D_t(i) exp(−α_t y_i h_t(x_i)) / Z_t with
    Z_t = 2 √(ε_t (1 − ε_t)); the classifier is sign(f_T), f_T = Σ_t α_t h_t.

    Parameters
    ----------
    weak_learner : WeakLearner or None, default=None
        :class:`Stumps`, :class:`Trees` or :class:`HypothesisMatrix`
        (``None`` means ``Stumps()``).
    n_rounds : int ≥ 1, default=100
        T, the largest number of rounds.
    keep_distributions : bool, default=False
        Store every D_t in ``distributions_`` (memory (T + 1) · m floats).

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The labels of the classes −1 and +1 (``[-1.0, 1.0]`` for labels in
        {−1, +1}); the lecture formulas below use y_i ∈ {−1, +1}.
    alphas_ : ndarray of shape (n_rounds_,)
        α_1, …, α_T (all > 0).
    learners_ : list of Hypothesis
        h_1, …, h_T.
    n_rounds_ : int
        Rounds kept (≤ ``n_rounds``).
    stop_reason_ : StopReason
        ``"n_rounds"``, ``"perfect"`` (ε_t = 0) or ``"no_edge"`` (ε_t ≥ ½).
    history_ : pandas.DataFrame
        One row per kept round t, with columns

        - ``t``; ``eps`` ε_t; ``gamma`` γ_t = ½ − ε_t; ``alpha`` α_t;
          ``Z`` Z_t = 2√(ε_t(1 − ε_t));
        - ``train_error`` of sign(f_t) on the training set;
        - ``bound_Z`` Π_{s≤t} Z_s; ``bound_gamma`` exp(−2 Σ_{s≤t} γ_s²);
          ``bound_gamma_min`` exp(−2 γ² t) with γ = min_{s≤t} γ_s (claim B1);
        - ``min_margin`` min_i y_i f_t(x_i) / ‖α‖₁, the L1 margin of the
          sample (α = (α_1, …, α_t));
        - ``exp_loss`` (1/m) Σ_i exp(−y_i f_t(x_i)), the objective of which
          AdaBoost is coordinate descent (claim B4); it equals Π_{s≤t} Z_s up
          to rounding (Σ_i D_1(i) exp(−y_i f_t(x_i)) for a given D_1);
        - the weak learner's own columns (``WeakLearner.columns``): stumps
          ``feature, threshold, polarity``; trees ``n_leaves, root_feature,
          root_threshold``; hypothesis matrices ``column``.
    distributions_ : ndarray of shape (n_rounds_ + 1, m) or None
        Row t−1 is D_t (row n_rounds_ is the distribution a further round
        would use); ``None`` unless ``keep_distributions``.
    weak_learner_ : WeakLearner
    n_features_in_ : int

    Notes
    -----
    *Log space.* The weights are kept as log D_t and renormalized with a
    log-sum-exp each round, so that no weight underflows to 0 however many
    rounds are run; the weak learner receives D_t / max_i D_t(i).

    *ε_t = 0* (h_t makes no training mistake). The weight ½ ln((1 − ε)/ε) is
    infinite, so h_t is added with the weight it would have at ε̃ = 1/(4m²),
    α_t = ½ ln((1 − ε̃)/ε̃) ≈ ln(2m), and the row records ``eps`` = ε̃ (so
    ``gamma``, ``alpha``, ``Z`` and the bounds follow the formulas above and
    stay finite). This α_t is large enough for sign(f_t) to classify every
    training point correctly whatever came before: the training error is at
    most Π_{s<t} Z_s · exp(−α_t) < 1/m, hence 0. With a given D_1, ε_t = 0
    means no mistake on a point of positive D_1(i), and ε̃ = d²/4 with d the
    smallest positive D_1(i) (1/(4m²) again for uniform D_1): the error
    weighted by D_1 is then below d, so every point of positive weight is
    classified correctly (points of weight 0 may not be). Fitting then stops with
    ``stop_reason_ = "perfect"``: the update would multiply every weight by
    the same factor, so D_{t+1} = D_t (the last row of ``distributions_``)
    and claims B2 and B3 do not apply to that round.

    *ε_t ≥ ½* (no edge; in practice γ_t ≤ 1e-12, e.g. XOR with stumps, or
    h_{t−1} again, whose error under D_t is exactly ½). Then α_t ≤ 0 would
    not help: h_t is not added, a :class:`NoEdgeWarning` is issued and
    fitting stops with ``stop_reason_ = "no_edge"``. With no round kept,
    f ≡ 0 and every point is predicted ``classes_[1]``.

    *Structure.* As in scikit-learn's ``AdaBoostClassifier``, :meth:`fit` is
    a loop (shared with :class:`MajorityBoost`) around one boosting step,
    :meth:`_boost`, which finds h_t, its error and weight and updates D; the
    loop holds the two early exits above, and a history recorder keeps the
    running sums behind the columns of ``history_``.

    *Margins.* Since every α_t > 0, ‖α‖₁ = Σ_t α_t.

    *A given D_1* (``sample_weight``). The update is the same, so
    D_{t+1}(i) = D_1(i) exp(−y_i f_t(x_i)) / Π_{s≤t} Z_s and claims B1–B4
    hold with the training error weighted by D_1. Rudin, Daubechies and
    Schapire (2004) start AdaBoost from such a D_1 to put it on a cycle
    (claim B15).

    References
    ----------
    Y. Freund and R. E. Schapire. A decision-theoretic generalization of
    on-line learning and an application to boosting. JCSS 55(1), 1997.

    C. Rudin, I. Daubechies and R. E. Schapire. The dynamics of AdaBoost:
    cyclic behavior and convergence of margins. JMLR 5:1557–1595, 2004.

    Examples
    --------
    >>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
    >>> y = [1, 1, -1, -1, 1, 1]
    >>> model = AdaBoost(n_rounds=3).fit(X, y)
    >>> model.predict(X).tolist()
    [1.0, 1.0, -1.0, -1.0, 1.0, 1.0]
    >>> model.history_["train_error"].tolist()
    [0.3333333333333333, 0.3333333333333333, 0.0]
    >>> AdaBoost(n_rounds=3).fit(X, ["b", "b", "a", "a", "b", "b"]).predict(X).tolist()
    ['b', 'b', 'a', 'a', 'b', 'b']
    """

    _parameter_constraints = {
        "weak_learner": WEAK_LEARNER,
        "n_rounds": [Interval("int", 1, None, closed="left")],
        "keep_distributions": [Boolean()],
    }

    def __init__(
        self,
        *,
        weak_learner: WeakLearner | None = None,
        n_rounds: int = 100,
        keep_distributions: bool = False,
    ) -> None:
        self.weak_learner = weak_learner
        self.n_rounds = n_rounds
        self.keep_distributions = keep_distributions

    def _weights(self) -> np.ndarray:
        return self.alphas_

    def fit(self, X: object, y: object, sample_weight: object = None) -> AdaBoost:
        """Run at most ``n_rounds`` rounds of AdaBoost on (X, y).

        Parameters
        ----------
        X : array-like of shape (m, n)
            (m, 1) row indices for a :class:`HypothesisMatrix`.
        y : array-like of shape (m,)
            Two class labels (see ``classes_``).
        sample_weight : array-like of shape (m,), optional
            The initial distribution D_1 ∝ ``sample_weight`` (finite, ≥ 0, not
            all 0); default uniform, D_1(i) = 1/m. Points of weight 0 keep
            weight 0 in every round (the updates are multiplicative), so the
            weak learner never sees them, but they still count in
            ``train_error`` and ``min_margin``.

        Returns
        -------
        self
        """
        self._validate_params()
        X, y = self._validate_data(X, y)
        m = X.shape[0]
        if sample_weight is None:
            d1 = np.full(m, 1.0 / m)
        else:
            w = _check_weights(sample_weight, m)
            d1 = w / w.sum()
        learner = self.weak_learner if self.weak_learner is not None else Stumps()
        search = learner.prepare(X, y)
        D = _LogDistribution(d1, bool(self.keep_distributions))
        history = _AdaBoostHistory(y, tuple(learner.columns))
        eps_floor = _perfect_eps(d1)
        learners, stop = self._boosting_loop(
            int(self.n_rounds),
            lambda t: self._boost(t, D, search, y, eps_floor),
            history.record,
        )
        self.weak_learner_ = learner
        self.alphas_ = np.asarray(history.alphas, dtype=np.float64)
        self.learners_ = learners
        self.n_rounds_ = len(learners)
        self.stop_reason_ = stop
        self.history_ = history.frame()
        self.distributions_ = np.vstack(D.kept) if D.kept is not None else None
        return self

    def _boost(
        self,
        t: int,
        D: _LogDistribution,
        search: WeakSearch,
        y: np.ndarray,
        eps_floor: float,
    ) -> _Round:
        """One round of AdaBoost: h_t, ε_t, α_t, Z_t, and D_t → D_{t+1}.

        Parameters
        ----------
        t : int
            The round, from 1.
        D : _LogDistribution
            D_t, updated in place to D_{t+1} unless h_t has no edge.
        search : WeakSearch
        y : ndarray of shape (m,)
            Labels in {−1.0, +1.0}.
        eps_floor : float
            ε̃, the error recorded for a round with ε_t = 0 (:func:`_perfect_eps`).

        Returns
        -------
        _Round
            ``stop`` is ``NO_EDGE`` when ε_t ≥ ½ (D unchanged) and ``PERFECT``
            when ε_t = 0 (then ``eps`` is ε̃; see the class Notes).
        """
        h, pred = search.best(D.w)
        yh = y * pred
        miss = (yh < 0).astype(np.float64)
        w_total = float(D.w.sum())
        w_miss = _dot(D.w, miss)
        stop = None
        if w_miss > 0.0:
            log_eps = math.log(w_miss) - math.log(w_total)
        elif miss.any():  # the missed weights underflowed in w, not in log D
            log_eps = _logsumexp(D.log_d[miss > 0])  # −inf: all had D_1(i) = 0
        else:
            log_eps = -math.inf
        if log_eps == -math.inf:  # ε_t = 0
            stop = StopReason.PERFECT
            eps = eps_floor
            log_eps, log_hit = math.log(eps), math.log1p(-eps)
        else:
            eps = w_miss / w_total if w_miss > 0.0 else math.exp(log_eps)
            if eps >= 0.5 - NO_EDGE_TOL:
                return _Round(t, h, pred, eps, stop=StopReason.NO_EDGE)
            log_hit = math.log(w_total - w_miss) - math.log(w_total)
        alpha = 0.5 * (log_hit - log_eps)
        log_Z = math.log(2.0) + 0.5 * (log_eps + log_hit)
        yh *= alpha  # α_t y_i h_t(x_i)
        log_norm = D.update(yh)
        return _Round(t, h, pred, eps, stop, alpha, log_Z, yh, log_norm)

    def decision_function(self, X: object) -> np.ndarray:
        """f_T(x) = Σ_t α_t h_t(x) for every row of X (0 if no round was kept).

        Positive values vote for ``classes_[1]``.
        """
        return super().decision_function(X)

    def margins(self, X: object, y: object) -> np.ndarray:
        """L1 margins y_i f_T(x_i) / ‖α‖₁ in [−1, 1] (0 if no round was kept).

        Parameters
        ----------
        X : array-like of shape (m, n)
        y : array-like of shape (m,)
            Labels among ``classes_`` (encoded −1 and +1).

        Returns
        -------
        ndarray of shape (m,)
        """
        f = self.decision_function(X)
        y = self._encode_known(y, f.shape[0])
        norm = float(np.abs(self.alphas_).sum())
        return y * f / norm if norm > 0 else np.zeros_like(f)


def _logsumexp(a: np.ndarray) -> float:
    """log Σ exp(a_i); −inf when every a_i is −inf."""
    a_max = float(a.max())
    if a_max == -math.inf:
        return -math.inf
    return a_max + math.log(float(np.exp(a - a_max).sum()))


def _perfect_eps(d1: np.ndarray) -> float:
    """ε̃ = d²/4 with d = min_{i: D_1(i) > 0} D_1(i): 1/(4m²) for uniform D_1.

    Then e^{−α} = √(ε̃/(1 − ε̃)) < d, which makes a round with ε_t = 0 classify
    every point of positive D_1 correctly (see the Notes of :class:`AdaBoost`).
    """
    positive = d1[d1 > 0.0]
    if (positive == positive[0]).all():  # uniform on its support: d = 1/k
        k = positive.size
        return 1.0 / (4.0 * k * k)
    d = float(positive.min())
    return 0.25 * d * d


# --- boosting by multiplicative weights (Mądry 2012) ----------------------------------


class MajorityBoost(_Ensemble):
    """Boosting by multiplicative weights with a majority vote (Mądry 2012, Thm 1).

    One expert per training example, weights v_j starting at 1, ε = γ. Round
    t draws p^t = v / Σ v, asks the weak learner for the h^t of smallest
    weighted error under p^t, gives example j the loss l_j^t = 1 if
    h^t(x_j) = y_j and 0 otherwise, and updates v_j ← v_j (1 − ε)^{l_j^t}:
    correctly classified examples lose weight. After
    T = ⌈4/γ² ln(1/ν)⌉ rounds the classifier is the unweighted majority
    h_f(x) = +1 if at least half of h^1(x), …, h^T(x) are +1, else −1.

    If every h^t has edge Pr_{p^t}[h^t(x) = y] − ½ ≥ γ (the family is
    γ-weak), h_f misclassifies at most a fraction ν of the training points
    (claim B10); ``min_edge_`` and ``train_error_`` report what happened.

    Parameters
    ----------
    gamma : float in (0, ½), default=0.1
        The assumed edge γ; also the MWU rate ε.
    nu : float in (0, 1), default=0.1
        The target fraction ν of training mistakes.
    weak_learner : WeakLearner or None, default=None
        ``None`` means ``Stumps()``.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The labels of the classes −1 and +1.
    n_rounds_ : int
        T = ⌈4/γ² ln(1/ν)⌉ (:func:`kernelboost.bounds.mwu_rounds`).
    learners_ : list of Hypothesis
        h^1, …, h^T.
    history_ : pandas.DataFrame
        One row per round: ``t``, ``eps`` (weighted error of h^t under p^t),
        ``edge`` (½ − eps), ``majority_error`` (training error of the
        majority of h^1, …, h^t), then the weak learner's columns.
    min_edge_ : float
        min_t edge: the γ the weak learner actually delivered.
    weak_learning_held_ : bool
        ``min_edge_ >= gamma`` (up to 1e-12): the theorem's hypothesis.
    train_error_ : float
        Fraction of training points misclassified by h_f.
    n_features_in_ : int

    Notes
    -----
    The weights are kept as logarithms, so long runs do not underflow.
    :meth:`decision_function` returns the vote count Σ_t h^t(x), an integer
    in [−T, T] (so a tie is exactly 0 and :meth:`predict` maps it to
    ``classes_[1]``). :meth:`fit` runs the boosting loop of :class:`AdaBoost`
    around its own step (:meth:`_boost`) and recorder.

    Examples
    --------
    >>> X = [[0.0], [1.0], [2.0], [3.0]]
    >>> model = MajorityBoost(gamma=0.25, nu=0.25).fit(X, [-1, -1, 1, 1])
    >>> model.n_rounds_, model.train_error_
    (89, 0.0)
    """

    _parameter_constraints = {
        "gamma": [Interval("float", 0.0, 0.5)],
        "nu": [Interval("float", 0.0, 1.0)],
        "weak_learner": WEAK_LEARNER,
    }

    def __init__(
        self,
        *,
        gamma: float = 0.1,
        nu: float = 0.1,
        weak_learner: WeakLearner | None = None,
    ) -> None:
        self.gamma = gamma
        self.nu = nu
        self.weak_learner = weak_learner

    def _weights(self) -> np.ndarray:
        return np.ones(len(self.learners_))  # integer vote counts: ties are exact

    def fit(self, X: object, y: object) -> MajorityBoost:
        """Run the T = ⌈4/γ² ln(1/ν)⌉ rounds on (X, y).

        Parameters
        ----------
        X : array-like of shape (m, n)
        y : array-like of shape (m,)
            Two class labels (see ``classes_``).

        Returns
        -------
        self
        """
        self._validate_params()
        X, y = self._validate_data(X, y)
        gamma = float(self.gamma)
        learner = self.weak_learner if self.weak_learner is not None else Stumps()
        search = learner.prepare(X, y)
        T = mwu_rounds(gamma, float(self.nu))
        log_v = np.zeros(X.shape[0])  # log of the expert weights v_j
        log_keep = math.log1p(-gamma)  # log(1 − ε), the factor of a loss of 1
        history = _MajorityHistory(y, tuple(learner.columns))
        learners, _ = self._boosting_loop(
            T, lambda t: self._boost(t, log_v, log_keep, search, y), history.record
        )
        self.weak_learner_ = learner
        self.learners_ = learners
        self.n_rounds_ = T
        self.history_ = history.frame()
        self.min_edge_ = float(self.history_["edge"].min())
        self.weak_learning_held_ = self.min_edge_ >= gamma - 1e-12
        self.train_error_ = _error(history.votes, y)
        return self

    def _boost(
        self,
        t: int,
        log_v: np.ndarray,
        log_keep: float,
        search: WeakSearch,
        y: np.ndarray,
    ) -> _Round:
        """One round: p^t = v/Σv, h^t, and v_j ← v_j (1 − ε) where h^t is right.

        ``log_v`` is updated in place; the round never stops the loop (the
        theorem runs all T rounds).
        """
        w = np.exp(log_v - log_v.max())
        h, pred = search.best(w)
        correct = pred == y
        eps = float(w[~correct].sum()) / float(w.sum())
        log_v[correct] += log_keep
        return _Round(t, h, pred, eps)
