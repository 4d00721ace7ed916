"""Error-based pruning (Quinlan 1993, *C4.5*, ch. 4) and C4.5's collapse of
subtrees that do not lower the training error.

Both replace subtrees by leaves bottom-up: a subtree becomes a leaf when the
leaf's cost is at most the sum of its leaves' costs plus a slack, the
subtrees below having been decided first (a node's children are numbered
after it, so one pass over the nodes in decreasing order decides them all).

- :func:`collapse`: the cost is the training error, the weight E of a
  node's points outside its majority class; the slack is C4.5's
  ``Epsilon`` = 10⁻³ cases. Release 8's ``FormTree`` does this to every
  tree it grows, pruned or not ("see whether we would have been no worse
  off with a leaf").
- :func:`prune`: the cost is the estimated number of errors N·U_CF(E, N) of
  a leaf with N cases (weight) of which E are misclassified, U_CF the upper
  limit of the one-sided binomial confidence interval at confidence CF
  (:func:`binomial_upper_limit`); the slack is release 8's 0.1 case
  (``LeafErrors + ExtraLeafErrors <= TreeErrors + 0.1`` in ``prune.c``).

U_CF is computed exactly, for every node at once, with scipy's inverse of
the regularized incomplete beta function; C4.5 approximates it (see
:func:`binomial_upper_limit`). Subtree raising, C4.5's other replacement
(a node by its largest branch), is not done.

:func:`collapse_and_prune` does both on a grown tree's arrays with one
:func:`~.multiclass_trees.compact` at the end instead of one after each
step (``C45Trees`` calls it once per round): the decisions are the same,
since a node's cost depends only on the subtree below it, and the
estimates are computed on the same values in the same order.
"""

from __future__ import annotations

import numpy as np

from .compiled import compile_loops
from .multiclass_trees import GrownTree, compact

#: Release 8's slack of error-based pruning, in cases.
PRUNE_SLACK = 0.1

#: Release 8's ``Epsilon``: the slack of the collapse, in cases.
COLLAPSE_SLACK = 1e-3


def binomial_upper_limit(errors: object, n: object, confidence: float) -> np.ndarray:
    """U_CF(E, N): the upper limit of the binomial error rate at confidence CF.

    The p at which E or fewer errors among N cases have probability CF,

        P[Bin(N, p) ≤ E] = I_{1−p}(N − E, E + 1) = CF,

    i.e. p = I⁻¹(E + 1, N − E; 1 − CF) with I the regularized incomplete beta
    function, which extends the binomial tail to non-integer E and N (C4.5's
    fractional cases). U = 1 when E ≥ N. For E = 0 it is 1 − CF^(1/N).

    Parameters
    ----------
    errors : array-like
        E ≥ 0, the weight of the misclassified cases.
    n : array-like
        N > 0, the weight of all cases (broadcast with ``errors``).
    confidence : float in (0, 1)
        CF; C4.5's default is 0.25.

    Returns
    -------
    ndarray
        U_CF(E, N) in [0, 1].

    Notes
    -----
    C4.5 release 8 (``stats.c``, ``AddErrs``) uses the exact value only for
    E = 0 (N(1 − CF^(1/N))), interpolates linearly in E for E < 1, returns
    0.67 (N − E) extra errors when E + ½ ≥ N, and otherwise uses the
    normal approximation with a continuity correction,

        U = (E + ½ + z²/2 + z √(z² / 4 + (E + ½)(1 − (E + ½)/N))) / (N + z²),

    where z is interpolated linearly in CF from a short table of the normal
    distribution (z = 0.69 at CF = 0.25, against the exact 0.674).

    Examples
    --------
    >>> round(float(binomial_upper_limit(0.0, 6.0, 0.25)[()]), 4)
    0.2063
    """
    from scipy.special import betaincinv

    E, N = np.broadcast_arrays(
        np.maximum(np.asarray(errors, dtype=np.float64), 0.0),
        np.asarray(n, dtype=np.float64),
    )
    U = np.ones(E.shape)
    exact = E == 0.0  # the closed form, without the inverse beta function
    U[exact] = -np.expm1(np.log(confidence) / N[exact])
    inside = (E > 0.0) & (E < N)
    U[inside] = betaincinv(E[inside] + 1.0, N[inside] - E[inside], 1.0 - confidence)
    return U


def estimated_errors(tree: GrownTree, confidence: float) -> np.ndarray:
    """N·U_CF(E, N) of every node of ``tree``, as if it were a leaf."""
    return tree.weight * binomial_upper_limit(tree.errors, tree.weight, confidence)


def _replace_by_leaves(
    feature: np.ndarray,
    left: np.ndarray,
    right: np.ndarray,
    leaf_cost: np.ndarray,
    slack: float,
    out_feature: np.ndarray,
    cost: np.ndarray,
) -> int:
    """Bottom-up: node k becomes a leaf (``out_feature[k] = -1``) when
    leaf_cost[k] ≤ cost of its subtree + slack. ``cost[k]`` receives the
    cost of node k's subtree once decided; returns how many became leaves."""
    n_replaced = 0
    for k in range(feature.shape[0] - 1, -1, -1):
        out_feature[k] = feature[k]
        if feature[k] < 0:
            cost[k] = leaf_cost[k]
            continue
        below = cost[left[k]] + cost[right[k]]
        if leaf_cost[k] <= below + slack:
            out_feature[k] = -1
            cost[k] = leaf_cost[k]
            n_replaced += 1
        else:
            cost[k] = below
    return n_replaced


def _reachable(
    feature: np.ndarray, left: np.ndarray, right: np.ndarray, out: np.ndarray
) -> int:
    """The nodes reachable from the root through splits (``feature ≥ 0``) of a
    tree whose every child is numbered after its parent, in increasing order
    (its preorder, when the tree's numbering is one), in ``out``; returns how
    many there are."""
    n_total = feature.shape[0]
    seen = np.zeros(n_total, dtype=np.bool_)
    seen[0] = True
    n = 0
    for k in range(n_total):
        if not seen[k]:
            continue
        out[n] = k
        n += 1
        if feature[k] >= 0:
            seen[left[k]] = True
            seen[right[k]] = True
    return n


_LOOPS = ("_replace_by_leaves", "_reachable")


def _compile() -> None:
    """Compile the loops above with numba, once per process
    (:func:`.compiled.compile_loops`)."""
    compile_loops(globals(), _LOOPS)


def replace_by_leaves(
    tree: GrownTree, leaf_cost: np.ndarray, slack: float
) -> GrownTree:
    """``tree`` with every subtree replaced by a leaf, bottom-up, when the
    leaf's cost is at most the sum of the subtree's leaves' costs + ``slack``.

    Parameters
    ----------
    tree : GrownTree
        Nodes in preorder (a child after its parent).
    leaf_cost : ndarray of shape (n_nodes,)
        The cost of each node as a leaf.
    slack : float ≥ 0

    Returns
    -------
    GrownTree
        The same object when nothing was replaced.
    """
    _compile()
    n = tree.feature.size
    feature = np.empty(n, dtype=np.int64)
    cost = np.empty(n)
    replaced = _replace_by_leaves(
        tree.feature.astype(np.int64),
        tree.left.astype(np.int64),
        tree.right.astype(np.int64),
        np.ascontiguousarray(leaf_cost, dtype=np.float64),
        float(slack),
        feature,
        cost,
    )
    if replaced == 0:
        return tree
    return compact(
        feature,
        tree.threshold,
        tree.left.astype(np.int64),
        tree.right.astype(np.int64),
        tree.label,
        tree.weight,
        tree.errors,
        tree.leaf,
    )


def collapse(tree: GrownTree, slack: float = COLLAPSE_SLACK) -> GrownTree:
    """C4.5's collapse: a subtree whose leaves misclassify at least the weight
    its root would misclassify as a leaf, less ``slack``, becomes that leaf."""
    return replace_by_leaves(tree, tree.errors, slack)


def prune(tree: GrownTree, confidence: float, slack: float = PRUNE_SLACK) -> GrownTree:
    """Error-based pruning: a subtree becomes a leaf when the leaf's estimated
    errors N·U_CF(E, N) are at most the sum of its leaves' + ``slack``.

    Parameters
    ----------
    tree : GrownTree
        Nodes in preorder; ``weight`` and ``errors`` in cases.
    confidence : float in (0, 1)
        CF.
    slack : float ≥ 0, default=0.1
        Release 8's 0.1 case.

    Returns
    -------
    GrownTree
    """
    return replace_by_leaves(tree, estimated_errors(tree, confidence), slack)


def collapse_and_prune(
    feature: np.ndarray,
    threshold: np.ndarray,
    left: np.ndarray,
    right: np.ndarray,
    label: np.ndarray,
    weight: np.ndarray,
    errors: np.ndarray,
    leaf: np.ndarray,
    confidence: float | None,
) -> GrownTree:
    """``prune(collapse(compact(...)), confidence)`` (only the collapse when
    ``confidence`` is None) of a tree given in preorder as :func:`compact`
    takes it, with a single :func:`compact` at the end.

    The same tree, node for node: the decisions are made on the arrays as
    given, the collapsed subtrees left in place below their new leaves
    (they are never reached again), and the pruning's estimates are those
    of :func:`estimated_errors` on the collapsed tree, computed on the same
    values in the same order (its nodes are the reachable ones, in order).
    """
    _compile()
    n = feature.shape[0]
    feature = feature.astype(np.int64)
    left = left.astype(np.int64)
    right = right.astype(np.int64)
    collapsed = np.empty(n, dtype=np.int64)
    cost = np.empty(n)
    _replace_by_leaves(
        feature,
        left,
        right,
        np.ascontiguousarray(errors, dtype=np.float64),
        COLLAPSE_SLACK,
        collapsed,
        cost,
    )
    final = collapsed
    if confidence is not None:
        index = np.empty(n, dtype=np.int64)
        index = index[: _reachable(collapsed, left, right, index)]
        N = weight[index]
        leaf_cost = np.zeros(n)
        leaf_cost[index] = N * binomial_upper_limit(errors[index], N, confidence)
        final = np.empty(n, dtype=np.int64)
        _replace_by_leaves(collapsed, left, right, leaf_cost, PRUNE_SLACK, final, cost)
    return compact(final, threshold, left, right, label, weight, errors, leaf)
