// What the tests of the atlas's JavaScript twins share (smo.test.mjs,
// boost.test.mjs): a classic script of the atlas loaded as the page loads it,
// the goldens that tests/js/make_golden.py writes from the library, and the
// rounding bounds the comparisons allow. Node's own modules only.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ASSETS = path.resolve(HERE, "../../src/marginlab/pipeline/site/assets");
export const GOLDEN = path.join(HERE, "golden");

/**
 * window.KB after the asset `name` ("smo", "boost") ran as a classic script
 * in a context of its own, whose global object is also `window`, as in the
 * page. MARGINLAB_SMO_JS (MARGINLAB_BOOST_JS) names another file to run
 * instead: tests/js/test_golden.py gives a copy with one line changed.
 */
export function load(name) {
  const file = process.env[`MARGINLAB_${name.toUpperCase()}_JS`] || path.join(ASSETS, `${name}.js`);
  const context = vm.createContext({});
  vm.runInContext("globalThis.window = globalThis;", context);
  vm.runInContext(readFileSync(file, "utf8"), context, { filename: file });
  return context.KB;
}

/** JSON has no ±∞ and NaN: make_golden.py writes them as these strings. */
const NON_FINITE = { inf: Infinity, "-inf": -Infinity, nan: NaN };
const revive = (_, v) => (typeof v === "string" && Object.hasOwn(NON_FINITE, v) ? NON_FINITE[v] : v);

/**
 * The goldens `prefix`-*.json ("smo", "boost"), in the order of their names;
 * MARGINLAB_GOLDENS, if set, names the only ones to read (file names, comma
 * between them).
 */
export function goldens(prefix) {
  const only = process.env.MARGINLAB_GOLDENS ? process.env.MARGINLAB_GOLDENS.split(",") : null;
  const names = readdirSync(GOLDEN)
    .filter((f) => f.startsWith(`${prefix}-`) && f.endsWith(".json"))
    .filter((f) => only === null || only.includes(f));
  if (!names.length) throw new Error(`no goldens ${prefix}-*.json in ${GOLDEN}`);
  return names.sort().map((f) => ({ file: f, ...JSON.parse(readFileSync(path.join(GOLDEN, f), "utf8"), revive) }));
}

/** float64 values from base64 of their little-endian bytes (a golden's table). */
export function floats64(text) {
  const bytes = Uint8Array.from(Buffer.from(text, "base64"));
  return new Float64Array(bytes.buffer);
}

/** The unit roundoff u = 2⁻⁵³: a rounding moves a value by at most u |value|. */
export const U = 2 ** -53;

/** γ_n = nu/(1 − nu): a sum of n terms, in any order, is within γ_n Σ|terms|. */
export const gamma = (n) => (n * U) / (1 - n * U);

/** Where two arrays first differ bit for bit (Object.is: −0 ≠ 0), or −1. */
export function firstDifference(got, want) {
  if (got.length !== want.length) return Math.min(got.length, want.length);
  for (let k = 0; k < want.length; k += 1) if (!Object.is(got[k], want[k])) return k;
  return -1;
}
