"""AdaBoost.M1 (marginlab.estimators.boosting.adaboost with K > 2 classes):
against Freund and Schapire's pseudo-code written independently here (β_t,
weights ln(1/β_t)), the multiclass margin, and binary AdaBoost unchanged."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn.datasets import load_digits
from sklearn.ensemble import RandomForestClassifier

from marginlab.estimators.boosting.adaboost import AdaBoost
from marginlab.estimators.boosting.arc_gv import ArcGV
from marginlab.estimators.boosting.votes import add_votes, vote_gaps, vote_wrong
from marginlab.estimators.boosting.weak_learners import (
    Hypothesis,
    Stumps,
    Trees,
    WeakLearner,
    WeakSearch,
)


class _Member(Hypothesis):
    """One tree of a fitted scikit-learn forest, predicting class codes."""

    def __init__(self, forest: RandomForestClassifier, index: int) -> None:
        self.forest, self.index = forest, index

    def predict(self, X: object) -> np.ndarray:
        tree = self.forest.estimators_[self.index]
        codes = tree.predict(np.asarray(X, dtype=np.float64)).astype(np.intp)
        return self.forest.classes_[codes].astype(np.float64)

    def params(self) -> dict[str, int | float]:
        return {"member": self.index}


class _PoolSearch(WeakSearch):
    def __init__(
        self, forest: RandomForestClassifier, X: np.ndarray, y: np.ndarray
    ) -> None:
        self.forest, self.labels = forest, y
        self.H = np.stack(
            [_Member(forest, j).predict(X) for j in range(len(forest.estimators_))],
            axis=1,
        )

    def best(self, sample_weight: np.ndarray) -> tuple[Hypothesis, np.ndarray]:
        wrong = self.labels[:, None] != self.H
        errors = sample_weight @ wrong
        j = int(np.argmin(errors))
        return _Member(self.forest, j), self.H[:, j].copy()


class Pool(WeakLearner):
    """A fixed pool of multiclass hypotheses (the trees of a random forest
    fitted once on the training set); each round takes the tree of smallest
    weighted error. A test fixture: a choice among a finite class, so that
    the rounding of two ways of computing D_t cannot change it."""

    multiclass = True
    columns = ("member",)

    def __init__(self, depth: int, size: int = 60) -> None:
        self.depth, self.size = depth, size

    def __repr__(self) -> str:
        return f"Pool({self.depth})"

    def prepare(self, X: np.ndarray, y: np.ndarray) -> WeakSearch:
        forest = RandomForestClassifier(
            self.size, max_depth=self.depth, random_state=0
        ).fit(X, y)
        return _PoolSearch(forest, X, y)


def reference_m1(X, y, learner, T):
    """AdaBoost.M1 as Freund and Schapire (1997) write it: D_1 = 1/m,
    ε_t = Σ_{h_t(x_i) ≠ y_i} D_t(i) (stop if ε_t > ½), β_t = ε_t/(1 − ε_t),
    D_{t+1}(i) = D_t(i) β_t^{1[h_t(x_i) = y_i]} / Z_t, h_fin(x) = argmax_y
    Σ_t ln(1/β_t) 1[h_t(x) = y]. Returns the weights ln(1/β_t), the
    hypotheses and the ε_t."""
    m = y.size
    D = np.full(m, 1.0 / m)
    weights, hyps, errors = [], [], []
    search = learner.prepare(X, y)
    for _ in range(T):
        h, pred = search.best(D / D.max())
        right = pred == y
        eps = float(D[~right].sum())
        if eps > 0.5 or eps == 0.0:
            break
        beta = eps / (1.0 - eps)
        D = np.where(right, D * beta, D)
        D /= D.sum()
        weights.append(math.log(1.0 / beta))
        hyps.append(h)
        errors.append(eps)
    return np.array(weights), hyps, np.array(errors)


@pytest.fixture(scope="module")
def digits():
    X, y = load_digits(return_X_y=True)
    return (
        X[:600].astype(np.float64),
        y[:600],
        X[600:900].astype(np.float64),
        y[600:900],
    )


def test_m1_matches_freund_and_schapire_pseudo_code(digits):
    X, y, Xte, yte = digits
    T = 25
    model = AdaBoost(weak_learner=Pool(6), n_rounds=T).fit(X, y)
    weights, hyps, errors = reference_m1(X, y.astype(np.float64), Pool(6), T)
    assert model.n_rounds_ == weights.size == T
    # ε_t agree to rounding (two ways of normalizing the same D_t: log space
    # against a plain product); ln(1/β_t) = 2 α_t.
    np.testing.assert_allclose(model.history_["eps"], errors, rtol=1e-9)
    np.testing.assert_allclose(2.0 * model.alphas_, weights, rtol=1e-9)
    F = np.zeros((Xte.shape[0], 10))
    for w, h in zip(weights, hyps, strict=True):
        add_votes(F, h.predict(Xte), w)
    np.testing.assert_array_equal(model.predict(Xte), np.argmax(F, axis=1))
    np.testing.assert_allclose(
        model.margins(Xte, yte), vote_gaps(F, yte.astype(float)) / weights.sum()
    )


def test_m1_history_is_the_vote_of_the_kept_rounds(digits):
    X, y, _, _ = digits
    model = AdaBoost(weak_learner=Pool(5), n_rounds=30).fit(X, y)
    staged = model.staged_decision_function(X)
    assert staged.shape == (30, X.shape[0], 10)
    codes = y.astype(np.float64)
    for t in (0, 9, 29):
        F = staged[t]
        assert model.history_["train_error"].iloc[t] == np.mean(vote_wrong(F, codes))
        norm = model.alphas_[: t + 1].sum()
        assert model.history_["min_margin"].iloc[t] == pytest.approx(
            vote_gaps(F, codes).min() / norm, rel=1e-12
        )
    np.testing.assert_array_equal(staged[-1], model.decision_function(X))
    # Π Z_t bounds the training error of the argmax (FS97, Theorem 6), and
    # the exponential loss of the ±1 agreements is that product.
    h = model.history_
    assert (h["train_error"] <= h["bound_Z"] + 1e-12).all()
    np.testing.assert_allclose(h["exp_loss"], h["bound_Z"], rtol=1e-9)


def test_m1_keeps_the_users_labels(digits):
    X, y, Xte, _ = digits
    letters = np.array(list("abcdefghij"))[y]
    model = AdaBoost(weak_learner=Pool(5), n_rounds=5).fit(X, letters)
    assert model.classes_.tolist() == list("abcdefghij")
    assert set(model.predict(Xte)) <= set("abcdefghij")
    coded = AdaBoost(weak_learner=Pool(5), n_rounds=5).fit(X, y)
    np.testing.assert_array_equal(
        model.predict(Xte), np.array(list("abcdefghij"))[coded.predict(Xte)]
    )
    with pytest.raises(ValueError, match=r"labels in \['a'"):
        model.margins(X[:2], ["a", "z"])


def test_multiclass_margins_are_the_binary_ones_for_two_classes():
    rng = np.random.default_rng(0)
    F = rng.random((50, 2))
    y = rng.integers(0, 2, 50).astype(float)
    f = F[:, 1] - F[:, 0]
    np.testing.assert_allclose(vote_gaps(F, y), np.where(y == 1, 1, -1) * f)
    assert vote_wrong(np.array([[1.0, 1.0, 0.0]]), np.array([1.0]))[0]  # tie: k = 0


def test_binary_learners_refuse_more_than_two_classes(digits):
    X, y, _, _ = digits
    with pytest.raises(
        ValueError, match=r"Stumps\(\), which separates two classes; y has 10\."
    ):
        AdaBoost(weak_learner=Stumps(), n_rounds=3).fit(X, y)
    with pytest.raises(ValueError, match=r"Trees\(depth=2\), which separates two"):
        AdaBoost(weak_learner=Trees(depth=2), n_rounds=3).fit(X, y)
    with pytest.raises(ValueError, match="Only binary classification"):
        ArcGV(weak_learner=Pool(2), n_rounds=3).fit(X, y)


def test_two_classes_take_the_binary_path_bit_for_bit(digits):
    X, y, Xte, _ = digits
    pair = (y == 1) | (y == 7)
    X2, y2 = X[pair], np.where(y[pair] == 7, 1.0, -1.0)
    ours = AdaBoost(weak_learner=Trees(depth=2, criterion="entropy"), n_rounds=20).fit(
        X2, y2
    )
    assert ours.decision_function(Xte).ndim == 1
    # The ±1 vote of the binary path is F_{+1} − F_{−1} of the K-class vote.
    F = np.zeros((Xte.shape[0], 2))
    for a, h in zip(ours.alphas_, ours.learners_, strict=True):
        add_votes(F, (h.predict(Xte) > 0).astype(float), a)
    np.testing.assert_allclose(F[:, 1] - F[:, 0], ours.decision_function(Xte))
