// smo.js (the atlas's SVM by SMO) against the library, under node --test:
// each golden tests/js/golden/smo-*.json holds what SVM.fit and
// svm_loo(retrain="all") computed on a problem (tests/js/make_golden.py wrote
// it), and this runs KB.smo on the same problem.
//
// smo.js promises the library's arithmetic step for step, given the same
// kernel values: a Gaussian golden gives its table of the library's values
// (the points become indices [a], the kernel a look-up), and the linear and
// polynomial goldens are on integer points, whose kernel values are exact on
// both sides. So the status, α, b, the support set, the SMO steps and kernel
// evaluations, every traced step (the α it moved, the evaluations so far),
// and the leave-one-out's steps per retrain, support vectors and mistakes are
// compared exactly, bit for bit. Sums that the library leaves to BLAS, which
// adds them in another order (and may fuse a·b + c), agree to rounding: a sum
// of n terms, in any order, is within γ_n Σ|terms| of the exact one, so two
// orders differ by at most 2γ_n Σ|terms| (f(x), ‖w‖², the dual objective,
// f_{−i}(x_i)); the writer made sure no f_{−i}(x_i) is that close to 0.
// smo.js's own Gaussian values (Math.exp, not numpy's exp) are compared with
// the table within their rounding, as make_golden.py's kernel_bounds:
// 2γ_{d+3} E k + 4 ulp(k), E the size of the exponent's terms.
import assert from "node:assert/strict";
import { test } from "node:test";
import { firstDifference, floats64, gamma, goldens, load, U } from "./twins.mjs";

const KB = load("smo");

/** k(x_a, x_b) = K[a·m + b] for points that are indices [a] (make_golden.py's Table). */
function tableKernel(K, m) {
  return {
    prepare: (P) => P,
    value: (A, a, B, b) => K[A.data[a] * m + B.data[b]],
    diag: (P) => Float64Array.from(P.data, (a) => K[a * m + a]),
  };
}

/** Bit for bit, or which entry differs first and how. */
function sameBits(got, want, what) {
  const k = firstDifference(Array.from(got), want);
  assert.ok(k < 0, `${what}[${k}]: smo.js ${got[k]}, the library ${want[k]}`);
}

/** |got − want| ≤ bound, entry by entry. */
function within(got, want, bound, what) {
  want.forEach((w, k) => {
    const b = typeof bound === "number" ? bound : bound[k];
    assert.ok(Math.abs(got[k] - w) <= b, `${what}[${k}]: smo.js ${got[k]}, the library ${w} (bound ${b})`);
  });
}

for (const g of goldens("smo")) {
  const m = g.y.length;
  const K = g.table === null ? null : floats64(g.table);
  const X = K ? g.X.map((_, a) => [a]) : g.X;
  const opts = { ...g.settings, kernel: K ? tableKernel(K, m) : g.settings.kernel };
  const kern = KB.smo.kernel(opts.kernel);
  const k = (a, b) => (K ? K[a * m + b] : kern.k(g.X[a], g.X[b]));

  test(`${g.name} (${g.file})`, async (t) => {
    const model = KB.smo.fit(X, g.y, opts);
    const want = g.fit;

    await t.test("fit: status, α, b, support, steps, kernel evaluations", () => {
      assert.equal(model.status, want.status, model.message);
      if (want.status === "not_separable") {
        assert.match(model.message, new RegExp(`after ${want.n_iter} SMO steps`));
        return;
      }
      assert.equal(model.nIter, want.n_iter, "SMO steps");
      sameBits(model.alpha, want.alpha, "α");
      assert.ok(Object.is(model.b, want.b), `b: smo.js ${model.b}, the library ${want.b}`);
      assert.deepEqual(Array.from(model.support), want.support, "support");
      assert.equal(model.nKernelEvals, want.n_kernel_evals, "kernel evaluations");
      assert.equal(model.converged, want.status === "ok");
    });

    if (want.status !== "not_separable") await t.test("fit: f(x), ‖w‖ and the dual objective, to rounding", () => {
      const alpha = model.alpha;
      let norm = 0, kMax = 0;
      for (let a = 0; a < m; a += 1) {
        norm += alpha[a];
        for (let b = 0; b < m; b += 1) kMax = Math.max(kMax, Math.abs(k(a, b)));
      }
      // f(x_a) = Σ_s α_s y_s k(x_s, x_a) + b: 2γ_{m+1} (Σ_s |k| α_s + |b|).
      const terms = g.X.map((_, a) => want.support.reduce((sum, sv) => sum + Math.abs(k(a, sv)) * alpha[sv], Math.abs(want.b)));
      within(Array.from(KB.smo.decision(model, X)), want.decision, terms.map((s) => 2 * gamma(m + 1) * s), "f(x)");
      // ‖w‖² = Σ_t α_t (Qα)_t, Σ_t |α_t (Qα)_t| ≤ max|k| ‖α‖₁²; 1/√ adds 4u.
      const w2 = 1 / want.margin ** 2;
      if (Number.isFinite(want.margin)) {
        const rel = (gamma(m) * kMax * norm * norm) / w2 + 4 * U;
        within([model.margin], [want.margin], rel * want.margin, "margin");
      } else assert.equal(model.margin, Infinity);
      // ½ Σ_t α_t (G_t − 1): γ_m Σ_t |α_t (G_t − 1)| ≤ γ_m (max|k| ‖α‖₁² + 2‖α‖₁).
      const dual = gamma(m) * (kMax * norm * norm + 2 * norm);
      within([model.dualObjective], [want.dual_objective], dual, "dual objective");
    });

    await t.test(`the first ${g.trace.length} steps, one by one`, () => {
      let before = Array.from(g.settings.alpha0 || new Array(m).fill(0));
      g.trace.forEach((step, s) => {
        const r = KB.smo.fit(X, g.y, { ...opts, maxIter: s + 1 });
        const moved = [];
        r.alpha.forEach((a, i) => { if (a !== before[i]) moved.push([i, a]); });
        const bits = firstDifference(moved.flat(), step.flat());
        assert.ok(bits < 0, `step ${s + 1}: smo.js moved ${JSON.stringify(moved)}, the library ${JSON.stringify(step)}`);
        assert.equal(r.nKernelEvals, g.trace_evals[s], `kernel evaluations after step ${s + 1}`);
        before = Array.from(r.alpha);
      });
    });

    if (g.loo) {
      await t.test("leave-one-out: steps per retrain, mistakes, f_{−i}(x_i)", () => {
        const r = KB.smo.loo(X, g.y, opts, model);
        assert.equal(r.status, "ok", r.message);
        assert.deepEqual(Array.from(r.steps), g.loo.steps, "SMO steps of each retrain");
        assert.equal(r.nIter, g.loo.n_iter);
        assert.equal(r.nSV, g.loo.n_sv);
        let kMax = 0;
        for (let a = 0; a < m; a += 1) for (let b = 0; b < m; b += 1) kMax = Math.max(kMax, Math.abs(k(a, b)));
        // make_golden.loo_decision_tol: 2γ_m (2 max|k| ‖α_{−i}‖₁ + |f|).
        const tol = g.loo.loo_decision.map((f, i) => 2 * gamma(m) * (2 * kMax * g.loo.alpha_norms[i] + Math.abs(f)));
        within(Array.from(r.looDecision), g.loo.loo_decision, tol, "f_{−i}(x_i)");
        assert.deepEqual(Array.from(r.mistakes), g.loo.mistakes, "mistakes");
        assert.equal(r.nErrors, g.loo.n_errors);
      });
    }

    if (K) {
      await t.test("its own Gaussian values, within their rounding of the table", () => {
        const own = KB.smo.kernel(g.settings.kernel), s = 1 / g.settings.kernel.sigma ** 2;
        const d = g.X[0].length;
        const half = (x) => 0.5 * x.reduce((v, c) => v + c * c, 0);
        for (let a = 0; a < m; a += 1) {
          for (let b = 0; b < m; b += 1) {
            const x = g.X[a], z = g.X[b], want = K[a * m + b];
            const E = s * (x.reduce((v, c, j) => v + Math.abs(c * z[j]), 0) + half(x) + half(z));
            const bound = 2 * gamma(d + 3) * E * want + 4 * (2 ** -52 * want + 2 ** -1074);
            const got = own.k(x, z);
            assert.ok(Math.abs(got - want) <= bound, `k(x_${a}, x_${b}): smo.js ${got}, the library ${want}`);
          }
        }
      });
    }
  });
}
