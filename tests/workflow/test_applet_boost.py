"""The atlas's AdaBoost in the page (assets/boost.js) against the library.

``KB.boost.fit`` runs in headless Chromium, loaded from ``file://`` by a tiny
harness page as the atlas loads it (a classic script, no module), on the same
points as ``AdaBoost(weak_learner=Stumps())``. Round by round the two must pick
the same stump (feature, threshold, polarity), count the same training errors,
and agree on ε_t, γ_t, α_t, Z_t and D_t, on the bounds Π_s Z_s and
exp(−2 Σ_s γ_s²) of claim B1 (whose chain must hold in the page's numbers), on
the margins y f_t(x)/‖α‖₁ of claim B5 at every t, and on f_t at points off the
training set; and they must stop for the same reason (no edge, with the
library's NoEdgeWarning message; a stump without mistakes; one class). The
same comparison fails on copies of boost.js with one line changed.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from playwright.sync_api import Browser, Page

from kernelboost.core.datasets import flip_labels, make_circles, make_moons, make_xor
from kernelboost.estimators.boosting import AdaBoost, NoEdgeWarning, Stumps

from ..conftest import ROOT
from .browser import file_url, open_page

BOOST = ROOT / "src" / "kernelboost" / "pipeline" / "site" / "assets" / "boost.js"

#: The tolerance: |page − library| ≤ RTOL · (|library| + scale), where scale
#: is 0 for ε_t, Z_t, D_t and the bounds (relative), 1 for γ_t, α_t and the
#: margins, and Σ_{s≤t} α_s for f_t: these come out of a cancellation (γ_t =
#: ½ − ε_t near 0, α_t ≈ 2γ_t, f_t a sum of ±α_s), so only an error at the
#: scale of their terms is meaningful. The page runs the library's operations in
#: the library's order (numpy's pairwise sums included), except that Chromium's
#: exp and log are fdlibm's, not glibc's, and numpy's dot products (einsum) are
#: SIMD sums: these differ in the last bit (Chromium's log 3 is one ulp below
#: glibc's), and a few ulp in log D_t compound over 100 rounds. Measured on the
#: point sets below: at most 1.8e-14 (D_t at round 100), 5e-15 for the rest.
RTOL = 1e-13

#: Run the page's AdaBoost and bring back plain lists (−∞ survives).
RUN = """([X, y, T, grid]) => {
  const model = KB.boost.fit(X, y, T);
  const ts = Array.from({length: model.rounds.length}, (_, k) => k + 1);
  return {
    status: model.status,
    message: model.message,
    rounds: model.rounds.map((r) => ({...r, D: Array.from(r.D)})),
    margins: ts.map((t) => Array.from(KB.boost.margins(model, X, y, t))),
    grid: ts.map((t) => Array.from(KB.boost.decision(model, grid, t))),
    all: Array.from(KB.boost.decision(model, grid)),
  };
}"""


@dataclass(frozen=True)
class Points:
    name: str
    X: np.ndarray
    y: np.ndarray
    rounds: int
    status: str  # the page's status, from the library's stop reason


def _random(name: str, m: int, seed: int, status: str, grid: int = 0) -> Points:
    """m points, N(0, 1) or on a grid × grid of integers, random labels."""
    rng = np.random.default_rng(seed)
    X = rng.integers(0, grid, (m, 2)).astype(float) if grid else rng.normal(size=(m, 2))
    y = np.where(rng.random(m) < 0.5, -1.0, 1.0)
    return Points(name, X, y, 100, status)


def _point_sets() -> list[Points]:
    rng = np.random.default_rng(7)
    moons = make_moons(200, noise=0.25, seed=1)
    big = flip_labels(make_moons(300, noise=0.2, seed=4), 0.1, seed=4)
    circles = make_circles(150, noise=0.1, seed=2)
    noisy_xor = make_xor(120, noise=0.35, seed=3)
    sets = [
        Points("moons", moons.X, moons.y, 100, "ok"),
        Points("moons 300, 10% flipped", big.X, big.y, 100, "ok"),
        Points("circles", circles.X, circles.y, 100, "ok"),
        Points("noisy XOR", noisy_xor.X, noisy_xor.y, 100, "ok"),
    ]
    for m in (4, 40):  # every stump has error exactly ½ under D_1
        xor = make_xor(m)
        sets.append(Points(f"exact XOR, m={m}", xor.X, xor.y, 10, "no_edge"))
    X = rng.uniform(-1, 1, (30, 2))
    sets.append(Points("one stump separates", X, np.sign(X[:, 1] - 0.3), 50, "perfect"))
    X = np.round(rng.uniform(-1, 1, (80, 2)) * 2) / 2  # values −1, −½, 0, ½, 1
    y = np.where(X[:, 0] + X[:, 1] + 0.4 * rng.standard_normal(80) > 0, 1.0, -1.0)
    sets.append(Points("ties: coordinates on a half grid", X, y, 100, "ok"))
    sets.append(_random("ties: 33 points on a 4 x 4 grid", 33, 5, "ok", grid=4))
    # Each point (a, b, y) also as (b, a, −y): stump (x1, θ, +1) ties with
    # (x2, θ, −1), and the library takes the lower feature.
    P = rng.normal(size=(10, 2))
    yP = np.where(rng.random(10) < 0.5, -1.0, 1.0)
    X, y = np.vstack([P, P[:, ::-1]]), np.concatenate([yP, -yP])
    sets.append(Points("ties: mirror images, opposite labels", X, y, 100, "ok"))
    X = rng.normal(size=(12, 2))
    X = np.vstack([X, X])
    y = np.concatenate([np.sign(X[:12, 0]), rng.choice([-1.0, 1.0], 12)])
    y[12:15] = -y[:3]  # at least three points with both labels
    sets.append(Points("duplicates with opposite labels", X, y, 60, "ok"))
    X = np.array([[0.0, 2.0], [1.0, 1.0], [1.0, 2.0], [0.0, 1.0], [0.0, 1.0]])
    y = np.array([-1.0, -1.0, 1.0, 1.0, -1.0])  # ε_t ≥ ½ − 1e-12 at round 31
    sets.append(Points("no edge at round 31", X, y, 100, "no_edge"))
    # ε_1 = ε_2 = ¼ and h_2 = −h_1 on six points: f_2 = 0 there, and rounding
    # decides (the library's α_2 is one ulp above α_1, the page's equal).
    X = np.array([[1, 0], [2, 2], [0, 1], [0, 2], [2, 2], [1, 1], [1, 2], [1, 2]])
    y = np.array([-1.0, -1.0, 1.0, 1.0, 1.0, 1.0, -1.0, 1.0])
    sets.append(Points("f_2 = 0 on six points", X.astype(float), y, 100, "ok"))
    sets += [
        Points("one class +1", rng.normal(size=(5, 2)), np.ones(5), 10, "one_class"),
        Points("one class -1", rng.normal(size=(6, 2)), -np.ones(6), 10, "one_class"),
        Points("one point", np.array([[0.5, 0.5]]), np.ones(1), 10, "one_class"),
        _random("m=4", 4, 2, "ok"),
        _random("m=7", 7, 0, "ok"),
    ]
    return sets


POINT_SETS = _point_sets()


@dataclass
class Library:
    model: AdaBoost
    status: str
    message: str  # the NoEdgeWarning's, if any


def _library(points: Points) -> Library:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = AdaBoost(
            weak_learner=Stumps(), n_rounds=points.rounds, keep_distributions=True
        ).fit(points.X, points.y)
    told = [str(w.message) for w in caught if issubclass(w.category, NoEdgeWarning)]
    status = {"n_rounds": "ok", "perfect": "perfect", "no_edge": "no_edge"}[
        str(model.stop_reason_)
    ]
    if np.unique(points.y).size == 1:
        status = "one_class"  # for the library, a constant stump without mistakes
    return Library(model, status, told[0] if told else "")


def _grid(X: np.ndarray) -> np.ndarray:
    """7 × 7 query points over the points' box and a little beyond."""
    lo, hi = X.min(axis=0) - 0.3, X.max(axis=0) + 0.3
    g1, g2 = np.meshgrid(np.linspace(lo[0], hi[0], 7), np.linspace(lo[1], hi[1], 7))
    return np.column_stack([g1.ravel(), g2.ravel()])


class _Comparison:
    """The disagreements found, and the largest scaled difference of each number."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.worst: dict[str, float] = {}

    def close(self, what: str, got: object, want: object, scale: object = 0.0) -> None:
        got, want = np.asarray(got, dtype=float), np.asarray(want, dtype=float)
        if got.shape != want.shape:
            self.found.append(f"{what}: shape {got.shape}, library {want.shape}")
            return
        gap = np.abs(got - want)
        size = np.maximum(np.abs(want) + scale, np.finfo(float).tiny)
        key = what.rsplit(": ", 1)[-1]
        largest = float((gap / size).max(initial=0.0))
        self.worst[key] = max(self.worst.get(key, 0.0), largest)
        bad = ~(gap <= RTOL * size)
        if bad.any():
            i = int(np.flatnonzero(bad.ravel())[0])
            self.found.append(
                f"{what}: {got.ravel()[i]!r}, library {want.ravel()[i]!r}"
            )


def _compare(page: Page, points: Points) -> _Comparison:
    """Run both on ``points`` and list where the page disagrees with the library."""
    lib = _library(points)
    model, history = lib.model, lib.model.history_
    grid = _grid(points.X)
    js = page.evaluate(
        RUN, [points.X.tolist(), points.y.tolist(), points.rounds, grid.tolist()]
    )
    out = _Comparison()
    message = js["message"] if js["status"] == "no_edge" else ""
    if (js["status"], message) != (lib.status, lib.message):
        out.found.append(
            f"status {js['status']!r} ({js['message']}), library "
            f"{lib.status!r} ({lib.message})"
        )
    rounds = js["rounds"]
    if len(rounds) != model.n_rounds_:
        out.found.append(f"{len(rounds)} rounds, library {model.n_rounds_}")
    alphas = np.abs(model.alphas_)
    norms = np.array([alphas[:t].sum() for t in range(1, model.n_rounds_ + 1)])
    on_points = model.staged_decision_function(points.X) if model.n_rounds_ else None
    for t, (r, row) in enumerate(zip(rounds, history.itertuples(), strict=False), 1):
        stump = (r["feature"], r["threshold"], r["polarity"])
        want = (int(row.feature), float(row.threshold), int(row.polarity))
        if stump != want:
            out.found.append(f"round {t}: stump {stump}, library {want}")
            break  # the rest follows from it
        # Equal, except that a point where f_t = 0 up to rounding may count
        # either way (f = 0 predicts +1).
        undecided = np.abs(on_points[t - 1]) <= RTOL * norms[t - 1]
        if abs(r["trainError"] - row.train_error) * points.y.size > undecided.sum():
            out.found.append(
                f"round {t}: error {r['trainError']}, library {row.train_error}"
            )
        out.close(f"round {t}: epsilon", r["epsilon"], row.eps)
        out.close(f"round {t}: gamma", r["gamma"], row.gamma, 1.0)
        out.close(f"round {t}: alpha", r["alpha"], row.alpha, 1.0)
        out.close(f"round {t}: Z", r["Z"], row.Z)
        out.close(f"round {t}: D_t", r["D"], model.distributions_[t - 1])
        out.close(f"round {t}: prod Z", r["productZ"], row.bound_Z)
        out.close(f"round {t}: exp(-2 sum gamma^2)", r["expBound"], row.bound_gamma)
        # Claim B1's chain, in the page's own numbers.
        if not r["trainError"] <= r["productZ"] <= r["expBound"] * (1 + RTOL):
            out.found.append(
                f"round {t}: B1 does not hold: error {r['trainError']}, "
                f"prod Z {r['productZ']}, exp bound {r['expBound']}"
            )
    if out.found:
        return out
    if model.n_rounds_:
        # The page's errors are those of its own f_t (f = 0 predicts +1).
        own = np.asarray(js["margins"])
        own = ((own < 0) | ((own == 0) & (points.y < 0))).mean(axis=1)
        if not np.array_equal([r["trainError"] for r in rounds], own):
            out.found.append("training errors are not those of the page's own f_t")
        margins = points.y * on_points / norms[:, None]
        out.close("margins", js["margins"], margins, 1.0)
        out.close(
            "margins at T", js["margins"][-1], model.margins(points.X, points.y), 1.0
        )
        f_t = model.staged_decision_function(grid)
        out.close("f_t off the points", js["grid"], f_t, norms[:, None])
        out.close(
            "f_T off the points", js["all"], model.decision_function(grid), norms[-1]
        )
    elif np.any(js["all"]):
        out.found.append("f is not 0 with no round kept")
    return out


def _harness(folder: Path, script: bool = True) -> Path:
    """A blank page that loads boost.js from the source tree (or nothing)."""
    tag = f'<script src="{file_url(BOOST)}"></script>' if script else ""
    page = folder / ("harness.html" if script else "blank.html")
    page.write_text(f'<!doctype html><meta charset="utf-8"><title>boost</title>{tag}')
    return page


@pytest.fixture(scope="module")
def page(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Page]:
    """The harness page, open for the module (it must stay free of errors)."""
    with open_page(browser, _harness(tmp_path_factory.mktemp("boost"))) as visit:
        yield visit.page


@pytest.mark.parametrize("points", POINT_SETS, ids=[p.name for p in POINT_SETS])
def test_page_boosts_as_the_library(page: Page, points: Points) -> None:
    comparison = _compare(page, points)
    assert comparison.found == [], "\n".join(comparison.found[:10])
    assert _library(points).status == points.status  # the case is still covered


def test_api_and_odd_input(page: Page) -> None:
    """One global with the three functions; odd input answered, not thrown."""
    out = page.evaluate(
        """() => {
          const empty = KB.boost.fit([], [], 10);
          const model = KB.boost.fit([[0, 0], [1, 0], [2, 0]], [1, -1, 1], 5);
          return {
            keys: Object.keys(KB.boost).sort(),
            empty: [empty.status, empty.rounds.length, empty.message.length > 0],
            D: model.rounds[0].D instanceof Float64Array,
            f: KB.boost.decision(model, [[0, 0]]) instanceof Float64Array,
            m: KB.boost.margins(model, [[0, 0]], [1]) instanceof Float64Array,
            f0: Array.from(KB.boost.decision(model, [[0, 0]], 0)),
            zeroRounds: KB.boost.fit([[0], [1]], [1, -1], 0).rounds.length,
            labels: KB.boost.fit([[0], [1]], [0, 2], 3).rounds[0].polarity,
            noFeature: typeof KB.boost.fit([[], []], [1, -1], 3).status,
          };
        }"""
    )
    assert out == {
        "keys": ["decision", "fit", "margins"],
        "empty": ["one_class", 0, True],
        "D": True,
        "f": True,
        "m": True,
        "f0": [0.0],
        "zeroRounds": 0,
        "labels": 1,  # labels > 0 are +1, the rest −1
        "noFeature": "string",
    }


#: One line of boost.js changed, and a point set on which that must show.
MUTATIONS = {
    "weight update sign": (
        "logD[i] -= yh[i] * alpha;",
        "logD[i] += yh[i] * alpha;",
        "moons",
    ),
    "ties to the last feature": (
        "for (let j = 0; j < prefix.length; j += 1) {",
        "for (let j = prefix.length - 1; j >= 0; j -= 1) {",
        "ties: 33 points on a 4 x 4 grid",
    ),
    "polarity tie across features": (
        "(minus === null || plus[0] < minus[0] ||",
        "(minus === null || plus[0] > minus[0] ||",
        "ties: mirror images, opposite labels",
    ),
    "thresholds between equal values": (
        "if (values[p] < values[p + 1]) {",
        "if (values[p] <= values[p + 1]) {",
        "ties: coordinates on a half grid",
    ),
    "weight of a perfect stump": (
        "const epsFloor = 1 / (4 * m * m);",
        "const epsFloor = 1 / (4 * m);",
        "one stump separates",
    ),
    "f = 0 predicts +1": (
        "if (yf[i] < 0 || (yf[i] === 0 && y[i] < 0)) wrong += 1;",
        "if (yf[i] < 0) wrong += 1;",
        "f_2 = 0 on six points",
    ),
    "no-edge tolerance": (
        "if (eps >= 0.5 - NO_EDGE_TOL) {",
        "if (eps >= 0.5) {",
        "no edge at round 31",
    ),
}


@pytest.mark.parametrize("mutation", MUTATIONS)
def test_a_changed_line_fails_the_comparison(
    browser: Browser, tmp_path: Path, mutation: str
) -> None:
    old, new, name = MUTATIONS[mutation]
    source = BOOST.read_text()
    assert source.count(old) == 1, f"{old!r} is not (once) in boost.js"
    points = next(p for p in POINT_SETS if p.name == name)
    with open_page(browser, _harness(tmp_path, script=False)) as visit:
        visit.page.add_script_tag(content=source.replace(old, new))
        found = _compare(visit.page, points).found
    assert found, f"boost.js with {new!r} still agrees with the library on {name}"
