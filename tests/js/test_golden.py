"""The atlas's JavaScript twins against the library, through golden traces.

``make_golden.py`` writes what the library computes on fixed inputs to
``tests/js/golden/*.json``; ``smo.test.mjs`` and ``boost.test.mjs`` run
``assets/smo.js`` and ``assets/boost.js`` on the same inputs under Node's own
test runner and compare (their headers say how exactly, and why). Here:

- the committed goldens are what the library computes now (made again in
  memory), so they cannot go stale;
- ``node --test`` passes on them (this is how ``make test`` and ``make
  test-fast`` run the Node tests, once);
- a copy of smo.js or boost.js with one line of a step changed fails it.

Made again on another CPU, a golden may differ where the library leaves a sum
to BLAS or passes a number through exp and log: those entries are compared
within the bounds that the Node tests allow (:func:`make_golden.smo_rounding`,
:func:`make_golden.rtol`); everything else is compared exactly. An SMO golden
is made again on its committed kernel values (the Gaussian's exp may differ
by an ulp between CPUs, and SMO's path turns on last bits), which must be
within their rounding of the library's kernel values now.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from marginlab.core.kernels import make_kernel

from ..conftest import ROOT, apt_install
from . import make_golden as mg

HERE = Path(__file__).resolve().parent
ASSETS = ROOT / "src" / "marginlab" / "pipeline" / "site" / "assets"
NODE_TESTS = sorted(HERE.glob("*.test.mjs"))
CASES = mg.cases()


def _committed(name: str) -> dict:
    return json.loads((mg.GOLDEN / name).read_text(encoding="utf-8"))


def _fresh(name: str) -> dict:
    """The golden made again now, as JSON reads it back (±∞ as strings)."""
    case = CASES[name]
    table = None
    if isinstance(case, mg.SMOCase) and case.kernel["name"] == "gaussian":
        table = mg.from_floats64(_committed(name)["table"], len(case.y))
    return json.loads(mg.dumps(mg.golden(case, table)))


def _text(value: object) -> str:
    """JSON text: equal texts are equal numbers bit for bit (−0.0 included)."""
    return json.dumps(value, sort_keys=True)


def _first_difference(fresh: object, committed: object, where: str = "") -> str:
    """Where two JSON values first differ (a key or an index), for a message."""
    if isinstance(fresh, dict) and isinstance(committed, dict):
        for key in sorted(set(fresh) | set(committed)):
            if _text(fresh.get(key)) != _text(committed.get(key)):
                return _first_difference(
                    fresh.get(key), committed.get(key), f"{where}.{key}"
                )
    if (
        isinstance(fresh, list)
        and isinstance(committed, list)
        and len(fresh) == len(committed)
    ):
        for k, (a, b) in enumerate(zip(fresh, committed, strict=True)):
            if _text(a) != _text(b):
                return _first_difference(a, b, f"{where}[{k}]")
    return f"{where}: now {_text(fresh)[:120]}, committed {_text(committed)[:120]}"


def _take(doc: dict, key: str, inner: str) -> np.ndarray | None:
    """Remove doc[key][inner] and return it as floats (None where absent)."""
    part = doc.get(key)
    if not isinstance(part, dict) or inner not in part:
        return None
    return np.array(mg.decoded(part.pop(inner)), dtype=float)


def _smo_differences(fresh: dict, committed: dict) -> list[str]:
    """BLAS's sums within :func:`make_golden.smo_rounding`, the rest exact."""
    found = []
    if "alpha" in committed["fit"]:
        bounds = mg.smo_rounding(mg.decoded(committed))
        summed = [
            "fit.decision",
            "fit.margin",
            "fit.dual_objective",
            "loo.loo_decision",
        ]
        for key, inner in (part.split(".") for part in summed):
            now, then = _take(fresh, key, inner), _take(committed, key, inner)
            if then is None and now is None:
                continue
            same = now is not None and then is not None and now.shape == then.shape
            if not same or not np.all(
                (now == then) | (np.abs(now - then) <= bounds[inner])
            ):
                found.append(f"{key}.{inner}: now {now}, committed {then}")
    if _text(fresh) != _text(committed):
        found.append(_first_difference(fresh, committed))
    return found


def _boost_differences(fresh: dict, committed: dict) -> list[str]:
    """exp and log's numbers within rtol(t) (at their scale), the rest exact."""
    found: list[str] = []

    def close(what: str, now: object, then: object, t: object, scale: object) -> None:
        now, then = np.array(mg.decoded(now), float), np.array(mg.decoded(then), float)
        if now.shape != then.shape:
            found.append(f"{what}: shape {now.shape}, committed {then.shape}")
            return
        bound = mg.PER_ROUND * np.maximum(t, 1) * mg.U * (np.abs(then) + scale)
        if not np.all((now == then) | (np.abs(now - then) <= bound)):
            found.append(f"{what}: now {now}, committed {then}")

    rounds = [fresh.get("rounds", []), committed.get("rounds", [])]
    if len(rounds[0]) != len(rounds[1]):
        return [f"{len(rounds[0])} rounds now, {len(rounds[1])} committed"]
    norm = sum(abs(r["alpha"]) for r in rounds[1])  # ‖α‖₁, f_T's scale
    scales = {"eps": 0, "gamma": 1, "alpha": 1, "Z": 0, "bound_Z": 0, "bound_gamma": 0}
    scales["min_margin"] = 1
    for now, then in zip(*rounds, strict=True):
        for key, scale in scales.items():
            close(
                f"round {then['t']}: {key}",
                now.pop(key),
                then.pop(key),
                then["t"],
                scale,
            )
    if rounds[1]:
        T = len(rounds[1])
        ts = np.arange(1, T + 1)[:, None]
        close("D", fresh.pop("D"), committed.pop("D"), ts, 0)
        close("margins", fresh.pop("margins"), committed.pop("margins"), T, 1)
        close("f_T", fresh.pop("f_T"), committed.pop("f_T"), T, norm)
    if _text(fresh) != _text(committed):
        found.append(_first_difference(fresh, committed))
    return found


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_golden_is_what_the_library_computes(name: str) -> None:
    fresh, committed = _fresh(name), _committed(name)
    if isinstance(CASES[name], mg.SMOCase):
        found = _smo_differences(fresh, committed)
    else:
        found = _boost_differences(fresh, committed)
    assert found == [], (
        f"{name} is not what the library computes now; if the change is meant, "
        "write the goldens again: python tests/js/make_golden.py\n" + "\n".join(found)
    )


def test_every_golden_has_its_case_and_stays_small() -> None:
    files = {path.name: path.stat().st_size for path in mg.GOLDEN.glob("*.json")}
    assert sorted(files) == sorted(CASES), "python tests/js/make_golden.py writes them"
    assert max(files.values()) < 60_000, files


@pytest.mark.parametrize(
    "name",
    [
        n
        for n, c in CASES.items()
        if isinstance(c, mg.SMOCase) and c.kernel["name"] == "gaussian"
    ],
)
def test_a_committed_kernel_table_is_the_librarys_kernel_values(name: str) -> None:
    """Within their rounding, as :func:`make_golden.kernel_bounds`: each side's
    exponent within γ_{d+3} E of the exact one (E the size of its terms), and
    exp within 2 ulp: |Δk| ≤ 2γ_{d+3} E k + 4 ulp(k)."""
    case = CASES[name]
    X = case.X
    committed = mg.from_floats64(_committed(name)["table"], X.shape[0])
    now = make_kernel(case.kernel)(X)
    s = 1.0 / case.kernel["sigma"] ** 2
    half = 0.5 * (X * X).sum(1)
    E = s * (np.abs(X) @ np.abs(X).T + half[:, None] + half[None, :])
    bound = 2 * mg.gamma(X.shape[1] + 3) * E * now + 4 * np.spacing(now)
    assert np.all(np.abs(now - committed) <= bound)


# --- node --test ------------------------------------------------------------------


def node() -> str:
    """Node.js (Debian's nodejs, installed with apt-get when it is missing);
    node:test and node:assert need Node 18 or later."""
    apt_install("nodejs", commands=("node",))
    path = shutil.which("node")
    version = subprocess.run([path, "--version"], capture_output=True, text=True).stdout
    major = re.match(r"v(\d+)\.", version)
    if not major or int(major.group(1)) < 18:
        pytest.fail(
            f"node --test needs Node.js 18 or later; {path} is {version.strip()!r}"
        )
    return path


def run_node(
    *tests: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    """``node --test`` on ``tests``, from the repository's root."""
    return subprocess.run(
        [node(), "--test", *map(str, tests)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=600,
    )


def _counts(out: str) -> dict[str, int]:
    """node --test's summary: ``# pass 91``, ``# fail 0``, …"""
    return {
        k: int(v) for k, v in re.findall(r"^# (\w+) (\d+)$", out, flags=re.MULTILINE)
    }


def test_node_runs_the_twins_against_the_goldens() -> None:
    """smo.test.mjs and boost.test.mjs pass (in about 3 s)."""
    assert [p.name for p in NODE_TESTS] == ["boost.test.mjs", "smo.test.mjs"]
    proc = run_node(*NODE_TESTS)
    counts = _counts(proc.stdout)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr
    assert counts.get("fail") == 0, counts
    assert counts.get("pass", 0) >= len(CASES), counts


#: One line of a twin changed, and the goldens on which that must show.
MUTATIONS = {
    "smo: WSS 3's ties to the first candidate": (
        "smo",
        "if (gain <= best) [best, j] = [gain, t];",
        "if (gain < best) [best, j] = [gain, t];",
        "smo-grid-linear-c-inf.json",
    ),
    "smo: j by the first-order rule": (
        "smo",
        "const gain = -(b * b) / (a > 0.0 ? a : TAU);",
        "const gain = -b;",
        "smo-moons-gaussian-0-5-c-1.json",
    ),
    "smo: G_t not updated by the step of j": (
        "smo",
        "for (let t = 0; t < n; t += 1) G[t] += Qi[t] * di + Qj[t] * dj;",
        "for (let t = 0; t < n; t += 1) G[t] += Qi[t] * di;",
        "smo-moons-gaussian-0-5-c-1.json",
    ),
    "smo: i's ties to the first position": (
        "smo",
        "if (inUp(y[t], status[t]) && -y[t] * G[t] >= gmax)",
        "if (inUp(y[t], status[t]) && -y[t] * G[t] > gmax)",
        "smo-integer-points-linear-c-1.json",
    ),
    "smo: the cache evicts the most recent column": (
        "smo",
        "if (this.used[s] < this.used[slot]) slot = s;",
        "if (this.used[s] > this.used[slot]) slot = s;",
        "smo-moons-gaussian-0-5-c-10-2-columns.json",
    ),
    "smo: leave-one-out hands α_i to the farthest first": (
        "smo",
        "const nearest = (a, b) => (ki[a] > ki[b] ? -1 : ki[a] < ki[b] ? 1 : a - b);",
        "const nearest = (a, b) => (ki[a] < ki[b] ? -1 : ki[a] > ki[b] ? 1 : a - b);",
        "smo-moons-gaussian-0-5-c-10.json",
    ),
    "smo: shrinking's test of an α_t at C": (
        "smo",
        "if (status[t] === UPPER) return -G[t] > (y[t] > 0 ? g1 : g2);",
        "if (status[t] === UPPER) return -G[t] > (y[t] > 0 ? g2 : g1);",
        "smo-120-integer-points-linear-c-1.json",
    ),
    "smo: ρ without a free α": (
        "smo",
        "/ free.length : (ub + lb) / 2.0;",
        "/ free.length : ub;",
        "smo-grid-linear-c-0-1-no-free.json",
    ),
    "smo: leave-one-out's G = Qα − 1 added in another order": (
        "smo",
        "for (const k of [6, 4, 2, 0])",
        "for (const k of [0, 2, 4, 6])",
        "smo-moons-gaussian-0-5-c-1.json",
    ),
    "boost: ε_t without the first point's weight": (
        "boost",
        "for (let i = 0; i < m; i += 1) if (yh[i] < 0) wMiss += w[i];",
        "for (let i = 1; i < m; i += 1) if (yh[i] < 0) wMiss += w[i];",
        "boost-moons.json",
    ),
    "boost: the weight update's sign": (
        "boost",
        "logD[i] -= yh[i] * alpha;",
        "logD[i] += yh[i] * alpha;",
        "boost-moons.json",
    ),
    "boost: ties to the last feature": (
        "boost",
        "for (let j = 0; j < prefix.length; j += 1) {",
        "for (let j = prefix.length - 1; j >= 0; j -= 1) {",
        "boost-ties-33-points-on-a-4-x-4-grid.json",
    ),
    "boost: thresholds between equal values": (
        "boost",
        "if (values[p] < values[p + 1]) {",
        "if (values[p] <= values[p + 1]) {",
        "boost-ties-coordinates-on-a-half-grid.json",
    ),
    "boost: the no-edge tolerance": (
        "boost",
        "if (eps >= 0.5 - NO_EDGE_TOL) {",
        "if (eps >= 0.5) {",
        "boost-no-edge-at-round-27.json",
    ),
    "boost: the weight of a perfect stump": (
        "boost",
        "const epsFloor = 1 / (4 * m * m);",
        "const epsFloor = 1 / (4 * m);",
        "boost-one-stump-separates.json",
    ),
}


@pytest.mark.parametrize("mutation", MUTATIONS)
def test_a_changed_line_of_a_twin_fails_the_node_test(
    tmp_path: Path, mutation: str
) -> None:
    """The Node test, given a copy of the twin with one line changed (and only
    the golden on which it must show), fails on an assertion."""
    twin, old, new, golden = MUTATIONS[mutation]
    source = (ASSETS / f"{twin}.js").read_text(encoding="utf-8")
    assert source.count(old) == 1, f"{old!r} is not (once) in {twin}.js"
    mutant = tmp_path / f"{twin}.js"
    mutant.write_text(source.replace(old, new), encoding="utf-8")
    env = {f"MARGINLAB_{twin.upper()}_JS": str(mutant), "MARGINLAB_GOLDENS": golden}
    proc = run_node(HERE / f"{twin}.test.mjs", env=env)
    counts = _counts(proc.stdout)
    assert proc.returncode != 0, f"{twin}.js with {new!r} still passes on {golden}"
    assert counts.get("fail", 0) > 0, proc.stdout[-3000:] + proc.stderr
    assert "ERR_ASSERTION" in proc.stdout, proc.stdout[-3000:]  # not a load error
