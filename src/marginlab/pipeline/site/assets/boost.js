// AdaBoost with decision stumps, run in the page on the points a student
// places: a port of the library's AdaBoost(weak_learner=Stumps())
// (marginlab/estimators/boosting/adaboost.py and weak_learners.py), which
// tests/js/boost.test.mjs (node --test, on golden traces that
// tests/js/make_golden.py writes from the library) and
// tests/workflow/test_applet_boost.py (in Chromium) check round by round
// against it. A change of a step here is made in the library too (or the
// other way round), and the goldens written again: python
// tests/js/make_golden.py.
//
// The algorithm (Mohri, Boosting, slide 'AdaBoost'; UML notes, Boosting §V–VI):
//   D_1(i) = 1/m
//   for t = 1, …, T:
//     h_t = the stump of smallest weighted error ε_t = Pr_{i∼D_t}[h_t(x_i) ≠ y_i]
//     α_t = ½ ln((1 − ε_t)/ε_t),  Z_t = 2 √(ε_t (1 − ε_t)),  γ_t = ½ − ε_t
//     D_{t+1}(i) = D_t(i) exp(−α_t y_i h_t(x_i)) / Z_t
//   f_T = Σ_t α_t h_t, predict sign(f_T) (0 counts as +1).
// Claim B1: training error of sign(f_t) ≤ Π_{s≤t} Z_s ≤ exp(−2 Σ_{s≤t} γ_s²).
// Claim B5: the margins y_i f_t(x_i) / ‖α‖₁ of the training points.
//
// As in the library, D_t is kept as log D_t (renormalized with a log-sum-exp
// each round, so no weight underflows), and the stump search sees
// w = D_t / max_i D_t(i). The operations are the library's, in its order
// (numpy's pairwise sums included), but α_t, Z_t and D_t pass through the
// engine's Math.log and Math.exp, which round otherwise than glibc's log and
// numpy's exp on some arguments: the numbers agree with the library's to a few
// ulp per round, not bit for bit. No library, no modules: a classic script.
"use strict";

window.KB = window.KB || {};

KB.boost = (function () {
  // Weighted errors within TIE_RTOL · Σ_i w_i of the smallest are ties
  // (weak_learners.TIE_RTOL); ε_t ≥ ½ − NO_EDGE_TOL is no edge (ensemble.NO_EDGE_TOL).
  const TIE_RTOL = 1e-12;
  const NO_EDGE_TOL = 1e-12;

  // Σ_i a_i in numpy's order (pairwise summation, eight running sums in a
  // block of at most 128), so that Σ_i w_i, the normalizer of D_{t+1} and ‖α‖₁
  // round as the library's do.
  function sum(a, start = 0, n = a.length) {
    if (n < 8) {
      let s = 0;
      for (let i = start; i < start + n; i += 1) s += a[i];
      return s;
    }
    if (n <= 128) {
      const r = Array.from({ length: 8 }, (_, j) => a[start + j]);
      let i = 8;
      for (; i < n - (n % 8); i += 8) for (let j = 0; j < 8; j += 1) r[j] += a[start + i + j];
      let s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
      for (; i < n; i += 1) s += a[start + i];
      return s;
    }
    const half = Math.floor(n / 2) - (Math.floor(n / 2) % 8);
    return sum(a, start, half) + sum(a, start + half, n - half);
  }

  // ---- The weak learner: stumps h(x) = s if x_j > θ else −s -------------

  function stumpAt(h, x) {
    return x[h.feature] > h.threshold ? h.polarity : -h.polarity;
  }

  // A threshold θ with a ≤ θ < b (the midpoint unless rounding forbids it).
  function midpoint(a, b) {
    const theta = 0.5 * a + 0.5 * b;
    return a <= theta && theta < b ? theta : a;
  }

  // Each feature sorted once (Mohri, Boosting, slide 'Standard Use in Practice').
  function presort(X) {
    const m = X.length;
    const features = [];
    for (let j = 0; j < X[0].length; j += 1) {
      const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => X[a][j] - X[b][j]);
      features.push({ order, values: order.map((i) => X[i][j]) });
    }
    return features;
  }

  // The stump of smallest weighted error under w. List feature j's points in
  // increasing order and let S_p = Σ_{q≤p} w_q y_q over the first p+1 of them:
  // the stump with θ between sorted values p and p+1 errs with weight Wn + S_p
  // for s = +1 and Wp − S_p for s = −1 (Wp, Wn: the weights of the classes).
  // θ = −∞ (the constant stump h ≡ s, reported on feature 0) has S = 0, and θ
  // never falls between equal values. Ties (errors within tol of the smallest)
  // go to the first candidate by feature, then threshold (θ = −∞ first), then
  // polarity (+1 before −1).
  function bestStump(features, y, w) {
    const m = y.length;
    let Wp = 0;
    for (let i = 0; i < m; i += 1) if (y[i] > 0) Wp += w[i];
    const Wn = sum(w) - Wp;
    const tol = TIE_RTOL * (Wp + Wn);
    let lo = 0, hi = 0; // the smallest and largest S, the constant stump's 0 included
    const prefix = features.map(({ order, values }) => {
      const S = new Float64Array(m - 1).fill(NaN); // NaN: inside a run of equal values
      let running = 0;
      for (let p = 0; p < m - 1; p += 1) {
        running += w[order[p]] * y[order[p]];
        if (values[p] < values[p + 1]) {
          S[p] = running;
          lo = Math.min(lo, running);
          hi = Math.max(hi, running);
        }
      }
      return S;
    });
    const err = Math.min(Wn + lo, Wp - hi);
    // The first (feature, p) whose S passes the test; p = −1 is the constant stump.
    const first = (passes) => {
      if (passes(0)) return [0, -1];
      for (let j = 0; j < prefix.length; j += 1) {
        for (let p = 0; p < m - 1; p += 1) if (passes(prefix[j][p])) return [j, p];
      }
      return null;
    };
    const plus = first((S) => S <= err - Wn + tol);
    const minus = first((S) => S >= Wp - err - tol);
    const plusFirst = plus !== null &&
      (minus === null || plus[0] < minus[0] || (plus[0] === minus[0] && plus[1] <= minus[1]));
    const [feature, p] = plusFirst ? plus : minus;
    const values = p < 0 ? null : features[feature].values;
    const threshold = p < 0 ? -Infinity : midpoint(values[p], values[p + 1]);
    return { feature, threshold, polarity: plusFirst ? 1 : -1 };
  }

  // ---- AdaBoost ------------------------------------------------------------

  function logSumExp(a) {
    const top = a.reduce((u, v) => Math.max(u, v), -Infinity);
    if (top === -Infinity) return -Infinity;
    return top + Math.log(sum(a.map((v) => Math.exp(v - top))));
  }

  // The training error of sign(f) from y_i f(x_i): y f < 0, or f = 0 (which
  // predicts +1) on a point of class −1.
  function marginError(yf, y) {
    let wrong = 0;
    for (let i = 0; i < y.length; i += 1) {
      if (yf[i] < 0 || (yf[i] === 0 && y[i] < 0)) wrong += 1;
    }
    return wrong / y.length;
  }

  // At most nRounds (default 100) rounds of AdaBoost on the points X (arrays of
  // coordinates) with labels y (> 0 is class +1, anything else −1). Never throws
  // for such data; status "ok" (every round run), "no_edge" (stopped: no stump
  // has an edge), "perfect" (stopped after a stump without training mistakes)
  // or "one_class" (no round: points of one class, which the library's fit
  // refuses with this message, core/contract/validation.py's check_two_classes).
  function fit(X, y, nRounds = 100) {
    const m = X.length;
    const labels = Float64Array.from(y, (v) => (v > 0 ? 1 : -1));
    const T = Number.isFinite(nRounds) ? Math.max(0, Math.floor(nRounds)) : 100;
    const rounds = [];
    if (m === 0) return { rounds, status: "one_class", message: "No points yet." };
    if (labels.every((v) => v === labels[0])) {
      return { rounds, status: "one_class", message: "AdaBoost needs both classes in y; " +
        `got one class (all labels are ${labels[0] > 0 ? "+1" : "-1"}).` };
    }
    const done = (status, message) => ({ rounds, status, message });
    const features = presort(X);
    const logD = new Float64Array(m).fill(Math.log(1 / m));
    const w = new Float64Array(m).fill(1); // D_t / max_i D_t(i), what the stump search sees
    let D = new Float64Array(m).fill(1 / m);
    // ε_t = 0: h_t gets the weight of ε̃ = 1/(4m²), α_t ≈ ln(2m), which makes
    // sign(f_t) right on every training point whatever came before.
    const epsFloor = 1 / (4 * m * m);
    const yf = new Float64Array(m); // y_i f_t(x_i)
    let logProductZ = 0, sumGamma2 = 0;
    for (let t = 1; t <= T; t += 1) {
      const h = bestStump(features, labels, w);
      const yh = labels.map((yi, i) => yi * stumpAt(h, X[i])); // y_i h_t(x_i)
      const wTotal = sum(w);
      let wMiss = 0;
      for (let i = 0; i < m; i += 1) if (yh[i] < 0) wMiss += w[i];
      let logEps;
      if (wMiss > 0) logEps = Math.log(wMiss) - Math.log(wTotal);
      else logEps = logSumExp(Array.from(logD).filter((_, i) => yh[i] < 0)); // underflowed in w
      let eps, logHit;
      const perfect = logEps === -Infinity;
      if (perfect) {
        eps = epsFloor;
        logEps = Math.log(eps);
        logHit = Math.log1p(-eps);
      } else {
        eps = wMiss > 0 ? wMiss / wTotal : Math.exp(logEps);
        if (eps >= 0.5 - NO_EDGE_TOL) {
          const shown = String(Number(eps.toPrecision(12)));
          return done("no_edge", `AdaBoost stopped at round ${t}: the weak learner's ` +
            `best hypothesis has weighted error eps_t = ${shown} >= 1/2 (no edge) and ` +
            `was not added; ${t - 1} round(s) kept.`);
        }
        logHit = Math.log(wTotal - wMiss) - Math.log(wTotal);
      }
      const alpha = 0.5 * (logHit - logEps);
      const logZ = Math.log(2) + 0.5 * (logEps + logHit);
      // D_{t+1} ∝ D_t exp(−α_t y_i h_t(x_i)), normalized in log space.
      for (let i = 0; i < m; i += 1) logD[i] -= yh[i] * alpha;
      const top = logD.reduce((u, v) => Math.max(u, v));
      for (let i = 0; i < m; i += 1) w[i] = Math.exp(logD[i] - top);
      const logNorm = top + Math.log(sum(w));
      for (let i = 0; i < m; i += 1) {
        logD[i] -= logNorm;
        yf[i] += yh[i] * alpha;
      }
      const gamma = 0.5 - eps;
      logProductZ += logZ;
      sumGamma2 += gamma * gamma;
      rounds.push({
        ...h, alpha, epsilon: eps, gamma, Z: Math.exp(logZ), D,
        trainError: marginError(yf, labels),
        productZ: Math.exp(logProductZ),
        expBound: Math.exp(-2 * sumGamma2),
      });
      D = logD.map(Math.exp);
      if (perfect) {
        return done("perfect", `Round ${t}'s stump makes no training mistake (ε = 0): ` +
          "it is kept with the weight of ε̃ = 1/(4m²), and boosting stops.");
      }
    }
    return done("ok", "");
  }

  // f_t(x) = Σ_{s≤t} α_s h_s(x) at every point of Xq (t: all rounds by default).
  function decision(model, Xq, t = model.rounds.length) {
    const f = new Float64Array(Xq.length);
    model.rounds.slice(0, Math.max(0, t)).forEach((r) => {
      for (let i = 0; i < Xq.length; i += 1) f[i] += r.alpha * stumpAt(r, Xq[i]);
    });
    return f;
  }

  // The L1 margins y_i f_t(x_i) / Σ_{s≤t} α_s in [−1, 1] (0 before any round).
  function margins(model, X, y, t = model.rounds.length) {
    const f = decision(model, X, t);
    const norm = sum(model.rounds.slice(0, Math.max(0, t)).map((r) => Math.abs(r.alpha)));
    return f.map((v, i) => (norm > 0 ? ((y[i] > 0 ? 1 : -1) * v) / norm : 0));
  }

  // The error of sign(f_t) on the points X with labels y (> 0 is class +1, the
  // rest −1), f = 0 predicting +1: on the training points, round t's
  // trainError (y_i f_t(x_i) is the same number, summed in the same order).
  function error(model, X, y, t = model.rounds.length) {
    const labels = Float64Array.from(y, (v) => (v > 0 ? 1 : -1));
    const yf = decision(model, X, t).map((v, i) => labels[i] * v);
    return marginError(yf, labels);
  }

  return { fit, decision, margins, error };
})();
