// The live SMO applet (smo.html), after the lecture's (Huang 2017, slide
// "SMO (L1)"): the student places points of two classes, picks the kernel, C
// and the tolerance, and the page trains the SVM by SMO (assets/smo.js) and
// AdaBoost with stumps (assets/boost.js) on them, then shows the slide's
// comment window and the claims K11, E1, E2, B1 and B5 on those points.
// Drawing helpers (plotArea, rightPad, axes, line, surface, points, fmt)
// come from assets/applets.js. No library, no network.
"use strict";

(() => {
  const root = document.getElementById("smo-live");
  if (!root) return;
  const $ = (id) => document.getElementById(id);
  const PRESETS = window.KB_PRESETS || {};
  // The page's cap on SMO steps: a request no kernel can meet (C = ∞ on
  // data it does not separate) stops here and says so, instead of hanging.
  const MAX_ITER = 200000;
  // Leave-one-out is recomputed after each change up to this many points.
  const LOO_AUTO = 150;
  // Cells per axis of the grid on which f is drawn (and E2 compares f).
  const CELLS = 90;
  // C of the K11 curve: 10^-2 … 10^3.
  const CS = Array.from({ length: 11 }, (_, k) => 10 ** (-2 + k / 2));
  // AdaBoost's rounds at most (the T slider's range).
  const ROUNDS = 100;

  const state = {
    X: [], y: [], view: { x: [-1, 1], y: [-1, 1] },
    model: null, f: null, loo: null, boost: null, e2: null, k11: null,
  };

  // --- the settings --------------------------------------------------------

  function kernelSpec() {
    const name = $("kernel").value;
    if (name === "gaussian") return { name, sigma: Math.max(+$("sigma").value, 1e-6) };
    if (name === "polynomial") {
      return { name, degree: Math.max(1, Math.round(+$("degree").value)), c: Math.max(0, +$("coef").value) };
    }
    return { name: "linear" };
  }

  function readC() {
    const text = $("C").value.trim().toLowerCase();
    if (["inf", "∞", "infinity"].includes(text)) return Infinity;
    const C = Number(text);
    return Number.isFinite(C) && C > 0 ? C : null;
  }

  function options(extra = {}) {
    return { kernel: kernelSpec(), C: readC(), tol: +$("tol").value, maxIter: MAX_ITER, ...extra };
  }

  function describeKernel(spec) {
    if (spec.name === "gaussian") return `rbf (σ = ${fmt(spec.sigma)})`;
    if (spec.name === "polynomial") return `poly (degree ${spec.degree}, c = ${fmt(spec.c)})`;
    return "linear";
  }

  // --- the picture -----------------------------------------------------------

  function area(canvas) {
    const p = plotArea(canvas, state.view.x, state.view.y);
    p.toData = (px, py) => [
      state.view.x[0] + ((px - p.left) / p.w) * (state.view.x[1] - state.view.x[0]),
      state.view.y[0] + ((p.top + p.h - py) / p.h) * (state.view.y[1] - state.view.y[0]),
    ];
    return p;
  }

  function gridPoints() {
    const out = [];
    for (let j = 0; j < CELLS; j += 1) {
      for (let i = 0; i < CELLS; i += 1) {
        out.push([
          state.view.x[0] + ((i + 0.5) / CELLS) * (state.view.x[1] - state.view.x[0]),
          state.view.y[0] + ((j + 0.5) / CELLS) * (state.view.y[1] - state.view.y[0]),
        ]);
      }
    }
    return out;
  }

  // f on the grid as signed bytes for surface(): |f| = 1 (the margin) maps to
  // `band` of the scale, so the band |f| < 1 is drawn pale.
  function quantize(f, scale) {
    return Int8Array.from(f, (v) => Math.max(-127, Math.min(127, Math.round((127 * v) / scale))));
  }

  // The level set f = level on the grid, by marching squares (segments).
  function contour(ctx, p, f, level, colour, dash) {
    const at = (i, j) => f[j * CELLS + i] - level;
    const px = (i) => p.left + ((i + 0.5) / CELLS) * p.w;
    const py = (j) => p.top + p.h - ((j + 0.5) / CELLS) * p.h;
    ctx.save();
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1.4;
    ctx.setLineDash(dash);
    ctx.beginPath();
    for (let j = 0; j + 1 < CELLS; j += 1) {
      for (let i = 0; i + 1 < CELLS; i += 1) {
        const corners = [[i, j], [i + 1, j], [i + 1, j + 1], [i, j + 1]];
        const cuts = [];
        for (let k = 0; k < 4; k += 1) {
          const [a, b] = [corners[k], corners[(k + 1) % 4]];
          const [va, vb] = [at(...a), at(...b)];
          if ((va < 0) !== (vb < 0)) {
            const s = va / (va - vb);
            cuts.push([px(a[0] + s * (b[0] - a[0])), py(a[1] + s * (b[1] - a[1]))]);
          }
        }
        for (let k = 0; k + 1 < cuts.length; k += 2) {
          ctx.moveTo(...cuts[k]);
          ctx.lineTo(...cuts[k + 1]);
        }
      }
    }
    ctx.stroke();
    ctx.restore();
  }

  function cross(ctx, x, y, r) {
    ctx.save();
    ctx.strokeStyle = "#b3261e";
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x - r, y - r);
    ctx.lineTo(x + r, y + r);
    ctx.moveTo(x - r, y + r);
    ctx.lineTo(x + r, y - r);
    ctx.stroke();
    ctx.restore();
  }

  function pointsOf() {
    return { x1: state.X.map((x) => x[0]), x2: state.X.map((x) => x[1]), label: state.y };
  }

  function ticks(range) {
    return [range[0], (range[0] + range[1]) / 2, range[1]];
  }

  function drawSVM() {
    const canvas = $("svm-view");
    const ctx = canvas.getContext("2d");
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const p = area(canvas);
    const m = state.model;
    if (m && state.f) {
      const scale = Math.max(1.5, ...state.f.map(Math.abs));
      surface(ctx, p, { n1: CELLS, n2: CELLS }, quantize(state.f, scale), 1 / scale);
      contour(ctx, p, state.f, 0, INK, []);
      contour(ctx, p, state.f, 1, INK, [5, 4]);
      contour(ctx, p, state.f, -1, INK, [5, 4]);
    }
    axes(ctx, p, "x1", "x2", ticks(state.view.x), ticks(state.view.y));
    const support = new Set(m && m.status !== "one_class" ? m.support : []);
    points(ctx, p, pointsOf(), 4, support);
    if (state.loo) {
      state.loo.mistakes.forEach((wrong, i) => {
        if (wrong) cross(ctx, p.x(state.X[i][0]), p.y(state.X[i][1]), 6);
      });
    }
  }

  // --- the comment window -----------------------------------------------------

  function trainingError(model) {
    const f = KB.smo.decision(model, state.X);
    let wrong = 0;
    f.forEach((v, i) => { if ((v > 0 ? 1 : -1) !== state.y[i]) wrong += 1; });
    return wrong / state.y.length;
  }

  function comment() {
    const m = state.model;
    const C = readC();
    const lines = [];
    if (!m) {
      lines.push(state.X.length ? "C must be a number > 0, or inf." : "Click to place points of both classes.");
    } else {
      const spec = kernelSpec();
      lines.push(`Kernel: ${describeKernel(spec)}, C: ${C === Infinity ? "Inf" : fmt(C)}, tolerance: ${$("tol").value}`);
      if (m.status === "one_class") {
        lines.push(m.message || "Only one class: the SVM needs points of both classes.");
      } else {
        lines.push(`Kernel evaluations: ${m.nKernelEvals}`);
        lines.push(`Number of Support Vectors: ${m.support.length} of ${state.X.length}`);
        lines.push(`Margin: ${Number.isFinite(m.margin) ? m.margin.toFixed(4) : "∞"}`);
        lines.push(`Training error: ${(100 * trainingError(m)).toFixed(2)}%`);
        lines.push(`SMO steps: ${m.nIter}`);
        if (m.status === "max_iter") {
          lines.push(`Stopped at the page's cap of ${MAX_ITER} SMO steps before the gap fell below the tolerance: `
            + "the solution is not optimal (C = ∞ on data this kernel does not separate?).");
        } else if (m.status === "not_separable") {
          lines.push(m.message || "The classes are not separable in this kernel's feature space: use a finite C.");
        }
      }
    }
    $("comment").textContent = lines.join("\n");
  }

  // --- E1, E2, K11 --------------------------------------------------------------

  function usable(model) {
    return model && (model.status === "ok" || model.status === "max_iter");
  }

  function runLoo() {
    const m = state.model;
    if (!usable(m)) {
      state.loo = null;
      $("loo-out").textContent = "No SVM to leave points out of.";
      return;
    }
    const loo = KB.smo.loo(state.X, state.y, options(), m);
    if (loo.status !== "ok") {
      state.loo = null;
      $("loo-out").textContent = loo.message || "No leave-one-out error for these points.";
      return;
    }
    state.loo = loo;
    const l = state.X.length;
    const holds = loo.nErrors <= loo.nSV;
    $("loo-out").textContent = `Leave-one-out error ${loo.nErrors}/${l} = ${fmt(loo.looError)} `
      + `${holds ? "≤" : ">"} #SV/l = ${loo.nSV}/${l} = ${fmt(loo.svBound)}: the bound `
      + `${holds ? "holds" : "does not hold"}. Each of the ${l} points was left out and the SVM re-solved `
      + `(warm-started, ${loo.nIter} SMO steps in all); the crossed points are those it then misclassifies.`;
  }

  function e2(removed, alpha, before) {
    const m = state.model;
    if (!usable(m) || !before) {
      $("e2-out").textContent = "After the deletion there is no SVM to compare (one class left?).";
      return;
    }
    const after = state.f;
    let diff = 0;
    let top = 0;
    after.forEach((v, k) => { diff = Math.max(diff, Math.abs(v - before[k])); top = Math.max(top, Math.abs(before[k])); });
    const what = alpha > 0
      ? `a support vector (α = ${fmt(alpha)})`
      : "not a support vector (α = 0)";
    const same = diff <= 1e-3 * Math.max(1, top);
    state.e2 = { alpha, diff, same };
    $("e2-out").textContent = `You removed point (${fmt(removed[0])}, ${fmt(removed[1])}), ${what}: `
      + `f changed by at most ${fmt(diff)} on the grid (max |f| = ${fmt(top)}), `
      + `${same ? "unchanged" : "changed"} within 10⁻³ of max(1, max |f|)`
      + `${alpha > 0 ? "; E2 speaks of non-support vectors only." : ", as E2 says."}`;
  }

  function k11() {
    const canvas = $("margin-view");
    const ctx = canvas.getContext("2d");
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (!usable(state.model)) {
      $("k11-out").textContent = "";
      return;
    }
    const margins = CS.map((C) => {
      const fit = KB.smo.fit(state.X, state.y, options({ C }));
      return usable(fit) && Number.isFinite(fit.margin) ? fit.margin : null;
    });
    const known = margins.filter((v) => v !== null);
    if (!known.length) return;
    const lo = Math.min(...known) / 1.5;
    const hi = Math.max(...known) * 1.5;
    const p = plotArea(canvas, [CS[0], CS[CS.length - 1]], [lo, hi], {
      logx: true, logy: true, pad: [46, rightPad(ctx, CS[CS.length - 1]), 14, 34],
    });
    axes(ctx, p, "C", "margin 1/‖w‖", [CS[0], 1, CS[CS.length - 1]], [lo, hi]);
    line(ctx, p, CS, margins, `rgb(${POS.join(",")})`, 2);
    const C = readC();
    if (Number.isFinite(C) && C >= CS[0] && C <= CS[CS.length - 1]) {
      line(ctx, p, [C, C], [lo, hi], INK, 1, [4, 3]);
    }
    let falls = true;
    known.forEach((v, k) => { if (k && v > known[k - 1] * (1 + 1e-6)) falls = false; });
    state.k11 = { margins, falls };
    $("k11-out").textContent = `The margin 1/‖w‖ at C = 10⁻² … 10³: ${fmt(known[0])} down to `
      + `${fmt(known[known.length - 1])}; ${falls ? "it never grows with C" : "it grows somewhere with C"} `
      + "on this grid (a larger C pays more for each margin error, so the margin narrows). Dashed: your C.";
  }

  // --- AdaBoost (B1, B5) ---------------------------------------------------------

  function drawBoost() {
    const T = +$("rounds").value;
    $("rounds-out").textContent = `T = ${T}`;
    const views = ["boost-view", "boost-bounds", "boost-margins"].map($);
    views.forEach((c) => c.getContext("2d").clearRect(0, 0, c.width, c.height));
    const b = state.boost;
    if (!b || !b.rounds.length) {
      $("boost-out").textContent = b && b.message ? b.message : "AdaBoost needs points of both classes.";
      return;
    }
    const t = Math.min(T, b.rounds.length);
    const round = b.rounds[t - 1];
    // Regions of sign f_t and the points, sized by D_t.
    let ctx = views[0].getContext("2d");
    let p = area(views[0]);
    const f = KB.boost.decision(b, gridPoints(), t);
    surface(ctx, p, { n1: CELLS, n2: CELLS }, Int8Array.from(f, (v) => (v > 0 ? 64 : v < 0 ? -64 : 0)), 0, 0.5);
    axes(ctx, p, "x1", "x2", ticks(state.view.x), ticks(state.view.y));
    const m = state.X.length;
    points(ctx, p, pointsOf(), (i) => Math.max(1.5, Math.min(14, 3 * Math.sqrt(round.D[i] * m))));
    // Training error against Π Z_s and exp(−2 Σ γ_s²).
    ctx = views[1].getContext("2d");
    const n = b.rounds.length;
    const ts = b.rounds.map((_, k) => k + 1);
    const floor = 1 / (2 * m);
    const lo = Math.max(1e-6, Math.min(floor, ...b.rounds.map((r) => r.productZ)));
    p = plotArea(views[1], [1, Math.max(2, n)], [lo, 1], {
      logy: true, pad: [46, rightPad(ctx, Math.max(2, n)), 14, 34],
    });
    axes(ctx, p, "round t", "training error and bounds", [1, Math.max(2, n)], [lo, 1]);
    const upto = ts.slice(0, t);
    line(ctx, p, upto, b.rounds.slice(0, t).map((r) => r.expBound), "#2e8540", 1.5, [5, 3]);
    line(ctx, p, upto, b.rounds.slice(0, t).map((r) => r.productZ), "#7a3fb0", 1.8);
    line(ctx, p, upto, b.rounds.slice(0, t).map((r) => Math.max(r.trainError, lo)), INK, 2);
    [["training error", INK], ["Π Z_s", "#7a3fb0"], ["exp(−2Σγ_s²)", "#2e8540"]].forEach(([text, c], i) => {
      ctx.fillStyle = c;
      ctx.font = "11px system-ui, sans-serif";
      ctx.fillText(text, p.left + p.w - 100, p.top + 14 + 14 * i);
    });
    // The margin distribution after t rounds (grey: after the last round).
    ctx = views[2].getContext("2d");
    p = plotArea(views[2], [-1, 1], [0, 1]);
    axes(ctx, p, "margin θ", "fraction with margin ≤ θ", [-1, 0, 1], [0, 0.5, 1]);
    const cdf = (ms) => {
      const sorted = Array.from(ms).sort((u, v) => u - v);
      const x = [-1];
      const y = [0];
      sorted.forEach((v, i) => { x.push(v, v); y.push(i / sorted.length, (i + 1) / sorted.length); });
      x.push(1);
      y.push(1);
      return [x, y];
    };
    const [gx, gy] = cdf(KB.boost.margins(b, state.X, state.y, n));
    line(ctx, p, gx, gy, "#d5d9de", 1.5);
    const margins = KB.boost.margins(b, state.X, state.y, t);
    const [x, y] = cdf(margins);
    line(ctx, p, x, y, `rgb(${POS.join(",")})`, 2.5);
    const holds = round.trainError <= round.productZ + 1e-12 && round.productZ <= round.expBound + 1e-12;
    const smallest = Math.min(...margins);
    $("boost-out").textContent = `T = ${t}${t < T ? ` (AdaBoost stopped after ${t} rounds: ${b.message || b.status})` : ""}: `
      + `ε_T = ${fmt(round.epsilon)}, α_T = ${fmt(round.alpha)}; training error ${fmt(round.trainError)} `
      + `${holds ? "≤" : "—"} Π Z_s = ${fmt(round.productZ)} ≤ exp(−2Σγ_s²) = ${fmt(round.expBound)} (B1: `
      + `${holds ? "holds" : "does not hold"}); smallest margin y f_T(x)/‖α‖₁ = ${fmt(smallest)} (B5). `
      + "Marker area ∝ D_T(i).";
  }

  // --- training ----------------------------------------------------------------------

  function train(full) {
    const C = readC();
    state.loo = null;
    if (!state.X.length || C === null) {
      state.model = null;
      state.f = null;
    } else {
      state.model = KB.smo.fit(state.X, state.y, options());
      state.f = usable(state.model) ? Array.from(KB.smo.decision(state.model, gridPoints())) : null;
    }
    if (full) {
      if ($("loo-auto").checked && state.X.length <= LOO_AUTO) runLoo();
      else $("loo-out").textContent = state.X.length > LOO_AUTO
        ? `More than ${LOO_AUTO} points: press the button to compute the leave-one-out error.`
        : "";
      k11();
      state.boost = state.X.length ? KB.boost.fit(state.X, state.y, ROUNDS) : null;
      drawBoost();
    }
    drawSVM();
    comment();
    publish();
  }

  // The page's state, for tests: what the comment window and the claims show.
  function publish() {
    const m = state.model;
    root.dataset.state = JSON.stringify({
      m: state.X.length,
      status: m ? m.status : null,
      nSV: m && m.support ? m.support.length : null,
      nIter: m ? m.nIter : null,
      nKernelEvals: m ? m.nKernelEvals : null,
      looErrors: state.loo ? state.loo.nErrors : null,
      dual: m && usable(m) ? m.dualObjective : null,
      b: m && usable(m) ? m.b : null,
      e2: state.e2,
    });
  }

  // --- the points -----------------------------------------------------------------------

  function fitView() {
    if (!state.X.length) {
      state.view = { x: [-1, 1], y: [-1, 1] };
      return;
    }
    const span = (k) => {
      const v = state.X.map((x) => x[k]);
      const [a, b] = [Math.min(...v), Math.max(...v)];
      const pad = Math.max(0.15 * (b - a), 0.25);
      return [a - pad, b + pad];
    };
    state.view = { x: span(0), y: span(1) };
  }

  function load(name) {
    const d = PRESETS[name];
    if (!d) return;
    state.X = d.x1.map((x, i) => [x, d.x2[i]]);
    state.y = d.label.map((v) => (v > 0 ? 1 : -1));
    state.e2 = null;
    fitView();
    train(true);
  }

  function nearest(px, py, p) {
    let best = -1;
    let dist = 8;
    state.X.forEach((x, i) => {
      const d = Math.hypot(p.x(x[0]) - px, p.y(x[1]) - py);
      if (d <= dist) { best = i; dist = d; }
    });
    return best;
  }

  function remove(i) {
    const before = state.f;
    const alpha = usable(state.model) ? state.model.alpha[i] : 0;
    const removed = state.X[i];
    state.X.splice(i, 1);
    state.y.splice(i, 1);
    state.e2 = null;
    train(true);
    e2(removed, alpha, before);
    publish();
  }

  function pixel(event, canvas) {
    const box = canvas.getBoundingClientRect();
    return [
      ((event.clientX - box.left) * canvas.width) / box.width,
      ((event.clientY - box.top) * canvas.height) / box.height,
    ];
  }

  const view = $("svm-view");
  let dragging = -1;
  let pending = false;
  view.addEventListener("pointerdown", (event) => {
    const [px, py] = pixel(event, view);
    const p = area(view);
    const i = nearest(px, py, p);
    if (i >= 0 && (event.shiftKey || $("delete-mode").checked)) {
      remove(i);
    } else if (i >= 0) {
      dragging = i;
      view.setPointerCapture(event.pointerId);
    } else {
      const label = +document.querySelector('input[name="cls"]:checked').value;
      state.X.push(p.toData(px, py));
      state.y.push(label);
      train(true);
    }
  });
  view.addEventListener("pointermove", (event) => {
    if (dragging < 0) return;
    const [px, py] = pixel(event, view);
    state.X[dragging] = area(view).toData(px, py);
    if (!pending) {
      pending = true;
      requestAnimationFrame(() => { pending = false; train(false); });
    }
  });
  const drop = () => {
    if (dragging < 0) return;
    dragging = -1;
    train(true);
  };
  view.addEventListener("pointerup", drop);
  view.addEventListener("pointercancel", drop);

  // --- the controls -------------------------------------------------------------------------

  const names = Object.keys(PRESETS);
  names.forEach((name) => {
    const note = PRESETS[name].note ? ` (${PRESETS[name].note})` : "";
    const option = element("option", { value: name }, `${name}: ${PRESETS[name].label.length} points${note}`);
    $("preset").append(option);
  });
  if (!names.length) $("preset").append(element("option", { value: "" }, "no preset in this run"));
  $("load").addEventListener("click", () => load($("preset").value));
  $("clear").addEventListener("click", () => {
    state.X = [];
    state.y = [];
    state.e2 = null;
    fitView();
    train(true);
  });
  $("train").addEventListener("click", () => train(true));
  $("loo").addEventListener("click", () => { runLoo(); drawSVM(); });
  ["kernel", "sigma", "degree", "coef", "C", "tol"].forEach((id) => $(id).addEventListener("change", () => train(true)));
  $("rounds").addEventListener("input", drawBoost);

  // For tests and for the curious: the page's state and a way to set points.
  window.KB_LIVE = {
    state,
    setPoints(X, y) {
      state.X = X.map((x) => [x[0], x[1]]);
      state.y = y.map((v) => (v > 0 ? 1 : -1));
      state.e2 = null;
      fitView();
      train(true);
    },
    remove,
    train,
  };

  const start = root.dataset.default || names[0];
  if (start) {
    $("preset").value = start;
    load(start);
  } else {
    train(true);
  }
})();
