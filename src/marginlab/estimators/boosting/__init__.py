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
* :class:`Trees` — greedy trees of a given depth (at most 2^depth leaves);
  each node takes the split minimizing a criterion of its two children under
  the weights: by default their weighted error when labelled by their weighted
  majority, or (``criterion="gini"``, ``"entropy"``) their weighted Gini
  impurity or entropy, the latter C4.5's information gain without its gain
  ratio and pruning. Depth 2 is needed for XOR (claim B8). Every feature is
  sorted once; each round partitions the sorted lists down the tree, O(N m ·
  depth), in the compiled loops of :mod:`.trees`.
* :class:`HypothesisMatrix` — a finite class given by its ±1 predictions on
  the training points; each round takes the column of largest edge.
* :class:`~.c45.C45Trees` and :class:`~.c45.BestFirstTrees` — K-class
  trees for AdaBoost.M1: C4.5's gain ratio, grown until pure and pruned by
  its error-based pruning (Schapire et al.'s 1998 base learner); and CART's
  trees of a fixed number of leaves grown best first (Breiman 1999; Reyzin
  and Schapire 2006). Grown on features sorted once (:mod:`.multiclass_trees`),
  pruned in :mod:`.pruning`.

On K > 2 classes :class:`AdaBoost` is AdaBoost.M1 (Freund & Schapire 1997):
y_i h_t(x_i) becomes +1 where h_t(x_i) = y_i and −1 elsewhere, the vote is
argmax_k Σ_t α_t 1[h_t(x) = k] and the margin the multiclass margin of
Schapire et al. (1998) (:mod:`.votes`); a weak learner says whether it takes K
classes (``WeakLearner.multiclass``).

:class:`MajorityBoost` is the boosting algorithm in the proof of Mądry 2012,
Theorem 1: multiplicative weights over the examples with ε = γ, loss 1 for a
correctly classified example, T = ⌈4/γ² ln(1/ν)⌉ rounds, unweighted majority.

Ties (all three learners) go to the hypothesis that comes first in a fixed
order; weighted errors within ``1e-12 · Σ_i w_i`` of the smallest count as
ties, so that the choice does not depend on the order of floating-point sums.

:class:`ArcGV` is arc-gv (Breiman 1999; Mohri, Boosting, 'Other Boosting
Algorithms'): AdaBoost's loop with α_t = ½ ln((1 − ε_t)/ε_t)
− ½ ln((1 + ρ_t)/(1 − ρ_t)), ρ_t the minimum L1 margin of f_{t−1}; with
``keep_negative=True`` a step α_t ≤ 0 is kept rather than ending the run.

The estimators are in :mod:`.adaboost`, :mod:`.arc_gv` and :mod:`.majority`,
the weak learners in :mod:`.weak_learners` (the growth of trees in
:mod:`.trees`) and :mod:`.c45`, the K-class vote in :mod:`.votes`, what the
boosters share in :mod:`.ensemble`.
"""

from __future__ import annotations

from .adaboost import HISTORY_COLUMNS, AdaBoost
from .arc_gv import ARC_GV_HISTORY_COLUMNS, ArcGV
from .ensemble import NoEdgeWarning, StopReason
from .majority import MajorityBoost
from .weak_learners import (
    Column,
    Hypothesis,
    HypothesisMatrix,
    Stump,
    Stumps,
    Tree,
    Trees,
    WeakLearner,
    WeakSearch,
    weighted_error,
)

__all__ = [
    "ARC_GV_HISTORY_COLUMNS",
    "HISTORY_COLUMNS",
    "AdaBoost",
    "ArcGV",
    "Column",
    "Hypothesis",
    "HypothesisMatrix",
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
