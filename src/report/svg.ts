// Inline SVG building blocks for the HTML report: no chart library, no script, every text escaped.

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export const PALETTE = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#4b5563']
export const colorOf = (i: number) => PALETTE[i % PALETTE.length]

/** Round tick values covering [lo, hi]. */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) hi = lo + 1
  const raw = (hi - lo) / count
  const mag = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw
  const out: number[] = []
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Number(v.toPrecision(12)))
  return out
}

/** A label within max characters; the middle goes, since a run's file tag is at its end. */
export const clipLabel = (s: string, max = 34) => (s.length > max ? `${s.slice(0, Math.ceil((max - 1) / 2))}…${s.slice(s.length - Math.floor((max - 1) / 2))}` : s)

const f = (x: number) => (Math.round(x * 10) / 10).toString()

export function text(x: number, y: number, s: string, attrs = ''): string {
  return `<text x="${f(x)}" y="${f(y)}" ${attrs}>${escapeHtml(s)}</text>`
}

export function line(x1: number, y1: number, x2: number, y2: number, attrs = 'stroke="#9ca3af"'): string {
  return `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" ${attrs}/>`
}

export function rect(x: number, y: number, w: number, h: number, attrs: string): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(Math.max(0, w))}" height="${f(Math.max(0, h))}" ${attrs}/>`
}

/** A horizontal error bar (whisker) from lo to hi at height y. */
export function whisker(x1: number, x2: number, y: number, cap = 5, stroke = '#111827'): string {
  const a = `stroke="${stroke}" stroke-width="1.5"`
  return line(x1, y, x2, y, a) + line(x1, y - cap, x1, y + cap, a) + line(x2, y - cap, x2, y + cap, a)
}

/** A vertical error bar from lo to hi at x. */
export function vwhisker(x: number, y1: number, y2: number, cap = 5, stroke = '#111827'): string {
  const a = `stroke="${stroke}" stroke-width="1.5"`
  return line(x, y1, x, y2, a) + line(x - cap, y1, x + cap, y1, a) + line(x - cap, y2, x + cap, y2, a)
}

export function svg(width: number, height: number, body: string, label: string): string {
  return `<svg viewBox="0 0 ${width} ${Math.ceil(height)}" width="${width}" height="${Math.ceil(height)}" role="img" aria-label="${escapeHtml(label)}" font-family="system-ui, sans-serif" font-size="12">${body}</svg>`
}

export const linear = (d0: number, d1: number, r0: number, r1: number) => (v: number) => r0 + ((v - d0) / (d1 - d0 || 1)) * (r1 - r0)
