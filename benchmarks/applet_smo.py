"""The atlas's SMO in the browser (assets/smo.js) beside the library's SVM.

Usage (from the project root)::

    python benchmarks/applet_smo.py [--out results/benchmarks_applet_smo.csv]
                                    [--m 100 300 1000] [--loo-m 100 300]
                                    [--repeats 5]

The live applet of the claims atlas trains the SVM in the page with
``src/marginlab/pipeline/site/assets/smo.js``. This script times it in
headless Chromium (Debian's ``chromium``, driven by Playwright, as the tests
do) against ``SVM.fit`` in this process (numba-compiled), on the same two
moons (noise 0.2), Gaussian σ = 0.5, C = 1, tol 1e-3: ours = smo.js, peer =
the library, ``ratio = ours_s / peer_s``. The brute-force leave-one-out
(``KB.smo.loo`` against ``svm_loo(..., retrain="all")``) is timed for the
sizes of ``--loo-m``.

As in ``harness.py``: inputs are built once; each side gets one untimed
warm-up; the repeats alternate which side goes first; times are medians. The
browser's time is ``performance.now()`` around the call inside the page (the
page's clock is coarsened to about 0.1 ms), so Playwright's round trip is not
counted. There is no target: the numbers say whether a page can train live.
The quality columns say how close the answers are (SMO steps and kernel
evaluations, which agree exactly only when the paths do; see
tests/workflow/test_applet_smo.py).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SMO_JS = ROOT / "src" / "marginlab" / "pipeline" / "site" / "assets" / "smo.js"
DEFAULT_OUT = ROOT / "results" / "benchmarks_applet_smo.csv"
SIGMA, C, TOL = 0.5, 1.0, 1e-3

#: Chromium's flags in the tests (tests/workflow/browser.py).
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]

TIMED = """([what, X, y, opts]) => {
  const start = performance.now();
  const model = KB.smo.fit(X, y, opts);
  const loo = what === "loo" ? KB.smo.loo(X, y, opts, model) : null;
  const seconds = (performance.now() - start) / 1000;
  return { seconds, nIter: model.nIter, nKernelEvals: model.nKernelEvals,
    nSV: model.support.length, f: Array.from(KB.smo.decision(model, X)),
    looErrors: loo && loo.nErrors, looIter: loo && loo.nIter };
}"""


def _alternate(
    ours: Callable[[], tuple[float, dict]],
    peer: Callable[[], tuple[float, dict]],
    repeats: int,
) -> tuple[list[float], list[float], dict, dict]:
    """Time both sides alternately (one warm-up each); the last results."""
    ours(), peer()
    times: tuple[list[float], list[float]] = ([], [])
    last: list[dict] = [{}, {}]
    for r in range(repeats):
        order = (0, 1) if r % 2 == 0 else (1, 0)
        for side in order:
            seconds, result = (ours, peer)[side]()
            times[side].append(seconds)
            last[side] = result
    return times[0], times[1], last[0], last[1]


def measure(page, what: str, m: int, repeats: int) -> dict[str, object]:
    """One case: smo.js in the page against the library, on m moons."""
    from marginlab.core.datasets import make_moons
    from marginlab.core.kernels import Gaussian
    from marginlab.estimators.svm import SVM, svm_loo

    data = make_moons(m, noise=0.2, seed=0)
    X, y = data.X.tolist(), [int(v) for v in data.y]
    opts = {"kernel": {"name": "gaussian", "sigma": SIGMA}, "C": C, "tol": TOL}

    def ours() -> tuple[float, dict]:
        result = page.evaluate(TIMED, [what, X, y, opts])
        return result["seconds"], result

    def peer() -> tuple[float, dict]:
        start = time.perf_counter()
        svm = SVM(kernel=Gaussian(SIGMA), C=C, tol=TOL).fit(data.X, data.y)
        loo = None
        if what == "loo":
            loo = svm_loo(
                SVM(kernel=Gaussian(SIGMA), C=C, tol=TOL), data.X, data.y, retrain="all"
            )
        seconds = time.perf_counter() - start
        return seconds, {
            "nIter": svm.n_iter_,
            "nKernelEvals": svm.n_kernel_evals_,
            "nSV": int(svm.support_.size),
            "f": svm.decision_function(data.X),
            "looErrors": loo and loo.n_errors,
        }

    ours_s, peer_s, js, py = _alternate(ours, peer, repeats)
    row = {
        "case": f"applet_smo_{what}_m{m}",
        "size": f"m={m}, moons, Gaussian σ={SIGMA}, C={C:g}",
        "ours_s": statistics.median(ours_s),
        "peer_s": statistics.median(peer_s),
    }
    row["ratio"] = row["ours_s"] / row["peer_s"]
    row.update(
        ours_min_s=min(ours_s),
        peer_min_s=min(peer_s),
        repeats=repeats,
        target="none",
        meets_target="n/a",
        n_iter_ours=js["nIter"],
        n_iter_peer=py["nIter"],
        kernel_evals_ours=js["nKernelEvals"],
        kernel_evals_peer=py["nKernelEvals"],
        n_sv_ours=js["nSV"],
        n_sv_peer=py["nSV"],
        max_abs_diff_f=float(np.max(np.abs(np.array(js["f"]) - py["f"]))),
    )
    if what == "loo":
        row.update(loo_errors_ours=js["looErrors"], loo_errors_peer=py["looErrors"])
    return row


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="applet_smo.py", description="smo.js in Chromium beside SVM.fit."
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--m", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--loo-m", type=int, nargs="*", default=[100, 300])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    if args.repeats < 1 or any(m < 4 for m in [*args.m, *args.loo_m]):
        parser.error("--repeats must be >= 1 and every m >= 4")
    executable = shutil.which("chromium")
    if executable is None:
        parser.error("needs Debian's chromium (apt-get install chromium)")

    import pandas as pd
    from playwright.sync_api import sync_playwright

    from marginlab.core.io import write_frame_atomic

    rows = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        harness = Path(folder) / "harness.html"
        harness.write_text(f'<script src="{SMO_JS.as_uri()}"></script>')
        browser = playwright.chromium.launch(executable_path=executable, args=FLAGS)
        try:
            page = browser.new_page()
            page.goto(harness.as_uri())
            for what, sizes in (("fit", args.m), ("loo", args.loo_m)):
                for m in sizes:
                    rows.append(measure(page, what, m, args.repeats))
                    print(f"{rows[-1]['case']}: done", file=sys.stderr)
        finally:
            browser.close()
    frame = pd.DataFrame(rows)
    write_frame_atomic(frame, args.out)
    with pd.option_context("display.width", 250, "display.max_columns", None):
        print(frame.to_string(index=False))
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
