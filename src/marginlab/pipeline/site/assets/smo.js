// The SVM trained by SMO in the browser: a port, step for step, of marginlab's
// solver (estimators/svm/smo.py and its loop, estimators/svm/solver.py), of
// SVM.fit (estimators/svm/classifier.py) and of the brute-force leave-one-out
// (estimators/svm/loo.py, retrain="all"). A classic script (no modules, no
// libraries; it runs from file://) defining window.KB.smo = {kernel, fit,
// decision, loo} (and its parts solve, rho and looWarmStart).
//
// The library specifies it: tests/js/smo.test.mjs (node --test) runs it on
// golden traces that tests/js/make_golden.py writes from the library (α, b,
// the support set, the working set of each step, the leave-one-out), and
// tests/workflow/test_applet_smo.py in Chromium. A change of a step here is
// made in the library too (or the other way round), and the goldens written
// again: python tests/js/make_golden.py.
//
// The dual of the soft-margin SVM (Huang 2017, slide 'SMO (L1)'; libsvm):
//
//   minimize f(α) = ½ αᵀQα − eᵀα,  Q_ij = y_i y_j k(x_i, x_j),
//   subject to 0 ≤ α_t ≤ C and yᵀα = 0;  f(x) = Σ α_i y_i k(x_i, x) + b, b = −ρ.
//
// SMO keeps the gradient G = Qα − e. With
//   I_up(α)  = {t : α_t < C, y_t = +1  or  α_t > 0, y_t = −1},
//   I_low(α) = {t : α_t < C, y_t = −1  or  α_t > 0, y_t = +1},
// m(α) = max_{I_up} −y_t G_t and M(α) = min_{I_low} −y_t G_t, α is optimal
// once m(α) − M(α) < tol. Each step takes i = argmax_{I_up} −y_t G_t, j by the
// second-order rule (Fan, Chen & Lin 2005, WSS 3), minimizes f exactly along
// the pair (Platt's step, clipped to the box) and updates G with the columns
// Q_i, Q_j, computed on demand and kept in a bounded least-recently-used
// cache. Shrinking (Joachims 1999) sets aside bounded α_t that are unlikely to
// move; the full gradient is rebuilt before optimality is declared.
//
// The arithmetic is the Python code's, operation by operation (numpy's
// pairwise sums and einsum order included), because the path of SMO turns on
// last bits: after a step on (i, j), −y_i G_i and −y_j G_j are equal in exact
// arithmetic, and which one is chosen next depends on their rounding. Given
// the same kernel values (a kernel may be any object with prepare, value and
// diag, such as a table of precomputed values), this file takes the library's
// steps and computes its α, b, support and leave-one-out bit for bit; only
// sums that are BLAS dot products in the library (f(x), ‖w‖²) agree to
// rounding. What no port can copy is a kernel value that needs a
// transcendental function: the Gaussian's Math.exp is the JavaScript
// engine's, numpy's exp its own, and they may differ in the last bit on some
// arguments (as may Math.pow and numpy's power, or a BLAS dot product that
// fuses a·b + c). With its own kernel values the page's α is then a solution
// of the library's problem to the solver's tolerance, and its path may part
// from the library's at the first tie that a last bit decides.
(function () {
  "use strict";

  const TAU = 1e-12; // a_t ≤ 0 (duplicate points, a non-PSD kernel) → τ
  const LOWER = 0, UPPER = 1, FREE = 2; // status of α_t: at 0, at C, in between
  const SHRINK_EVERY = 1000; // steps between two shrinking passes (at most)
  const CHECK_EVERY = 1000; // steps between two hard-margin checks
  const MIN_MARGIN = 1e-6; // a hard margin below this × √max k(x, x) is none

  // --- kernels (core/kernels/functions.py) -----------------------------------

  /** Points as one Float64Array, row after row: {m, d, data}. */
  function points(X) {
    const m = X.length, d = m ? X[0].length : 0;
    const data = new Float64Array(m * d);
    X.forEach((x, a) => data.set(x, a * d));
    return { m, d, data };
  }

  /** ⟨u_a, v_b⟩, added in coordinate order (numpy's matmul does so for d ≤ 3). */
  function dot(u, a, v, b, d) {
    let s = u[a * d] * v[b * d];
    for (let k = 1; k < d; k += 1) s += u[a * d + k] * v[b * d + k];
    return s;
  }

  /** ‖x_a‖² for every row (np.einsum("ij,ij->i", X, X)). */
  const squares = (P) => Float64Array.from({ length: P.m }, (_, a) => dot(P.data, a, P.data, a, P.d));

  /** v^d as numpy computes it: the square exactly, other powers by pow. */
  const power = (v, d) => (d === 2 ? v * v : Math.pow(v, d));

  /**
   * A kernel from its config, {name: "linear"}, {name: "polynomial", degree,
   * c} or {name: "gaussian", sigma}; a kernel object (isKernel) as it is;
   * null for anything else. prepare(P) holds what every column reuses
   * (Kernel._prepare); value(A, a, B, b) is k(x_a, z_b) for prepared A and B,
   * computed as Kernel._column computes column a; diag(P) is k(x_t, x_t)
   * (Kernel._diag); k(x, z) for two points.
   */
  function kernel(spec) {
    if (isKernel(spec)) return spec;
    const name = spec && spec.name;
    let kern = null;
    if (name === "linear") {
      kern = { // ⟨x, z⟩
        prepare: (P) => ({ P }),
        value: (A, a, B, b) => dot(A.P.data, a, B.P.data, b, A.P.d),
        diag: squares,
      };
    } else if (name === "polynomial") {
      const degree = spec.degree === undefined ? 2 : +spec.degree;
      const c = spec.c === undefined ? 1.0 : +spec.c;
      if (!(Number.isInteger(degree) && degree >= 1 && c >= 0)) return null;
      kern = { // (⟨x, z⟩ + c)^d
        prepare: (P) => ({ P }),
        value: (A, a, B, b) => power(dot(A.P.data, a, B.P.data, b, A.P.d) + c, degree),
        diag: (P) => squares(P).map((v) => power(v + c, degree)),
      };
    } else if (name === "gaussian") {
      const s = 1.0 / (spec.sigma * spec.sigma);
      if (!(spec.sigma > 0 && s < Infinity)) return null;
      kern = { // exp(−‖x − z‖²/(2σ²)) = exp(⟨x, z/σ²⟩ − ‖x‖²/(2σ²) − ‖z‖²/(2σ²)), at most 1
        prepare: (P) => ({ P, scaled: P.data.map((v) => v * s), half: squares(P).map((v) => 0.5 * s * v) }),
        value: (A, a, B, b) => Math.exp(Math.min(dot(A.P.data, a, B.scaled, b, A.P.d) - A.half[a] - B.half[b], 0.0)),
        diag: (P) => new Float64Array(P.m).fill(1.0),
      };
    }
    if (kern === null) return null;
    kern.spec = spec;
    kern.k = (x, z) => kern.value(kern.prepare(points([x])), 0, kern.prepare(points([z])), 0);
    return kern;
  }

  /**
   * Whether k is a kernel object already: what kernel(spec) returns, or any
   * {prepare, value, diag} of the same meaning, which fit, decision and loo
   * use as they are: prepare(P) gets points as points() makes them, {m, d,
   * data}; a table of precomputed values k(x_a, x_b) for points that are
   * indices [a] is value: (A, a, B, b) => K[A.data[a]][B.data[b]] with
   * prepare: (P) => P.
   */
  function isKernel(k) {
    return Boolean(k) && ["prepare", "value", "diag"].every((f) => typeof k[f] === "function");
  }

  /** numpy's sum of a Float64Array: pairwise, in blocks of up to 128 over 8 lanes. */
  function sum(a, lo = 0, n = a.length) {
    let s = 0.0, i = 0;
    if (n < 8) {
      for (; i < n; i += 1) s += a[lo + i];
    } else if (n <= 128) {
      const r = Array.from(a.subarray(lo, lo + 8));
      for (i = 8; i < n - (n % 8); i += 8) for (let k = 0; k < 8; k += 1) r[k] += a[lo + i + k];
      s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
      for (; i < n; i += 1) s += a[lo + i];
    } else {
      const half = Math.floor(n / 2) - (Math.floor(n / 2) % 8);
      s = sum(a, lo, half) + sum(a, lo + half, n - half);
    }
    return s;
  }

  // --- the Q matrices (smo.py's KernelQ and GramQ) ---------------------------

  /**
   * Q_ij = y_i y_j k(x_i, x_j) with columns computed on demand and kept in a
   * least-recently-used cache (smo.py's KernelQ, libsvm's Cache): cacheBytes
   * buys full-length slots (at least two). Positions are the solver's order of
   * the variables; swap(i, j) exchanges two. A slot holds a prefix of its
   * column; a longer request computes only the missing entries.
   */
  class KernelQ {
    constructor(kern, P, y, cacheBytes) {
      const m = P.m;
      const slots = Math.min(m, Math.max(2, Math.floor(cacheBytes / (8 * Math.max(m, 1)))));
      Object.assign(this, { m, kern, state: kern.prepare(P), nEvals: 0, clock: 0 });
      this.y = Float64Array.from(y);
      this.QD = kern.diag(P); // Q_tt = k(x_t, x_t); the solver shares it, swap permutes it
      this.order = Int32Array.from({ length: m }, (_, t) => t); // position → point
      this.columns = new Array(slots).fill(null); // each made at its first use
      this.slotOf = new Int32Array(m).fill(-1); // position → slot
      this.owner = new Int32Array(slots).fill(-1); // slot → position
      this.length = new Int32Array(slots); // valid prefix of each slot
      this.used = new Float64Array(slots).fill(-1); // time of last use; −1: free
    }

    /** Column i, valid on positions 0 … length − 1 until the next call but one. */
    getQ(i, length) {
      this.clock += 1;
      let slot = this.slotOf[i];
      if (slot < 0) { // a free slot, or the least recently used one
        slot = 0;
        for (let s = 0; s < this.used.length; s += 1) if (this.used[s] < this.used[slot]) slot = s;
        if (this.owner[slot] >= 0) this.slotOf[this.owner[slot]] = -1;
        this.owner[slot] = i;
        this.slotOf[i] = slot;
        this.length[slot] = 0;
        this.columns[slot] = this.columns[slot] || new Float64Array(this.m);
      }
      this.used[slot] = this.clock;
      const column = this.columns[slot], start = this.length[slot];
      if (start < length) {
        const { y, QD, order, state } = this;
        for (let t = start; t < length; t += 1) { // Q_ii = k(x_i, x_i) exactly
          column[t] = t === i ? QD[i] : y[i] * y[t] * this.kern.value(state, order[i], state, order[t]);
        }
        this.nEvals += length - start;
        this.length[slot] = length;
      }
      return column;
    }

    /** Exchange positions i and j; a cached column holding entry i but not j is given up. */
    swap(i, j) {
      if (i === j) return;
      if (i > j) [i, j] = [j, i];
      const { order, y, QD, slotOf, owner, length } = this;
      for (const a of [order, y, QD, slotOf]) [a[i], a[j]] = [a[j], a[i]];
      if (slotOf[i] >= 0) owner[slotOf[i]] = i;
      if (slotOf[j] >= 0) owner[slotOf[j]] = j;
      for (let s = 0; s < owner.length; s += 1) {
        if (length[s] > j) {
          const column = this.columns[s];
          [column[i], column[j]] = [column[j], column[i]];
        } else if (length[s] > i) {
          slotOf[owner[s]] = -1;
          owner[s] = -1;
          length[s] = 0;
          this.used[s] = -1;
        }
      }
    }
  }

  /**
   * Q read from a precomputed L × L matrix Qfull (row after row) on the points
   * index[0 … l−1] (smo.py's GramQ): leave-one-out leaves a point out of index
   * and copies nothing. No kernel is evaluated.
   */
  class GramQ {
    constructor(Qfull, L, diag, index) {
      Object.assign(this, { Qfull, L, nEvals: 0, turn: 0 });
      this.index = Int32Array.from(index);
      this.QD = Float64Array.from(this.index, (a) => diag[a]);
      this.spare = [new Float64Array(index.length), new Float64Array(index.length)];
    }

    getQ(i, length) {
      const column = this.spare[(this.turn ^= 1)], row = this.index[i] * this.L;
      for (let t = 0; t < length; t += 1) column[t] = this.Qfull[row + this.index[t]];
      return column;
    }

    swap(i, j) {
      for (const a of [this.index, this.QD]) [a[i], a[j]] = [a[j], a[i]];
    }
  }

  // --- the solver (svm/solver.py's run, as smo.py's solve drives it) ---------

  /** out[t] += a · x[t] for t from start on. */
  function axpy(a, x, out, start) {
    for (let t = start; t < out.length; t += 1) out[t] += a * x[t];
  }

  /** t ∈ I_up(α): y_t α_t can grow. */
  const inUp = (y, status) => (y > 0 ? status !== UPPER : status !== LOWER);
  /** t ∈ I_low(α): y_t α_t can shrink. */
  const inLow = (y, status) => (y > 0 ? status !== LOWER : status !== UPPER);
  const statusOf = (alpha, C) => (alpha >= C ? UPPER : alpha <= 0.0 ? LOWER : FREE);
  /** m(α) − M(α) with the bias; the largest violation without. */
  const gap = (g1, g2, bias) => (bias ? g1 + g2 : Math.max(g1, g2));

  /**
   * libsvm's Solver: α, G, Ḡ (the part of G due to the α_t at C), the status
   * of every α_t, and the active prefix 0 … n−1 of the positions (the rest is
   * shrunk). Positions move (shrinking swaps them); active[t] is the variable
   * at position t.
   */
  class Solver {
    constructor(Q, y, C, alpha, G) {
      Object.assign(this, { Q, C, QD: Q.QD, m: y.length, n: y.length, Gbar: null, unshrunk: false });
      this.y = Float64Array.from(y);
      this.alpha = Float64Array.from(alpha);
      this.G = Float64Array.from(G);
      this.status = Int8Array.from(this.alpha, (a) => statusOf(a, C));
      this.active = Int32Array.from({ length: this.m }, (_, t) => t);
    }

    /** Ḡ_t = C Σ_{α_s = C} Q_ts. */
    initGbar() {
      this.Gbar = new Float64Array(this.m);
      for (let s = 0; s < this.m; s += 1) {
        if (this.status[s] === UPPER) axpy(this.C, this.Q.getQ(s, this.m), this.Gbar, 0);
      }
    }

    /** Keep Ḡ when α_t has reached or left C. */
    updateGbar(t, wasUpper) {
      if (this.Gbar === null || wasUpper === (this.status[t] === UPPER)) return;
      axpy((wasUpper ? -1.0 : 1.0) * this.C, this.Q.getQ(t, this.m), this.Gbar, 0);
    }

    /** G_t = Ḡ_t − 1 + Σ_{free s} α_s Q_ts for the shrunk t. */
    reconstructGradient() {
      const { n, m, G, alpha, status, Q } = this;
      if (n === m) return;
      for (let t = n; t < m; t += 1) G[t] = this.Gbar[t] - 1.0;
      const free = [];
      for (let s = 0; s < n; s += 1) if (status[s] === FREE) free.push(s);
      if (free.length * m > 2 * n * (m - n)) { // row by row
        for (let t = n; t < m; t += 1) {
          const Qt = Q.getQ(t, n);
          let g = G[t];
          for (let s = 0; s < n; s += 1) if (status[s] === FREE) g += alpha[s] * Qt[s];
          G[t] = g;
        }
      } else { // column by column
        for (const s of free) axpy(alpha[s], Q.getQ(s, m), G, n);
      }
    }

    /** [m(α), −M(α)] = [max_{I_up} −y_t G_t, max_{I_low} y_t G_t] on the active prefix. */
    violations() {
      const { y, G, status } = this;
      let g1 = -Infinity, g2 = -Infinity;
      for (let t = 0; t < this.n; t += 1) {
        if (inUp(y[t], status[t]) && -y[t] * G[t] > g1) g1 = -y[t] * G[t];
        if (inLow(y[t], status[t]) && y[t] * G[t] > g2) g2 = y[t] * G[t];
      }
      return [g1, g2];
    }

    /**
     * A bounded α_t that cannot join the next working set: −y_t G_t above
     * m(α) for a member of I_low only, below M(α) for a member of I_up only.
     */
    beShrunk(t, g1, g2) {
      const { y, G, status } = this;
      if (status[t] === UPPER) return -G[t] > (y[t] > 0 ? g1 : g2);
      if (status[t] === LOWER) return G[t] > (y[t] > 0 ? g2 : g1);
      return false;
    }

    /** libsvm's do_shrinking, with its one un-shrinking when the gap first falls to 10·tol. */
    shrink(tol, bias) {
      let [g1, g2] = this.violations();
      if (!bias) [g1, g2] = [Math.max(g1, 0.0), Math.max(g2, 0.0)];
      if (this.Gbar === null) this.initGbar();
      if (!this.unshrunk && gap(g1, g2, bias) <= 10.0 * tol) {
        this.unshrunk = true;
        this.reconstructGradient();
        this.n = this.m;
      }
      let n = this.n; // move the variables to shrink behind the active prefix
      for (let i = 0; i < n; i += 1) {
        if (!this.beShrunk(i, g1, g2)) continue;
        for (n -= 1; n > i; n -= 1) {
          if (!this.beShrunk(n, g1, g2)) {
            for (const a of [this.y, this.G, this.alpha, this.Gbar, this.status, this.active]) {
              [a[i], a[n]] = [a[n], a[i]];
            }
            this.Q.swap(i, n);
            break;
          }
        }
      }
      this.n = n;
    }

    /**
     * The working set [i, j, Q_i] on the active prefix, or null when it is
     * optimal. With the bias, i = argmax_{I_up} −y_t G_t and j by WSS 3, ties
     * to the last position; without, the single most violating t (j = −1),
     * ties to the first.
     */
    select(bias, tol) {
      const { y, G, status, n, QD } = this;
      if (!bias) {
        let best = -Infinity, i = -1;
        for (let t = 0; t < n; t += 1) {
          const F = -y[t] * G[t];
          if (inUp(y[t], status[t]) && best < F) [best, i] = [F, t];
          if (inLow(y[t], status[t]) && best < -F) [best, i] = [-F, t];
        }
        return i >= 0 && best >= tol ? [i, -1, null] : null;
      }
      let gmax = -Infinity, i = -1; // m(α)
      for (let t = 0; t < n; t += 1) {
        if (inUp(y[t], status[t]) && -y[t] * G[t] >= gmax) [gmax, i] = [-y[t] * G[t], t];
      }
      if (i < 0) return null;
      const Qi = this.Q.getQ(i, n);
      // j = argmin −b_t²/a_t over t ∈ I_low with b_t = m(α) + y_t G_t > 0,
      // a_t = Q_ii + Q_tt − 2 y_i y_t Q_it; gmax2 = −M(α).
      let gmax2 = -Infinity, j = -1, best = Infinity;
      for (let t = 0; t < n; t += 1) {
        if (!inLow(y[t], status[t])) continue;
        const v = y[t] * G[t];
        if (v >= gmax2) gmax2 = v;
        const b = gmax + v;
        if (b > 0.0) {
          const a = QD[i] + QD[t] - 2.0 * y[i] * y[t] * Qi[t];
          const gain = -(b * b) / (a > 0.0 ? a : TAU);
          if (gain <= best) [best, j] = [gain, t];
        }
      }
      return j < 0 || gmax + gmax2 < tol ? null : [i, j, Qi];
    }

    /** One SMO step on {i, j}, or on {i} without the bias; Qi: the column select read. */
    step(i, j, Qi, bias) {
      const { y, G, alpha, status, QD, C, n } = this;
      if (!bias) { // exact minimization along α_i: α_i ← clip(α_i − G_i / Q_ii, 0, C)
        Qi = this.Q.getQ(i, n);
        const value = Math.min(Math.max(alpha[i] - G[i] / (QD[i] > 0.0 ? QD[i] : TAU), 0.0), C);
        const d = value - alpha[i];
        alpha[i] = value;
        for (let t = 0; t < n; t += 1) G[t] += Qi[t] * d;
        const was = status[i] === UPPER;
        status[i] = statusOf(value, C);
        this.updateGbar(i, was);
        return;
      }
      const Qj = this.Q.getQ(j, n); // Qi stays valid: the cache keeps two columns
      // Platt's step: along the direction that keeps yᵀα, f is a parabola of
      // curvature a = Q_ii + Q_jj − 2 y_i y_j Q_ij; go to its minimum, clipped
      // to the box 0 ≤ α ≤ C (libsvm's update).
      let ai = alpha[i], aj = alpha[j];
      const oldI = ai, oldJ = aj;
      let quad = QD[i] + QD[j] - 2.0 * y[i] * y[j] * Qi[j];
      if (quad <= 0.0) quad = TAU;
      if (y[i] !== y[j]) { // α_i − α_j stays fixed
        const delta = (-G[i] - G[j]) / quad;
        const diff = ai - aj;
        ai += delta;
        aj += delta;
        if (diff > 0.0) {
          if (aj < 0.0) [aj, ai] = [0.0, diff];
        } else if (ai < 0.0) [ai, aj] = [0.0, -diff];
        if (diff > 0.0) {
          if (ai > C) [ai, aj] = [C, C - diff];
        } else if (aj > C) [aj, ai] = [C, C + diff];
      } else { // α_i + α_j stays fixed
        const delta = (G[i] - G[j]) / quad;
        const total = ai + aj;
        ai -= delta;
        aj += delta;
        if (total > C) {
          if (ai > C) [ai, aj] = [C, total - C];
          if (aj > C) [aj, ai] = [C, total - C];
        } else {
          if (aj < 0.0) [aj, ai] = [0.0, total];
          if (ai < 0.0) [ai, aj] = [0.0, total];
        }
      }
      alpha[i] = ai;
      alpha[j] = aj;
      const di = ai - oldI, dj = aj - oldJ;
      for (let t = 0; t < n; t += 1) G[t] += Qi[t] * di + Qj[t] * dj;
      const wasI = status[i] === UPPER, wasJ = status[j] === UPPER;
      status[i] = statusOf(ai, C);
      status[j] = statusOf(aj, C);
      this.updateGbar(i, wasI);
      this.updateGbar(j, wasJ);
    }
  }

  /**
   * Minimize ½αᵀQα − eᵀα over 0 ≤ α ≤ C (and yᵀα = 0 with the bias) by SMO,
   * from a feasible α with G = Qα − e (smo.py's solve, libsvm's
   * Solver::Solve): shrink every min(l, 1000) steps; when the active prefix
   * is optimal, rebuild G and select again on all variables, stopping if they
   * are optimal too. monitor(α, G, nIter), called every CHECK_EVERY steps,
   * may return a message to stop. Returns {alpha, G, nIter, converged, message}.
   */
  function solve(Q, y, C, tol, alpha, G, { maxIter, shrinking = true, bias = true, monitor = null }) {
    const s = new Solver(Q, y, C, alpha, G);
    const m = s.m;
    let nIter = 0, counter = Math.min(m, SHRINK_EVERY) + 1, converged = false, message = null;
    while (nIter < maxIter) {
      counter -= 1;
      if (counter === 0) {
        counter = Math.min(m, SHRINK_EVERY);
        if (shrinking) s.shrink(tol, bias);
      }
      let ws = s.select(bias, tol);
      if (ws === null) {
        s.reconstructGradient();
        s.n = m;
        ws = s.select(bias, tol);
        if (ws === null) {
          converged = true;
          break;
        }
        counter = 1; // shrink at the next step
      }
      nIter += 1;
      s.step(ws[0], ws[1], ws[2], bias);
      if (monitor !== null && nIter % CHECK_EVERY === 0) {
        message = monitor(s.alpha.subarray(0, s.n), s.G.subarray(0, s.n), nIter);
        if (message) break;
      }
    }
    if (!converged) {
      s.reconstructGradient();
      s.n = m;
    }
    const alphaOut = new Float64Array(m), Gout = new Float64Array(m);
    s.active.forEach((v, t) => {
      alphaOut[v] = s.alpha[t];
      Gout[v] = s.G[t];
    });
    return { alpha: alphaOut, G: Gout, nIter, converged, message };
  }

  /**
   * ρ = −b (libsvm's calculate_rho): y_t G_t = ρ for every free α_t, so ρ is
   * their mean; without a free α_t, the midpoint of the bounds on ρ that the
   * bounded ones give.
   */
  function rho(alpha, G, y, C) {
    const free = [];
    let ub = Infinity, lb = -Infinity;
    for (let t = 0; t < alpha.length; t += 1) {
      const yG = y[t] * G[t];
      if (alpha[t] > 0 && alpha[t] < C) free.push(yG);
      else if ((alpha[t] >= C && y[t] < 0) || (alpha[t] <= 0 && y[t] > 0)) ub = Math.min(ub, yG);
      else lb = Math.max(lb, yG);
    }
    return free.length ? sum(Float64Array.from(free)) / free.length : (ub + lb) / 2.0;
  }

  // --- the SVM (classifier.py) ----------------------------------------------

  const fail = (status, message) => ({ status, message, converged: false });
  const largest = (a) => a.reduce((u, v) => (v > u ? v : u), -Infinity);
  const indicesWhere = (a, keep) => a.reduce((out, v, t) => (keep(v) && out.push(t), out), []);

  /** null when X (points of one dimension, finite) and y (labels ±1, both) will do; else a failure. */
  function checkData(X, y) {
    if (!Array.isArray(X) || !X.length || !y || X.length !== y.length) {
      return fail("invalid", "X and y need the same, non-zero number of points.");
    }
    const d = Array.isArray(X[0]) ? X[0].length : 0;
    for (let a = 0; a < X.length; a += 1) {
      if (!d || !Array.isArray(X[a]) || X[a].length !== d || !X[a].every(Number.isFinite)) {
        return fail("invalid", `Point ${a} is not a list of ${d || "some"} finite numbers.`);
      }
      if (y[a] !== 1 && y[a] !== -1) return fail("invalid", `Label ${a} is ${y[a]}, not ±1.`);
    }
    if (y.every((v) => v === y[0])) {
      return fail("one_class", `SVM needs both classes in y; got one class (all labels are ${y[0] > 0 ? "+1" : "-1"}).`);
    }
    return null;
  }

  /**
   * The hard-margin monitor (_check_hard_margin): with yᵀα = 0, the classes'
   * convex hulls are at most 2‖w‖/Σα apart in the feature space
   * (‖w‖² = αᵀ(G + e)), so the margin is at most ‖w‖/Σα; a message when that
   * is below MIN_MARGIN of the scale √max k(x, x).
   */
  function hardMarginMonitor(scale) {
    return (alpha, G, nIter) => {
      const total = sum(alpha);
      if (total <= 0.0) return null;
      let w2 = 0.0;
      for (let t = 0; t < alpha.length; t += 1) w2 += alpha[t] * (G[t] + 1.0);
      const bound = Math.sqrt(Math.max(w2, 0.0)) / total;
      if (!(bound < MIN_MARGIN * Math.max(scale, 1e-300))) return null;
      return "The classes are not separable in the kernel's feature space: after "
        + `${nIter} SMO steps the hard-margin (C=inf) margin is at most ${bound.toExponential(1)}, `
        + `below 1e-6 of the feature-space scale ${scale.toPrecision(3)}. Use a finite C `
        + "(soft margin), or check for identical points with opposite labels.";
    };
  }

  /**
   * Train the SVM by SMO (SVM.fit). X: points [x1, x2, …]; y: labels ±1; opts:
   * {kernel: spec (default Gaussian σ = 1) or kernel object, C = 1 (Infinity:
   * the hard margin), tol = 1e-3, cacheBytes = 200 MiB, shrinking = true,
   * maxIter = max(10⁷, 100 m) (a page should pass a cap), alpha0 (a feasible
   * start), fitIntercept = true}.
   *
   * Returns {status, message, alpha, b, support (the i with α_i > 0), nIter,
   * nKernelEvals, converged, margin (1/‖w‖), dualObjective, G, kernel (the
   * kernel object; kernel.spec is its config), …}. status:
   * "ok"; "max_iter" (the cap was reached); "not_separable" (C = ∞, and the
   * classes are not separable in the feature space); "one_class" or
   * "invalid" (no solve). It never throws for the user's data.
   */
  function fit(X, y, opts = {}) {
    const bad = checkData(X, y);
    if (bad) return bad;
    const spec = opts.kernel || { name: "gaussian", sigma: 1.0 };
    const kern = kernel(spec);
    if (kern === null) return fail("invalid", `Not a kernel: ${JSON.stringify(spec)}.`);
    const m = X.length;
    const C = opts.C === undefined ? 1.0 : +opts.C;
    const tol = opts.tol === undefined ? 1e-3 : +opts.tol;
    const cacheBytes = opts.cacheBytes === undefined ? 200 * 2 ** 20 : +opts.cacheBytes;
    const maxIter = opts.maxIter === undefined ? Math.max(1e7, 100 * m) : +opts.maxIter;
    if (!(C > 0 && tol > 0 && cacheBytes >= 1 && maxIter >= 1)) {
      return fail("invalid", "C and tol must be positive, cacheBytes and maxIter at least 1.");
    }
    const bias = opts.fitIntercept !== false, shrinking = opts.shrinking !== false;
    const Q = new KernelQ(kern, points(X), y, cacheBytes);
    const start = warmStart(Q, kern, X, y, C, bias, opts.alpha0);
    if (start.status) return start;
    const monitor = C === Infinity ? hardMarginMonitor(Math.sqrt(Math.max(largest(Q.QD), 0.0))) : null;
    const r = solve(Q, y, C, tol, start.alpha, start.G, { maxIter, shrinking, bias, monitor });
    const { alpha, G } = r;
    let w2 = 0.0, dual = 0.0; // ‖w‖² = αᵀQα = αᵀ(G + e), and f(α) = ½ αᵀ(G − e)
    for (let t = 0; t < m; t += 1) {
      w2 += alpha[t] * (G[t] + 1.0);
      dual += alpha[t] * (G[t] - 1.0);
    }
    let status = "ok", message = null;
    if (r.message) [status, message] = ["not_separable", r.message];
    else if (!r.converged) {
      status = "max_iter";
      message = `SVM reached max_iter=${maxIter} SMO steps (the cap) before m(α) − M(α) < tol=${tol}; `
        + "the solution is not optimal.";
    }
    return {
      status, message, alpha, G,
      b: bias ? -rho(alpha, G, y, C) : 0.0,
      support: indicesWhere(alpha, (a) => a > 0),
      nIter: r.nIter, nKernelEvals: Q.nEvals, converged: r.converged,
      margin: w2 > 0 ? 1.0 / Math.sqrt(w2) : Infinity,
      dualObjective: 0.5 * dual,
      X, y, kernel: kern, C, tol, bias, shrinking, maxIter,
    };
  }

  /**
   * α at the start, 0 or alpha0 (checked as SVM._start does), and its
   * gradient G = Qα − e from the support vectors of alpha0; those kernel
   * values k(x_t, x_s) count as evaluations.
   */
  function warmStart(Q, kern, X, y, C, bias, alpha0) {
    const m = X.length;
    const G = new Float64Array(m).fill(-1.0);
    if (alpha0 === undefined || alpha0 === null) return { alpha: new Float64Array(m), G };
    const alpha = Float64Array.from(alpha0);
    if (alpha.length !== m) return fail("invalid", `alpha0 has ${alpha.length} values; expected ${m}.`);
    if (!alpha.every((a) => a >= 0 && a <= C)) return fail("invalid", `alpha0 must lie in [0, C=${C}].`);
    const scale = Math.max(1.0, largest(alpha));
    const yAlpha = alpha.reduce((s, a, t) => s + a * y[t], 0.0);
    if (bias && Math.abs(yAlpha) > 1e-9 * scale * m) {
      return fail("invalid", `alpha0 must satisfy yᵀα = 0; got ${yAlpha}.`);
    }
    const support = indicesWhere(alpha, (a) => a > 0);
    if (support.length) {
      const A = kern.prepare(points(X)), B = kern.prepare(points(support.map((s) => X[s])));
      for (let t = 0; t < m; t += 1) {
        let f = 0.0;
        support.forEach((s, k) => { f += kern.value(A, t, B, k) * (alpha[s] * y[s]); });
        G[t] += y[t] * f;
      }
      Q.nEvals += m * support.length;
    }
    return { alpha, G };
  }

  /**
   * f(x) = Σ_{i∈SV} α_i y_i k(x_i, x) + b at each point of Xq
   * (SVM.decision_function); NaN for what a failed fit returned.
   */
  function decision(model, Xq) {
    const out = new Float64Array(Xq.length).fill(model && model.alpha ? model.b : NaN);
    if (!model || !model.alpha || !model.support.length || !Xq.length) return out;
    const kern = kernel(model.kernel);
    const A = kern.prepare(points(Xq)), B = kern.prepare(points(model.support.map((s) => model.X[s])));
    const coef = model.support.map((s) => model.alpha[s] * model.y[s]);
    for (let q = 0; q < Xq.length; q += 1) {
      let f = 0.0;
      coef.forEach((c, k) => { f += kern.value(A, q, B, k) * c; });
      out[q] = f + model.b;
    }
    return out;
  }

  // --- leave-one-out (loo.py) ------------------------------------------------

  /**
   * Σ_k u[offset + k] v[k] over k < n in the order of numpy's einsum kernel
   * (np.einsum("jk,k->j", Q, α) in loo.py): two lanes, the even and the odd
   * k; each block of eight adds its products last first; then lane 0 + lane 1.
   */
  function einsumDot(u, offset, v, n) {
    const lane = [null, null];
    const add = (s, k) => {
      const p = u[offset + k] * v[k];
      lane[s] = lane[s] === null ? p : p + lane[s];
    };
    let i = 0;
    for (; n - i >= 8; i += 8) for (const s of [0, 1]) for (const k of [6, 4, 2, 0]) add(s, i + k + s);
    for (; i < n; i += 2) for (const s of [0, 1]) if (i + s < n) add(s, i + s);
    return lane[1] === null ? lane[0] : lane[0] + lane[1];
  }

  /** Give amount to slots of capacities room, in order, each to the full (loo.py's _fill). */
  function fillUp(amount, room) {
    let before = 0.0;
    return room.map((r) => {
      const give = Math.min(Math.max(amount - before, 0.0), r);
      before += r;
      return give;
    });
  }

  /**
   * A feasible start without point i (loo_warm_start): α_i = 0, and its
   * amount handed to the same-class free support vectors, nearest first
   * (largest k(x_i, x_j)), each up to C; what is left is taken off the other
   * class, nearest first, each down to 0, so that yᵀα = 0 still holds. Values
   * within 1e-12·C of a bound are put on it.
   */
  function looWarmStart(alpha, y, C, i, ki, bias) {
    const start = Float64Array.from(alpha);
    const amount = start[i];
    start[i] = 0.0;
    if (!bias || amount <= 0.0) return start;
    const nearest = (a, b) => (ki[a] > ki[b] ? -1 : ki[a] < ki[b] ? 1 : a - b);
    const free = indicesWhere(start, (a) => a > 0.0 && a < C).filter((j) => y[j] === y[i]).sort(nearest);
    const give = fillUp(amount, free.map((j) => C - start[j]));
    free.forEach((j, k) => { start[j] += give[k]; });
    const rest = amount - sum(Float64Array.from(give));
    if (rest > 0.0) {
      const other = indicesWhere(start, (a) => a > 0.0).filter((j) => y[j] !== y[i]).sort(nearest);
      const take = fillUp(rest, other.map((j) => start[j]));
      other.forEach((j, k) => { start[j] -= take[k]; });
    }
    const eps = 1e-12 * (C < Infinity ? C : largest(alpha));
    start.forEach((a, j) => {
      if (a <= eps) start[j] = 0.0;
      else if (C < Infinity && a >= C - eps) start[j] = C;
    });
    return start;
  }

  /**
   * The exact leave-one-out error by brute force (svm_loo(..., retrain="all")):
   * for every point i, the SVM on the l − 1 others, warm-started from the full
   * solution (looWarmStart) and solved by SMO on the precomputed
   * Q = (y yᵀ) ∘ K; i is a mistake when sign f_{−i}(x_i) ≠ y_i (f = 0 counts
   * as +1). model: fit(X, y, opts), if made already.
   *
   * Returns {status, message, mistakes, nErrors, looError, nSV, svBound (#SV/l,
   * the bound LOO error ≤ #SV/l of Huang 2017, §5.2), looDecision (f_{−i}(x_i)),
   * nIter (summed), steps (of each retrain), notConverged}; status "too_few"
   * when a class has fewer than 2 points, or the status of a failed fit.
   */
  function loo(X, y, opts = {}, model = null) {
    const bad = checkData(X, y);
    if (bad) return bad;
    for (const label of [-1, 1]) {
      const count = y.filter((v) => v === label).length;
      if (count < 2) {
        return fail("too_few", `svm_loo needs at least 2 points of each class; class ${label > 0 ? "+1" : "-1"} has ${count}.`);
      }
    }
    model = model || fit(X, y, opts);
    if (model.status !== "ok" && model.status !== "max_iter") return fail(model.status, model.message);
    const { alpha, C, tol, bias } = model;
    const l = X.length, kern = kernel(model.kernel);
    const P = points(X), A = kern.prepare(P), diag = kern.diag(P);
    const Qfull = new Float64Array(l * l); // y_a y_c k(x_a, x_c); k(x_a, x_a) exactly
    for (let a = 0; a < l; a += 1) {
      for (let c = 0; c < l; c += 1) Qfull[a * l + c] = (a === c ? diag[a] : kern.value(A, a, A, c)) * y[a] * y[c];
    }
    const G = Float64Array.from({ length: l }, (_, a) => einsumDot(Qfull, a * l, alpha, l) - 1.0);
    const looDecision = new Float64Array(l), steps = new Array(l);
    let nIter = 0, notConverged = 0;
    for (let i = 0; i < l; i += 1) {
      const ki = Float64Array.from(y, (yt, t) => y[i] * yt * Qfull[i * l + t]); // k(x_i, x_t)
      const start = looWarmStart(alpha, y, C, i, ki, bias);
      const shift = new Float64Array(l); // G' = G + Σ_k Δα_k Q_k
      for (let k = 0; k < l; k += 1) {
        const delta = start[k] - alpha[k];
        if (delta !== 0) for (let t = 0; t < l; t += 1) shift[t] += delta * Qfull[k * l + t];
      }
      const keep = indicesWhere(y, () => true).filter((t) => t !== i);
      const ySub = keep.map((t) => y[t]);
      const r = solve(new GramQ(Qfull, l, diag, keep), ySub, C, tol,
        keep.map((t) => start[t]), keep.map((t) => G[t] + shift[t]),
        { maxIter: model.maxIter, shrinking: model.shrinking, bias });
      let f = 0.0; // f_{−i}(x_i) = Σ_{t≠i} α_t y_t k(x_i, x_t) + b
      keep.forEach((t, k) => { f += ki[t] * (r.alpha[k] * ySub[k]); });
      looDecision[i] = f + (bias ? -rho(r.alpha, r.G, ySub, C) : 0.0);
      nIter += r.nIter;
      steps[i] = r.nIter;
      notConverged += r.converged ? 0 : 1;
    }
    const mistakes = Array.from(looDecision, (f, t) => (f >= 0.0 ? 1 : -1) !== y[t]);
    const nErrors = mistakes.filter(Boolean).length, nSV = model.support.length;
    return {
      status: "ok",
      message: notConverged ? `${notConverged} of ${l} retrains reached max_iter=${model.maxIter}.` : null,
      mistakes, nErrors, looError: nErrors / l, nSV, svBound: nSV / l, looDecision, nIter, steps,
      notConverged,
    };
  }

  const root = typeof window !== "undefined" ? window : globalThis;
  root.KB = root.KB || {};
  root.KB.smo = { kernel, fit, decision, loo, solve, rho, looWarmStart };
})();
