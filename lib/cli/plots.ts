/**
 * The demo's plots: histograms of samples against exact densities, alias-table probabilities against
 * empirical frequencies. Specs are Vega-Lite; vega renders them to SVG and resvg rasterises that to
 * PNG. All three are optional (optional.ts): without them `demo --plots` stops before drawing and prints
 * the npm install line that adds them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { optionalAll } from './optional.js';

export const PLOT_MODULES = ['vega', 'vega-lite', '@resvg/resvg-js'] as const;
export const PDF_MODULES = ['normal', 'gamma', 'beta'].map((d) => `@stdlib/stats-base-dists-${d}-pdf`);

/** One histogram panel: samples, the exact density, the x range shown. */
export interface DensityPanel {
  title: string;
  samples: ArrayLike<number>;
  pdf: (x: number) => number;
  range: [number, number];
  /** Upper end of the y axis (densities with a pole at 0 are clipped there). */
  yMax?: number;
}

export interface Pdfs {
  normal(mean: number, sd: number): (x: number) => number;
  gamma(shape: number, scale: number): (x: number) => number;
  beta(a: number, b: number): (x: number) => number;
}

const BINS = 60;
const CURVE_POINTS = 240;
const PANEL = { width: 300, height: 170 };
const BAR = '#7aa6c2';
const CURVE = '#c2410c';

/** Histogram as a density (area 1 over all samples, counting those outside the range). */
export function histogram(x: ArrayLike<number>, [lo, hi]: [number, number], bins = BINS) {
  const w = (hi - lo) / bins;
  const c = new Float64Array(bins);
  for (let i = 0; i < x.length; i++) {
    const b = Math.floor((x[i] - lo) / w);
    if (b >= 0 && b < bins) c[b]++;
  }
  return Array.from(c, (k, b) => ({ x0: lo + b * w, x1: lo + (b + 1) * w, density: k / (x.length * w) }));
}

function densityLayer(p: DensityPanel): object {
  const [lo, hi] = p.range;
  const curve = [];
  for (let i = 0; i <= CURVE_POINTS; i++) {
    // Stay off the end points, where some densities are infinite (gamma α < 1, beta a < 1).
    const x = lo + ((hi - lo) * (i + 0.5)) / (CURVE_POINTS + 1);
    const y = p.pdf(x);
    if (Number.isFinite(y)) curve.push({ x, y: p.yMax === undefined ? y : Math.min(y, p.yMax) });
  }
  const xScale = { domain: p.range, nice: false, zero: false };
  const yScale = p.yMax === undefined ? {} : { domain: [0, p.yMax] };
  return {
    title: { text: p.title, fontSize: 12 },
    ...PANEL,
    layer: [
      {
        data: { values: histogram(p.samples, p.range) },
        mark: { type: 'rect', color: BAR, stroke: 'white', strokeWidth: 0.3, clip: true },
        encoding: {
          x: { field: 'x0', type: 'quantitative', scale: xScale, title: null },
          x2: { field: 'x1' },
          y: { field: 'density', type: 'quantitative', scale: yScale, title: 'density' },
        },
      },
      {
        data: { values: curve },
        mark: { type: 'line', color: CURVE, strokeWidth: 2, clip: true },
        encoding: {
          x: { field: 'x', type: 'quantitative', scale: xScale },
          y: { field: 'y', type: 'quantitative', scale: yScale },
        },
      },
    ],
  };
}

const LEGEND_NOTE = 'bars: histogram of the samples · line: exact density';

/** A grid of density panels. */
export function densitySpec(title: string, panels: DensityPanel[], columns = 2): object {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, subtitle: LEGEND_NOTE },
    columns,
    concat: panels.map(densityLayer),
    config: CONFIG,
  };
}

/** Alias table: exact item probabilities (bars) against empirical frequencies (points), plus z-scores. */
export function aliasSpec(title: string, probs: ArrayLike<number>, counts: ArrayLike<number>, n: number): object {
  const rows = Array.from(probs, (p, i) => ({
    item: i,
    p,
    freq: counts[i] / n,
    z: p > 0 ? (counts[i] - n * p) / Math.sqrt(n * p * (1 - p)) : 0,
  }));
  const x = { field: 'item', type: 'ordinal', title: 'item', axis: { labelAngle: 0, values: rows.filter((r) => r.item % 5 === 0).map((r) => r.item) } };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, subtitle: 'bars: table probability · dots: frequency in the samples · below: (count − np)/√(np(1−p))' },
    data: { values: rows },
    vconcat: [
      {
        width: 640,
        height: 200,
        layer: [
          { mark: { type: 'bar', color: BAR }, encoding: { x, y: { field: 'p', type: 'quantitative', title: 'probability' } } },
          { mark: { type: 'point', filled: true, color: CURVE, size: 28 }, encoding: { x, y: { field: 'freq', type: 'quantitative' } } },
        ],
      },
      {
        width: 640,
        height: 90,
        layer: [
          { mark: { type: 'rule', color: '#999', strokeDash: [4, 3] }, data: { values: [{ y: -2 }, { y: 2 }] }, encoding: { y: { field: 'y', type: 'quantitative' } } },
          {
            mark: { type: 'point', filled: true, color: CURVE, size: 20 },
            encoding: { x, y: { field: 'z', type: 'quantitative', title: 'z-score', scale: { domain: [-4, 4] } } },
          },
        ],
      },
    ],
    config: CONFIG,
  };
}

const CONFIG = {
  font: 'DejaVu Sans, Helvetica, Arial, sans-serif',
  title: { fontSize: 15, subtitleFontSize: 11, subtitleColor: '#555', anchor: 'start' },
  axis: { labelFontSize: 10, titleFontSize: 11, gridColor: '#eee' },
  view: { stroke: '#ddd' },
  background: 'white',
};

export interface Renderer {
  /** Writes DIR/name.svg and DIR/name.png; returns their paths. */
  render(spec: object, dir: string, name: string): Promise<string[]>;
}

/** The renderer, or the list of missing modules. */
export async function loadRenderer(): Promise<{ renderer?: Renderer; missing: string[] }> {
  const { mods, missing } = await optionalAll(PLOT_MODULES);
  if (!mods) return { missing };
  const [vega, vl, resvg] = mods;
  return {
    missing,
    renderer: {
      async render(spec, dir, name) {
        const view = new vega.View(vega.parse(vl.compile(spec).spec), { renderer: 'none' });
        const svg: string = await view.toSVG();
        view.finalize();
        // 2× for crisp text on high-density screens; system fonts, DejaVu Sans preferred.
        const png: Uint8Array = new resvg.Resvg(svg, {
          fitTo: { mode: 'zoom', value: 2 },
          font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
          background: 'white',
        }).render().asPng();
        mkdirSync(dir, { recursive: true });
        const files = [join(dir, `${name}.svg`), join(dir, `${name}.png`)];
        writeFileSync(files[0], svg);
        writeFileSync(files[1], png);
        return files;
      },
    },
  };
}

export async function loadPdfs(): Promise<{ pdfs?: Pdfs; missing: string[] }> {
  const { mods, missing } = await optionalAll(PDF_MODULES);
  if (!mods) return { missing };
  const [normal, gamma, beta] = mods;
  return {
    missing,
    pdfs: {
      normal: (m, s) => (x) => normal(x, m, s),
      gamma: (a, scale) => (x) => gamma(x, a, 1 / scale),
      beta: (a, b) => (x) => beta(x, a, b),
    },
  };
}
