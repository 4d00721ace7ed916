// boost.js (the atlas's AdaBoost with stumps) against the library, under
// node --test: each golden tests/js/golden/boost-*.json holds what
// AdaBoost(weak_learner=Stumps()) computed round by round on placed points
// (tests/js/make_golden.py wrote it), and this runs KB.boost on them.
//
// boost.js does the library's operations in its order, but α_t, Z_t and D_t
// pass through Math.log and Math.exp, which round otherwise than glibc's log
// and numpy's exp on some arguments (its header says so): each round's
// numbers agree to rtol(t) = 64 t u relative (about eight logs and exps a
// round, each within 2 ulp on either side, carried to the next round through
// log D_t; make_golden.rtol and test_applet_boost.py), at the scale of their
// terms where they come out of a cancellation (γ_t, α_t and the margins:
// scale 1; f_T: ‖α‖₁). What is decided by comparing numbers is compared
// exactly: the status and its message, the number of rounds, every stump
// (feature, threshold, polarity) and every training error, for the writer
// refused point sets where a tie, the no-edge stop or the sign of f_t at a
// training point is within that tolerance of its threshold.
import assert from "node:assert/strict";
import { test } from "node:test";
import { goldens, load, U } from "./twins.mjs";

const KB = load("boost");
const PER_ROUND = 64;
const rtol = (t) => PER_ROUND * Math.max(t, 1) * U;

/** |got − want| ≤ rtol(t)(|want| + scale), entry by entry. */
function close(got, want, t, scale, what) {
  [want].flat().forEach((w, k) => {
    const v = [got].flat()[k];
    const bound = rtol(t) * (Math.abs(w) + scale);
    assert.ok(Math.abs(v - w) <= bound, `${what}${Array.isArray(want) ? `[${k}]` : ""}: boost.js ${v}, the library ${w}`);
  });
}

for (const g of goldens("boost")) {
  test(`${g.name} (${g.file})`, () => {
    const model = KB.boost.fit(g.X, g.y, g.n_rounds);
    assert.equal(model.status, g.status, model.message);
    if (g.status === "no_edge" || g.status === "one_class") assert.equal(model.message, g.message);
    assert.equal(model.rounds.length, g.rounds.length, "rounds kept");
    if (g.status === "one_class") return;
    let norm = 0;
    g.rounds.forEach((want, k) => {
      const got = model.rounds[k], t = want.t;
      const stump = [got.feature, got.threshold, got.polarity];
      assert.deepEqual(stump, [want.feature, want.threshold, want.polarity], `round ${t}: the stump`);
      assert.equal(got.trainError, want.train_error, `round ${t}: the training error`);
      close(got.epsilon, want.eps, t, 0, `round ${t}: ε`);
      close(got.gamma, want.gamma, t, 1, `round ${t}: γ`);
      close(got.alpha, want.alpha, t, 1, `round ${t}: α`);
      close(got.Z, want.Z, t, 0, `round ${t}: Z`);
      close(Array.from(got.D), g.D[k], t, 0, `round ${t}: D_t`);
      close(got.productZ, want.bound_Z, t, 0, `round ${t}: Π Z_s`);
      close(got.expBound, want.bound_gamma, t, 0, `round ${t}: exp(−2 Σ γ_s²)`);
      // The panel's smallest margin, and claim B1's chain in the page's numbers.
      const margins = Array.from(KB.boost.margins(model, g.X, g.y, t));
      close(Math.min(...margins), want.min_margin, t, 1, `round ${t}: smallest margin`);
      assert.ok(got.trainError <= got.productZ && got.productZ <= got.expBound * (1 + rtol(t)),
        `round ${t}: B1 fails: error ${got.trainError}, Π Z ${got.productZ}, exp bound ${got.expBound}`);
      norm += Math.abs(want.alpha);
    });
    const T = g.rounds.length;
    if (T) close(Array.from(KB.boost.margins(model, g.X, g.y)), g.margins, T, 1, "margins at T");
    close(Array.from(KB.boost.decision(model, g.grid)), g.f_T, T, norm, "f_T on the grid");
  });
}
