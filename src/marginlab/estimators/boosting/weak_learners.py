"""The weak learners: exact searches for the hypothesis of smallest weighted error.

One protocol (:class:`WeakLearner`): ``prepare(X, y)`` does the work that does
not depend on the weights once per boosting fit and returns a
:class:`WeakSearch`, whose ``best(sample_weight)`` returns the hypothesis of
smallest weighted error with its ±1 predictions on the training points.
:class:`Stumps` (presorted, exact), :class:`Trees` (greedy, a given depth, by
weighted error, Gini impurity or entropy; grown in :mod:`.trees`),
:class:`HypothesisMatrix` (a finite class given by its predictions). Ties go
to the hypothesis that comes first in a fixed order; weighted errors (a
tree's split criteria) within ``TIE_RTOL · Σ_i w_i`` of the smallest count as
ties.

The claims atlas runs the search of :class:`Stumps` in the page, as
``pipeline/site/assets/boost.js`` (its twin, a port step for step, which
``tests/js/boost.test.mjs`` checks against golden traces of the library). A
change of a step must be made in both, and the goldens written again:
``python tests/js/make_golden.py``.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass

import numpy as np

from ...core.contract.base import (
    NO_VALIDATION,
    InstanceOf,
    Interval,
    Options,
    Parameterized,
)
from ...core.contract.validation import check_array, check_labels
from .trees import CRITERIA, Criterion, PresortedTrees, descend

#: Weighted errors within this fraction of the total weight count as ties.
TIE_RTOL = 1e-12


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

    #: Whether :meth:`prepare` takes K > 2 classes, coded 0.0, …, K − 1, and
    #: its hypotheses predict those codes (AdaBoost.M1); otherwise the labels
    #: are ±1 only.
    multiclass: bool = False

    #: Whether the hypotheses are given by their predictions on the training
    #: rows (:class:`HypothesisMatrix`): then y ≡ +1 states the margin matrix
    #: M_ij = y_i h_j(x_i) itself, the game form of boosting, and AdaBoost
    #: accepts labels of one class, which it refuses otherwise.
    margin_matrix: bool = False

    @abstractmethod
    def prepare(self, X: np.ndarray, y: np.ndarray) -> WeakSearch:
        """Precompute what does not depend on the weights (once per boosting fit).

        Parameters
        ----------
        X : ndarray of shape (m, n)
            Validated training inputs (float64, finite).
        y : ndarray of shape (m,)
            Labels in {−1.0, +1.0}; for a :attr:`multiclass` learner also the
            class codes 0.0, …, K − 1 of a K-class problem (its hypotheses
            then predict codes).
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

    Attributes
    ----------
    n_presorted : int
        Values sorted when the search was built: N·m, N sorts of m values,
        O(N m log m) (the presort of Mohri, Boosting, 'Standard Use in
        Practice'; claim B11).
    n_scanned : int
        Partial sums S_k formed by the calls of :meth:`best` so far: the size
        B·N·nb of the prefix-sum table, ≥ N(m − 1) (padding included), per
        call, so O(m N) per round.
    """

    def __init__(self, X: np.ndarray, y: np.ndarray) -> None:
        m, N = X.shape
        self.m, self.N = m, N
        self.n_presorted = m * N
        self.n_scanned = 0
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
        # All such features are handled at once: one gather of their sorted
        # weights, one reduceat over every run (the runs of each feature in
        # order, so each run's sum is the one a per-feature reduceat forms),
        # and two scatters into the table.
        same = self.xs[:, :-1] == self.xs[:, 1:]
        p = np.arange(n)
        gather, starts, clear, put = [], [], [], []
        size = 0
        for f in np.flatnonzero(same.any(axis=1)):
            ends = np.flatnonzero(~same[f])  # last positions of runs, ≤ m−2
            where = (p % B) * (N * nb) + f * nb + p // B
            clear.append(where)
            if ends.size:
                gather.append(order[f, : ends[-1] + 1])
                starts.append(size + np.concatenate(([0], ends[:-1] + 1)))
                put.append(where[ends])
                size += int(ends[-1]) + 1
        self.has_dups = bool(clear)

        def flat(parts: list[np.ndarray]) -> np.ndarray:
            return (
                np.concatenate(parts).astype(np.intp) if parts else np.empty(0, np.intp)
            )

        self.dup_gather, self.dup_starts = flat(gather), flat(starts)
        self.dup_clear, self.dup_put = flat(clear), flat(put)

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
        self.n_scanned += G.size
        np.multiply(w, self.y, out=s[: self.m])
        np.take(s, self.idx, out=G, mode="clip")  # unbuffered
        if self.has_dups:
            flat = G.reshape(-1)
            flat[self.dup_clear] = 0.0
            if self.dup_put.size:
                runs = np.add.reduceat(s[self.dup_gather], self.dup_starts)
                flat[self.dup_put] = runs
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


class Tree(Hypothesis):
    """A binary tree of axis-aligned splits x[feature] ≤ threshold (go left).

    Node arrays as in scikit-learn: ``feature[k] = -1`` marks a leaf whose
    label is ``value[k]``; the root is node 0, and :class:`Trees` numbers the
    nodes in preorder (a node, its left subtree, its right subtree).
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
        return descend(
            self.feature,
            self.threshold,
            self.left,
            self.right,
            self.value,
            np.asarray(X, dtype=np.float64),
        )

    def params(self) -> dict[str, int | float]:
        root_is_leaf = self.feature[0] < 0
        return {
            "n_leaves": self.n_leaves,
            "root_feature": int(self.feature[0]),
            "root_threshold": -math.inf if root_is_leaf else float(self.threshold[0]),
        }


class Trees(Parameterized, WeakLearner):
    """Greedy decision trees of depth ≤ ``depth`` under the weights D_t.

    Every node takes the axis-aligned split "x_j ≤ θ goes left" (feature j,
    threshold θ midway between consecutive distinct values of x_j among the
    node's points) that minimizes a criterion of its two children L and R.
    With W₊ and W₋ the weights of the two classes on one side, W = W₊ + W₋
    and p = W₊/W, the criteria are

    - ``"error"``: the weighted error of the children labelled by their
      weighted majority, min(W₊ᴸ, W₋ᴸ) + min(W₊ᴿ, W₋ᴿ);
    - ``"gini"``: the weighted Gini impurity Wᴸ G(pᴸ) + Wᴿ G(pᴿ), with
      G(p) = 1 − p² − (1 − p)² = 2p(1 − p);
    - ``"entropy"``: the weighted entropy Wᴸ H(pᴸ) + Wᴿ H(pᴿ), with
      H(p) = −p log₂ p − (1 − p) log₂(1 − p) (0 log 0 = 0). Minimizing it
      maximizes the information gain W H(p) − Wᴸ H(pᴸ) − Wᴿ H(pᴿ) of the
      node, C4.5's gain with the cases weighted by D_t.

    All three are homogeneous of degree 1 in the weights, so D_t and any
    multiple of it (AdaBoost passes D_t / max_i D_t(i)) grow the same tree,
    up to rounding.
    Ties go to the lowest feature, then the lowest threshold: criteria
    within ``1e-12 · Σ_i w_i`` (all training points) of a node's smallest
    are ties.

    A node becomes a leaf at depth ``depth``, when it is pure under the
    weights (one class has weight 0), or when its points cannot be split
    (every feature is constant on them). Otherwise it splits, under every
    criterion, even when no split lowers the criterion below the node's own
    (W min(p, 1 − p), W G(p), W H(p)), as scikit-learn's trees do with
    ``min_impurity_decrease=0``. Under ``"error"`` that happens whenever both
    children keep the node's majority label; under ``"gini"`` and
    ``"entropy"``, which are strictly concave, only when every split leaves
    both children with the node's class proportions, as at the root of XOR.
    Either way the split may help deeper down: a depth-2 tree solves XOR
    under each criterion (claim B8), which no stump does. Leaf labels are
    the weighted majority, +1 on a tie, whatever the criterion, so two
    sibling leaves may carry the same label. A tree has at most 2^depth
    leaves. The search is greedy (exact at each node), not a search over
    all trees of that depth.

    Parameters
    ----------
    depth : int ≥ 1, default=2
    criterion : {"error", "gini", "entropy"}, default="error"

    Notes
    -----
    *Not C4.5.* Schapire, Freund, Bartlett and Lee (1998, Fig. 1) boost
    Quinlan's C4.5, which these trees follow only in the information gain.
    C4.5 ranks tests by the gain ratio (the gain divided by the split
    information, among tests of at least average gain), splits a nominal
    attribute into one branch per value, puts a numeric threshold at a
    training value, wants at least two cases in two branches, and grows a
    full tree that it then prunes by pessimistic error estimates. Here all
    splits are binary and axis-aligned on numeric features, at midpoints,
    by the plain gain (no gain ratio), with no minimum leaf size and no
    pruning: the depth bound limits the tree instead.

    *Search.* :meth:`prepare` sorts every feature once, stably (O(N m log
    m)); each round grows its tree by partitioning the sorted index lists
    down the tree, each child's list the stable sub-sequence of its
    parent's, and scans each node once per feature with prefix sums of the
    class weights, so a round costs O(N m · depth) and sorts nothing
    (:mod:`.trees`, compiled by numba at the first fit). The trees are the
    same, split for split, as a plain search over every feature and every
    midpoint at every node; for ``"entropy"`` a lower bound skips the
    logarithms of splits that cannot be the best (same trees).

    References
    ----------
    J. R. Quinlan. *C4.5: Programs for Machine Learning.* Morgan Kaufmann,
    1993.

    L. Breiman, J. Friedman, R. Olshen and C. Stone. *Classification and
    Regression Trees.* Wadsworth, 1984 (the Gini impurity).

    R. E. Schapire, Y. Freund, P. Bartlett and W. S. Lee. Boosting the
    margin: a new explanation for the effectiveness of voting methods.
    Annals of Statistics 26(5):1651–1686, 1998.

    Examples
    --------
    >>> X = [[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]]
    >>> tree = Trees(depth=2).fit(X, [1, -1, 1, -1])
    >>> tree.predict(X).tolist()
    [1.0, -1.0, 1.0, -1.0]
    >>> Trees(depth=2, criterion="entropy").fit(X, [1, -1, 1, -1]).n_leaves
    4
    """

    columns = ("n_leaves", "root_feature", "root_threshold")
    _parameter_constraints = {
        "depth": [Interval("int", 1, None, closed="left")],
        "criterion": [Options(tuple(CRITERIA))],
    }

    def __init__(self, *, depth: int = 2, criterion: Criterion = "error") -> None:
        self.depth = depth
        self.criterion = criterion

    def __repr__(self) -> str:
        shown = f"depth={self.depth!r}"
        if self.criterion != "error":
            shown += f", criterion={self.criterion!r}"
        return f"Trees({shown})"

    def prepare(self, X: np.ndarray, y: np.ndarray) -> WeakSearch:
        self._validate_params()
        return _TreeSearch(PresortedTrees(X, y, int(self.depth), self.criterion))


class _TreeSearch(WeakSearch):
    """One tree per call of :meth:`best`, grown on the presorted training set.

    Attributes
    ----------
    n_presorted : int
        Values sorted when the search was built (N·m), and never again.
    """

    def __init__(self, presorted: PresortedTrees) -> None:
        self.presorted = presorted
        self.n_presorted = presorted.n_presorted

    def best(self, sample_weight: np.ndarray) -> tuple[Hypothesis, np.ndarray]:
        tol = TIE_RTOL * float(sample_weight.sum())
        grown = self.presorted.grow(sample_weight, tol)
        tree = Tree(
            grown.feature, grown.threshold, grown.left, grown.right, grown.value
        )
        return tree, grown.predictions


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
    margin_matrix = True
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


#: The constraint of a ``weak_learner`` parameter (``None`` means ``Stumps()``).
WEAK_LEARNER = [
    InstanceOf(
        WeakLearner, "a WeakLearner (Stumps(), Trees(depth=2), HypothesisMatrix(H))"
    ),
    None,
]
