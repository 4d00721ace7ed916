"""K-class weighted decision trees as weak learners: C4.5 and best-first CART.

The weak learners of the two boosting experiments that use full decision
trees on many classes:

- :class:`C45Trees` — Quinlan's C4.5 (release 8) on numeric features: a
  tree grown by gain ratio with the MDL correction of thresholds, then
  pruned by pessimistic error estimates. Schapire, Freund, Bartlett and Lee
  (1998, Fig. 1) boost C4.5 on the 26-class letter data.
- :class:`BestFirstTrees` — CART trees with a fixed number of leaves, grown
  best first by Gini impurity, as Breiman (1999) and Reyzin and Schapire
  (2006) boost them in the comparison of arc-gv with AdaBoost.

Both follow the :class:`~.weak_learners.WeakLearner` protocol with
``multiclass = True``: the classes are ``numpy.unique(y)`` (±1 in a binary
problem, the codes 0, …, K − 1 in a K-class one), and the hypotheses
(:class:`MulticlassTree`) predict those labels. Features are sorted once
per ``prepare``; each round grows its tree by partitioning the sorted
lists down the tree (:mod:`.multiclass_trees`) and C4.5's trees are pruned
bottom-up (:mod:`.pruning`).
"""

from __future__ import annotations

import numpy as np

from ...core.contract.base import Boolean, Interval, Options, Parameterized
from ...core.contract.validation import check_X_y
from .multiclass_trees import IMPURITIES, GrownTree, Impurity, PresortedClasses
from .pruning import collapse_and_prune
from .weak_learners import (
    TIE_RTOL,
    Hypothesis,
    Tree,
    WeakLearner,
    WeakSearch,
    _check_weights,
)

__all__ = ["BestFirstTrees", "C45Trees", "MulticlassTree"]


class MulticlassTree(Tree):
    """A tree of axis-aligned splits whose leaves carry class labels.

    As :class:`~.weak_learners.Tree` (``value[k]`` is the label of leaf k,
    one of the training set's classes), with the depth of the tree: the
    number of splits on its longest root-to-leaf path (0 for a single leaf).
    """

    def __init__(
        self,
        feature: np.ndarray,
        threshold: np.ndarray,
        left: np.ndarray,
        right: np.ndarray,
        value: np.ndarray,
        depth: int,
    ) -> None:
        super().__init__(feature, threshold, left, right, value)
        self.depth = depth

    def __repr__(self) -> str:
        return (
            f"MulticlassTree(n_nodes={self.feature.size}, "
            f"n_leaves={self.n_leaves}, depth={self.depth}, "
            f"root_feature={int(self.feature[0])})"
        )

    def params(self) -> dict[str, int | float]:
        return {"n_leaves": self.n_leaves, "depth": self.depth, **super().params()}


def _hypothesis(grown: GrownTree, classes: np.ndarray) -> MulticlassTree:
    return MulticlassTree(
        grown.feature,
        grown.threshold,
        grown.left,
        grown.right,
        classes[grown.label].astype(np.float64),
        grown.depth,
    )


def _positive_weights(sample_weight: np.ndarray, m: int) -> tuple[np.ndarray, float]:
    """The weights as float64 and their sum, which must be positive."""
    w = np.asarray(sample_weight, dtype=np.float64)
    if w.shape != (m,):
        raise ValueError(f"sample_weight has shape {w.shape}; expected ({m},).")
    total = float(w.sum())
    if not total > 0.0:
        raise ValueError("sample_weight sums to 0: at least one weight must be > 0.")
    return w, total


class _ClassTrees(Parameterized, WeakLearner):
    """What the two K-class tree learners share: the columns and ``fit``."""

    multiclass = True
    columns = ("n_leaves", "depth", "root_feature", "root_threshold")

    def fit(self, X: object, y: object, sample_weight: object = None) -> Hypothesis:
        """The tree for the training set (X, y) under the weights.

        Parameters
        ----------
        X : array-like of shape (m, n)
        y : array-like of shape (m,)
            Numeric labels, any number of classes (the tree predicts them).
        sample_weight : array-like of shape (m,), optional
            Non-negative weights (default: uniform).

        Returns
        -------
        MulticlassTree
        """
        X, y = check_X_y(X, y)
        w = _check_weights(sample_weight, X.shape[0])
        return self.prepare(X, y).best(w)[0]


class C45Trees(_ClassTrees):
    """C4.5's decision trees (release 8) on numeric features, under case weights.

    Each call of the search grows a full tree, as C4.5 does, and prunes it.

    *Weights.* The weights are rescaled at every call to sum to m, the
    number of training points (of positive weight: a point of weight 0 is
    not a case, and has no influence at all): C4.5 counts cases, and a
    weighted case is a fractional case, C4.5's own mechanism (the weights
    of the cases whose value is unknown). So every count below — the
    node's N, the minimum number of cases on each side, the MDL cost per
    case, the errors of pruning — is a weight on the scale of m cases; the
    tree does not depend on the scale of the weights given (D_t or
    D_t / max_i D_t(i)).

    *Splits.* A node splits on x_j ≤ θ, θ midway between consecutive
    distinct values of x_j among the node's points of positive weight. With
    W_k the weight of class k at the node (K classes), W = Σ_k W_k and
    H(p) = −Σ_k p_k log₂ p_k, the gain of a split into L and R is

        gain = H(W_k/W) − (Wᴸ/W) H(Wᴸ_k/Wᴸ) − (Wᴿ/W) H(Wᴿ_k/Wᴿ)   (bits per case).

    A threshold is admissible when both sides weigh at least
    ``MinSplit = max(min_leaf, min(25, 0.1 W/K))`` (release 8's ``contin.c``:
    at least ``MINOBJS`` = ``min_leaf`` cases, and a tenth of the cases per
    class, up to 25, on either side). For each feature, the admissible
    threshold of largest gain is its candidate, and its gain is corrected
    by the cost of choosing among the T admissible thresholds of that
    feature at that node (Quinlan 1996, the MDL correction of release 8),

        gain′ = gain − log₂(T) / W.

    Among the features with gain′ > 0, those whose gain′ is at least the
    average gain′ of these features compete by the gain ratio
    gain′ / H₂(Wᴸ/W, Wᴿ/W), the split information (the entropy of the
    partition; it must exceed 10⁻³ bits, release 8's ``Worth``). The largest
    ratio wins. Ties: within a feature the lowest threshold, among features
    the lowest feature; gains within ``1e-12 · m`` bits × cases tie (a ratio
    ties with the largest when its gain′ is within that much of the gain′
    that would give it the largest ratio).

    *Growth.* A node is a leaf when it is pure under the weights, when no
    threshold is admissible (every feature is constant on the node's
    points, or the node weighs less than 2 MinSplit), or when no feature
    has a positive corrected gain. There is no depth limit; the
    nodes waiting for growth are kept on an explicit stack of m + 1
    entries, the most a path of splits can need. A leaf predicts the
    weighted majority class (the lowest label on a tie, class weights
    within ``1e-12 · m`` of each other tying). As release 8's
    ``FormTree`` does, a subtree whose leaves misclassify at least the
    weight its root would misclassify as a leaf (less 10⁻³ case) is then
    collapsed into that leaf, pruned or not.

    *Pruning* (``prune=True``; Quinlan 1993, ch. 4). A leaf of N cases
    (weight) of which E are misclassified is expected to make N·U_CF(E, N)
    errors, U_CF the upper limit of the one-sided binomial confidence
    interval at confidence CF = ``confidence``:
    P[Bin(N, U) ≤ E] = CF, i.e. U = I⁻¹(E + 1, N − E; 1 − CF) (the
    inverse regularized incomplete beta function, defined for fractional E
    and N; U = 1 when E ≥ N; U = 1 − CF^(1/N) when E = 0). Bottom-up, a
    subtree is replaced by a leaf when the leaf's estimated errors are at
    most the sum of its leaves' estimated errors + 0.1 (release 8's
    slack). The estimates of every node are computed at once, vectorized
    (:mod:`.pruning`).

    Parameters
    ----------
    min_leaf : float > 0, default=2.0
        C4.5's ``MINOBJS`` (option ``-m``): the least weight, in cases, on
        either side of a split (raised to ``MinSplit`` at large nodes).
    confidence : float in (0, 1), default=0.25
        C4.5's CF (option ``-c``, 25 %); smaller prunes more.
    prune : bool, default=True
        Prune the grown tree; ``False`` keeps C4.5's unpruned tree (still
        collapsed where a subtree does not lower the training error).

    Notes
    -----
    .. rubric:: Differences from C4.5 release 8

    - Numeric features only, each split binary (x_j ≤ θ). C4.5 also splits
      a nominal attribute into one branch per value (or value subsets with
      ``-s``); the letter data's 16 features are numeric.
    - The threshold is the midpoint θ of the two consecutive values of the
      node's points; C4.5 moves it down to the largest training value of
      the whole training set not above the midpoint. The training
      partition is the same; test points between the two values may go the
      other way (never with integer features whose every value occurs in
      training, as on the letter data).
    - U_CF is the exact binomial limit; release 8 uses a normal
      approximation with a continuity correction, a z value interpolated
      from a short table, a linear interpolation for 0 < E < 1 and
      0.67 (N − E) extra errors when E + ½ ≥ N (``stats.c``).
    - No subtree raising: release 8 may also replace a node by its largest
      branch when that branch's estimated errors are smaller.
    - No windowing (``-t``; release 8 grows one tree from all the cases by
      default, as here) and no soft thresholds (``-p``).
    - The weights are rescaled at every call to sum to m; C4.5 reads its
      cases with weight 1 each and gives fractional weights only to cases
      with unknown values (there are none here).
    - Double precision throughout, with ties decided within a relative
      tolerance (lowest feature, lowest threshold); release 8 computes in
      single precision and lets the first of equal values win, compares
      ``gain′ ≥ average − 10⁻³`` with an absolute slack, and treats values
      within 10⁻⁵ of each other as equal.
    - Points of weight 0 are ignored (no threshold is placed between them
      and a point of positive weight, and they are not counted among the
      candidate thresholds); C4.5 has no such cases.
    - The majority label of a leaf is the lowest class on a tie (within
      the tolerance); release 8 keeps the first class of largest count
      too, exactly, but in pruning prefers the label the leaf already had.

    *Search.* :meth:`prepare` sorts every feature once (O(N m log m)); each
    call partitions the sorted index lists down the tree and scans each
    node once per feature with K-class prefix sums, evaluating the entropy
    only at boundaries between distinct values, and there only where a
    lower bound without logarithms leaves the threshold a chance (the same
    trees as evaluating it everywhere; :mod:`.multiclass_trees`, compiled
    by numba at the first fit). The collapse and the pruning are done on
    the grown arrays, renumbered once (:func:`.pruning.collapse_and_prune`).

    References
    ----------
    J. R. Quinlan. *C4.5: Programs for Machine Learning.* Morgan Kaufmann,
    1993 (ch. 2 the gain ratio, ch. 4 pruning).

    J. R. Quinlan. Improved use of continuous attributes in C4.5. *Journal
    of Artificial Intelligence Research* 4:77–90, 1996.

    R. E. Schapire, Y. Freund, P. Bartlett and W. S. Lee. Boosting the
    margin: a new explanation for the effectiveness of voting methods.
    *Annals of Statistics* 26(5):1651–1686, 1998.

    Examples
    --------
    >>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0]]
    >>> tree = C45Trees(prune=False).fit(X, [0, 0, 0, 0, 2, 2, 2, 2])
    >>> tree.predict(X).tolist()
    [0.0, 0.0, 0.0, 0.0, 2.0, 2.0, 2.0, 2.0]
    >>> tree.params()["n_leaves"], float(tree.threshold[0])
    (2, 3.5)
    """

    _parameter_constraints = {
        "min_leaf": [Interval("float", 0, None, closed="neither")],
        "confidence": [Interval("float", 0, 1, closed="neither")],
        "prune": [Boolean()],
    }

    def __init__(
        self, *, min_leaf: float = 2.0, confidence: float = 0.25, prune: bool = True
    ) -> None:
        self.min_leaf = min_leaf
        self.confidence = confidence
        self.prune = prune

    def __repr__(self) -> str:
        shown = []
        if self.min_leaf != 2.0:
            shown.append(f"min_leaf={self.min_leaf!r}")
        if self.confidence != 0.25:
            shown.append(f"confidence={self.confidence!r}")
        if self.prune is not True:
            shown.append(f"prune={self.prune!r}")
        return f"C45Trees({', '.join(shown)})"

    def prepare(self, X: np.ndarray, y: np.ndarray) -> WeakSearch:
        self._validate_params()
        return _C45Search(
            PresortedClasses(X, y),
            float(self.min_leaf),
            float(self.confidence),
            bool(self.prune),
        )


class _C45Search(WeakSearch):
    """One C4.5 tree per call of :meth:`best`, grown on the presorted set.

    Attributes
    ----------
    n_presorted : int
        Values sorted when the search was built (N·m), and never again.
    """

    def __init__(
        self,
        presorted: PresortedClasses,
        min_leaf: float,
        confidence: float,
        prune: bool,
    ) -> None:
        self.presorted = presorted
        self.n_presorted = presorted.n_presorted
        self.min_leaf = min_leaf
        self.confidence = confidence
        self.prune = prune

    def grow(self, sample_weight: np.ndarray) -> GrownTree:
        """The grown (collapsed, and if asked pruned) tree, with class indices."""
        w, total = _positive_weights(sample_weight, self.presorted.m)
        m = int(np.count_nonzero(w > 0.0))  # a point of weight 0 is not a case
        cases = w * (m / total)
        nodes = self.presorted.grow_c45_nodes(cases, self.min_leaf, TIE_RTOL * m)
        return collapse_and_prune(
            *nodes, confidence=self.confidence if self.prune else None
        )

    def best(self, sample_weight: np.ndarray) -> tuple[Hypothesis, np.ndarray]:
        grown = self.grow(sample_weight)
        classes = self.presorted.classes
        return _hypothesis(grown, classes), classes[grown.predictions].astype(
            np.float64
        )


class BestFirstTrees(_ClassTrees):
    """CART trees with ``n_leaves`` leaves, grown best first, under the weights.

    Every leaf holds its best split: the axis-aligned split x_j ≤ θ (θ midway
    between consecutive distinct values of x_j among the leaf's points of
    positive weight) of largest impurity decrease

        Δ = W I(node) − Wᴸ I(L) − Wᴿ I(R),

    with W the weight of a node and I its impurity over the K classes,
    I = G = 1 − Σ_k p_k² (Gini, ``criterion="gini"``) or I = H = −Σ_k p_k
    log₂ p_k (``"entropy"``), p_k = W_k / W. Starting from the root, the
    leaf of largest Δ is split, until the tree has ``n_leaves`` leaves or no
    leaf can be split (every leaf is pure under the weights, or its points
    of positive weight share every value). A split is made even when its Δ
    is 0. Leaves predict their weighted-majority class (the lowest label on
    a tie). This is CART grown best first with a fixed number of terminal
    nodes, as in Breiman (1999) and Reyzin and Schapire (2006), and what
    scikit-learn's ``DecisionTreeClassifier(max_leaf_nodes=n_leaves)``
    grows.

    The weights are not rescaled: W I is homogeneous of degree 1 in the
    weights, so w and c·w grow the same tree. Points of weight 0 have no
    influence (they make no threshold and weigh nothing); there is no
    minimum leaf size beyond a positive weight on either side of a split.
    Ties: within a leaf, the lowest feature, then the lowest threshold;
    among leaves, the first made (the root, then the two children of each
    split, left first); among classes, the lowest label; values within
    ``1e-12 · Σ_i w_i`` of the best tie.

    Parameters
    ----------
    n_leaves : int ≥ 2, default=16
        The number of leaves (fewer only when no leaf can be split).
    criterion : {"gini", "entropy"}, default="gini"

    Notes
    -----
    scikit-learn's trees pick the first of equally good features in a
    random order (``random_state``), and treat values within 10⁻⁷ of each
    other as equal, on float32 inputs; on data without ties and with gaps
    above that, the two grow the same tree (``tests/unit/estimators/
    boosting/test_c45.py`` checks the training predictions).

    *Search.* As :class:`C45Trees`: features presorted once, each leaf
    scanned once per feature when it is made, with K-class prefix sums;
    a tree of L leaves costs O(N m · depth) per round.

    References
    ----------
    L. Breiman. Prediction games and arcing algorithms. *Neural
    Computation* 11(7):1493–1517, 1999.

    L. Reyzin and R. E. Schapire. How boosting the margin can also boost
    classifier complexity. *ICML* 2006.

    Examples
    --------
    >>> X = [[0.0, 5.0], [1.0, 4.0], [2.0, 3.0], [3.0, 2.0], [4.0, 1.0], [5.0, 0.0]]
    >>> tree = BestFirstTrees(n_leaves=3).fit(X, [0, 0, 1, 1, 2, 2])
    >>> tree.predict(X).tolist(), tree.params()["n_leaves"]
    ([0.0, 0.0, 1.0, 1.0, 2.0, 2.0], 3)
    """

    _parameter_constraints = {
        "n_leaves": [Interval("int", 2, None, closed="left")],
        "criterion": [Options(tuple(IMPURITIES))],
    }

    def __init__(self, *, n_leaves: int = 16, criterion: Impurity = "gini") -> None:
        self.n_leaves = n_leaves
        self.criterion = criterion

    def __repr__(self) -> str:
        shown = f"n_leaves={self.n_leaves!r}"
        if self.criterion != "gini":
            shown += f", criterion={self.criterion!r}"
        return f"BestFirstTrees({shown})"

    def prepare(self, X: np.ndarray, y: np.ndarray) -> WeakSearch:
        self._validate_params()
        return _BestFirstSearch(
            PresortedClasses(X, y), int(self.n_leaves), self.criterion
        )


class _BestFirstSearch(WeakSearch):
    """One best-first tree per call of :meth:`best`.

    Attributes
    ----------
    n_presorted : int
        Values sorted when the search was built (N·m), and never again.
    """

    def __init__(
        self, presorted: PresortedClasses, n_leaves: int, criterion: Impurity
    ) -> None:
        self.presorted = presorted
        self.n_presorted = presorted.n_presorted
        self.n_leaves = n_leaves
        self.criterion = criterion

    def grow(self, sample_weight: np.ndarray) -> GrownTree:
        """The grown tree, with class indices."""
        w, total = _positive_weights(sample_weight, self.presorted.m)
        return self.presorted.grow_best_first(
            w, self.n_leaves, self.criterion, TIE_RTOL * total
        )

    def best(self, sample_weight: np.ndarray) -> tuple[Hypothesis, np.ndarray]:
        grown = self.grow(sample_weight)
        classes = self.presorted.classes
        return _hypothesis(grown, classes), classes[grown.predictions].astype(
            np.float64
        )
