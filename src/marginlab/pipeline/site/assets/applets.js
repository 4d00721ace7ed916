// The claims atlas's interactive figures: each draws data the pipeline
// precomputed (window.KB_APPLETS[name], from data/<name>.js) on a canvas, for
// the setting its controls select. No library, no network.
"use strict";

const INK = "#1d232b";
const POS = [31, 95, 168]; // class +1, and f > 0
const NEG = [214, 110, 30]; // class -1, and f < 0

function decode(text) {
  const bytes = atob(text);
  const out = new Int8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) out[i] = (bytes.charCodeAt(i) << 24) >> 24;
  return out;
}

function fmt(value, digits = 3) {
  if (value === null || value === undefined) return "∞";
  if (value === 0) return "0";
  const a = Math.abs(value);
  return a >= 1e4 || a < 1e-3 ? value.toExponential(digits - 1) : String(+value.toPrecision(digits));
}

function element(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  Object.entries(attrs).forEach(([k, v]) => node.setAttribute(k, v));
  if (text) node.textContent = text;
  return node;
}

// A slider over the indices of `values`, labelled with the current value.
function slider(root, name, values, start, show, onChange) {
  const label = element("label", { class: "control" });
  const input = element("input", {
    type: "range", min: "0", max: String(values.length - 1), step: "1",
    value: String(start), "data-control": name, "aria-label": name,
  });
  const out = element("output");
  const update = () => {
    out.textContent = `${name} = ${show(values[+input.value])}`;
    onChange(+input.value);
  };
  input.addEventListener("input", update);
  label.append(input, out);
  root.querySelector(".controls").append(label);
  return update;
}

// A canvas with a plot area and data → pixel maps; `box` is recorded on the
// canvas (data-box) so that a test can find what was drawn where.
function plotArea(canvas, xr, yr, { logx = false, logy = false, pad = [46, 12, 14, 34] } = {}) {
  const [left, right, top, bottom] = pad;
  const w = canvas.width - left - right;
  const h = canvas.height - top - bottom;
  const tx = logx ? Math.log10 : (v) => v;
  const ty = logy ? Math.log10 : (v) => v;
  const [x0, x1] = xr.map(tx);
  const [y0, y1] = yr.map(ty);
  canvas.dataset.box = JSON.stringify({ left, top, width: w, height: h });
  return {
    left, top, w, h,
    x: (v) => left + ((tx(v) - x0) / (x1 - x0)) * w,
    y: (v) => top + h - ((ty(v) - y0) / (y1 - y0)) * h,
  };
}

function axes(ctx, p, xlabel, ylabel, xticks, yticks) {
  ctx.save();
  ctx.strokeStyle = "#9aa3ad";
  ctx.fillStyle = INK;
  ctx.font = "11px system-ui, sans-serif";
  ctx.strokeRect(p.left, p.top, p.w, p.h);
  ctx.textAlign = "center";
  xticks.forEach((v) => ctx.fillText(fmt(v, 2), p.x(v), p.top + p.h + 13));
  ctx.fillText(xlabel, p.left + p.w / 2, p.top + p.h + 28);
  ctx.textAlign = "right";
  yticks.forEach((v) => ctx.fillText(fmt(v, 2), p.left - 4, p.y(v) + 4));
  ctx.translate(11, p.top + p.h / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = "center";
  ctx.fillText(ylabel, 0, 0);
  ctx.restore();
}

// The right margin (plotArea's pad[1]) of a plot whose last x tick, `last`,
// is on its right edge: half that tick's label as axes() centres it there, and
// 6 pixels (the default of 12 clips "1000" and touches "100").
function rightPad(ctx, last) {
  ctx.save();
  ctx.font = "11px system-ui, sans-serif";
  const half = Math.ceil(ctx.measureText(fmt(last, 2)).width / 2);
  ctx.restore();
  return Math.max(12, half + 6);
}

function line(ctx, p, xs, ys, colour, width = 1.5, dash = []) {
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  let started = false;
  xs.forEach((x, i) => {
    const y = ys[i];
    if (y === null || !Number.isFinite(p.y(y))) { started = false; return; }
    if (started) ctx.lineTo(p.x(x), p.y(y)); else ctx.moveTo(p.x(x), p.y(y));
    started = true;
  });
  ctx.stroke();
  ctx.restore();
}

// Grid values q (signed bytes, x1 fastest, x2 upwards) as coloured cells:
// the sign of f picks the colour, |f| / scale its depth (at most `deepest`);
// |f| < band is pale.
function surface(ctx, p, grid, q, band, deepest = 0.8) {
  const img = document.createElement("canvas");
  img.width = grid.n1;
  img.height = grid.n2;
  const g = img.getContext("2d");
  const pixels = g.createImageData(grid.n1, grid.n2);
  for (let j = 0; j < grid.n2; j += 1) {
    for (let i = 0; i < grid.n1; i += 1) {
      const v = q[j * grid.n1 + i] / 127;
      const c = v > 0 ? POS : NEG;
      const a = Math.abs(v);
      const depth = v === 0 ? 0 : a < band ? 0.22 : 0.45 + (deepest - 0.45) * Math.min(1, a);
      const k = 4 * ((grid.n2 - 1 - j) * grid.n1 + i);
      for (let a = 0; a < 3; a += 1) pixels.data[k + a] = Math.round(255 - depth * (255 - c[a]));
      pixels.data[k + 3] = 255;
    }
  }
  g.putImageData(pixels, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(img, p.left, p.top, p.w, p.h);
}

function points(ctx, p, pts, radius, ring = new Set()) {
  pts.x1.forEach((x, i) => {
    const r = typeof radius === "function" ? radius(i) : radius;
    ctx.beginPath();
    ctx.arc(p.x(x), p.y(pts.x2[i]), r, 0, 2 * Math.PI);
    ctx.fillStyle = `rgb(${(pts.label[i] > 0 ? POS : NEG).join(",")})`;
    ctx.fill();
    ctx.lineWidth = ring.has(i) ? 2.2 : 0.8;
    ctx.strokeStyle = ring.has(i) ? INK : "#fff";
    ctx.stroke();
  });
}

function frame(root, title) {
  root.append(element("p", { class: "applet-title" }, title));
  root.append(element("div", { class: "controls" }));
  const canvases = element("div", { class: "canvases" });
  root.append(canvases);
  const readout = element("p", { class: "readout", "aria-live": "polite" });
  root.append(readout);
  return { canvases, readout };
}

function canvas(parent, width, height, label) {
  const c = element("canvas", { width: String(width), height: String(height), "aria-label": label });
  parent.append(c);
  return c;
}

const APPLETS = {
  // The Gaussian SVM for the selected σ and C: decision regions, the margin
  // band |f| < 1, support vectors ringed, and SMO's numbers.
  smo(root, d) {
    const { canvases, readout } = frame(root, "Move σ and C: the Gaussian SVM, solved by SMO for each setting");
    const view = canvas(canvases, 460, 420, "decision regions");
    let si = Math.floor(d.sigmas.length / 2);
    let ci = Math.floor(d.Cs.length / 2);
    const draw = () => {
      const index = si * d.Cs.length + ci;
      const panel = d.panels[index];
      const ctx = view.getContext("2d");
      ctx.clearRect(0, 0, view.width, view.height);
      const p = plotArea(view, d.grid.x1, d.grid.x2);
      surface(ctx, p, d.grid, decode(panel.f), 1 / d.scale);
      axes(ctx, p, "x1", "x2", d.grid.x1, d.grid.x2);
      points(ctx, p, d.points, 3.5, new Set(panel.support));
      readout.textContent = `σ = ${fmt(panel.sigma)}, C = ${fmt(panel.C)}: ${panel.n_sv} support vectors (ringed), `
        + `margin 1/‖w‖ = ${fmt(panel.margin)}, training error ${fmt(panel.train_error)}, `
        + `${panel.n_kernel_evals} kernel evaluations in ${panel.n_iter} SMO steps. `
        + "Pale band: |f(x)| < 1, inside the margin.";
      root.dataset.state = JSON.stringify({ index, sigma: panel.sigma, C: panel.C });
    };
    slider(root, "σ", d.sigmas, si, fmt, (i) => { si = i; draw(); })();
    slider(root, "C", d.Cs, ci, fmt, (i) => { ci = i; draw(); })();
  },

  // AdaBoost after t rounds: sign(f_t) regions, points sized by D_t, and the
  // training error against Π Z_s and exp(−2γ²t) up to t.
  adaboost(root, d) {
    const { canvases, readout } = frame(root, "Move t: AdaBoost with stumps after t rounds");
    const view = canvas(canvases, 420, 400, "regions and weights");
    const curves = canvas(canvases, 420, 400, "training error and bounds");
    const T = d.t[d.t.length - 1];
    const lo = Math.max(1e-4, Math.min(...d.bound_Z.filter((v) => v > 0)));
    const draw = (k) => {
      let ctx = view.getContext("2d");
      ctx.clearRect(0, 0, view.width, view.height);
      const p = plotArea(view, d.grid.x1, d.grid.x2);
      surface(ctx, p, d.grid, decode(d.f[k]), 0, 0.5);
      axes(ctx, p, "x1", "x2", d.grid.x1, d.grid.x2);
      points(ctx, p, d.points, (i) => Math.max(1.5, Math.min(14, 3 * Math.sqrt(d.D[k][i]))));
      ctx = curves.getContext("2d");
      ctx.clearRect(0, 0, curves.width, curves.height);
      const q = plotArea(curves, [1, T], [lo, 1], { logy: true, pad: [46, rightPad(ctx, T), 14, 34] });
      axes(ctx, q, "round t", "training error and bounds", [1, T], [lo, 1]);
      const upto = d.t.slice(0, k + 1);
      [d.bound_gamma, d.bound_Z, d.train_error.map((v) => Math.max(v, lo))].forEach(
        (ys) => line(ctx, q, d.t, ys, "#dde1e5", 1),
      );
      line(ctx, q, upto, d.bound_gamma.slice(0, k + 1), "#2e8540", 1.5, [5, 3]);
      line(ctx, q, upto, d.bound_Z.slice(0, k + 1), "#7a3fb0", 1.8);
      line(ctx, q, upto, d.train_error.slice(0, k + 1).map((v) => Math.max(v, lo)), INK, 2);
      ctx.fillStyle = INK;
      ctx.font = "11px system-ui, sans-serif";
      [["training error", INK], ["Π Z_s", "#7a3fb0"], ["exp(−2γ²t)", "#2e8540"]].forEach(([text, c], i) => {
        ctx.fillStyle = c;
        ctx.fillText(text, q.left + q.w - 100, q.top + 14 + 14 * i);
      });
      readout.textContent = `t = ${d.t[k]}: ε_t = ${fmt(d.eps[k])}, α_t = ${fmt(d.alpha[k])}, `
        + `training error ${fmt(d.train_error[k])} ≤ Π Z_s = ${fmt(d.bound_Z[k])} ≤ exp(−2γ²t) = `
        + `${fmt(d.bound_gamma[k])}. Marker area ∝ D_t(i).`;
      root.dataset.state = JSON.stringify({ index: k, t: d.t[k] });
    };
    slider(root, "t", d.t, 0, String, draw)();
  },

  // The cumulative distribution of the training margins at the selected T.
  margins(root, d) {
    const { canvases, readout } = frame(root, "Move T: AdaBoost's training margins y f(x)/‖α‖₁ after T rounds");
    const view = canvas(canvases, 560, 380, "margin distribution");
    const draw = (k) => {
      const ctx = view.getContext("2d");
      ctx.clearRect(0, 0, view.width, view.height);
      const p = plotArea(view, [-1, 1], [0, 1]);
      axes(ctx, p, "margin θ", "fraction of training points with margin ≤ θ", [-1, -0.5, 0, 0.5, 1], [0, 0.5, 1]);
      const cdf = (m) => { // the step function θ ↦ #{i: margin_i ≤ θ} / n
        const x = [-1];
        const y = [0];
        m.forEach((v, i) => { x.push(v, v); y.push(i / m.length, (i + 1) / m.length); });
        x.push(1);
        y.push(1);
        return [x, y];
      };
      d.margins.forEach((m) => { const [x, y] = cdf(m); line(ctx, p, x, y, "#d5d9de", 1); });
      const [x, y] = cdf(d.margins[k]);
      line(ctx, p, x, y, `rgb(${POS.join(",")})`, 2.5);
      line(ctx, p, [0, 0], [0, 1], "#9aa3ad", 1, [3, 3]);
      const m = d.margins[k];
      const below = (theta) => m.filter((v) => v <= theta).length / m.length;
      readout.textContent = `T = ${d.T[k]}: smallest margin ${fmt(m[0])}, median ${fmt(m[Math.floor(m.length / 2)])}; `
        + `fraction with margin ≤ 0: ${fmt(below(0))}, ≤ 0.1: ${fmt(below(0.1))} (${d.n_train} training points; grey: the other T).`;
      root.dataset.state = JSON.stringify({ index: k, T: d.T[k] });
    };
    slider(root, "T", d.T, 0, String, draw)();
  },

  // The Lasso path, with the weights at the selected λ.
  lasso(root, d) {
    const { canvases, readout } = frame(root, "Move λ: the Lasso's weights along its path");
    const view = canvas(canvases, 560, 380, "Lasso path");
    const all = d.weights.flat();
    const top = Math.max(...all.map(Math.abs));
    const lam = d.lambdas;
    const draw = (k) => {
      const ctx = view.getContext("2d");
      ctx.clearRect(0, 0, view.width, view.height);
      const p = plotArea(view, [lam[0], lam[lam.length - 1]], [-top, top], { logx: true, pad: [52, 70, 14, 34] });
      axes(ctx, p, "λ (decreasing →)", "weight", [lam[0], lam[lam.length - 1]], [-top, 0, top]);
      d.weights.forEach((w, f) => {
        const c = `hsl(${(f * 360) / d.weights.length}, 55%, 42%)`;
        line(ctx, p, lam, w, c, 1.4);
        ctx.fillStyle = c;
        ctx.font = "10px system-ui, sans-serif";
        ctx.fillText(d.features[f], p.left + p.w + 4, p.y(w[w.length - 1]) + 3);
        ctx.beginPath();
        ctx.arc(p.x(lam[k]), p.y(w[k]), 3, 0, 2 * Math.PI);
        ctx.fill();
      });
      line(ctx, p, [lam[k], lam[k]], [-top, top], INK, 1, [4, 3]);
      const names = d.features.filter((_, f) => d.weights[f][k] !== 0);
      readout.textContent = `λ = ${fmt(lam[k])}: ${names.length} of ${d.features.length} weights non-zero`
        + (names.length ? ` (${names.join(", ")})` : "") + `; the others are exactly 0.`;
      root.dataset.state = JSON.stringify({ index: k, lambda: lam[k], nonzero: names.length });
    };
    slider(root, "λ", lam, 0, fmt, draw)();
  },
};

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("[data-applet]").forEach((root) => {
    const name = root.dataset.applet;
    const data = (window.KB_APPLETS || {})[name];
    if (!data) {
      root.textContent = `No data for the ${name} applet in this run.`;
      return;
    }
    APPLETS[data.kind](root, data);
  });
});
