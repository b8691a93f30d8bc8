import { clipLabel, line, linear, niceTicks, rect, svg, text, vwhisker, whisker } from './svg.ts'

export interface BarRow {
  label: string
  value: number
  lo: number
  hi: number
  color: string
  /** Right-hand annotation (e.g. "n=198"). */
  note?: string
}

const W = 760

/** Horizontal bars on a 0–100 % axis with CI whiskers; rows may be grouped under headings. */
export function ciBarChart(groups: { heading?: string; rows: BarRow[] }[], title: string): string {
  const left = 230
  const right = W - 90
  const x = linear(0, 1, left, right)
  const rowH = 22
  let y = 30
  let body = ''
  const parts: string[] = []
  for (const g of groups) {
    if (g.heading) {
      parts.push(text(8, y + 12, clipLabel(g.heading, 60), 'font-weight="600" fill="#374151"'))
      y += 20
    }
    for (const r of g.rows) {
      parts.push(text(left - 8, y + 14, clipLabel(r.label), 'text-anchor="end" fill="#111827"'))
      parts.push(rect(left, y + 3, x(r.value) - left, rowH - 8, `fill="${r.color}" fill-opacity="0.75"`))
      parts.push(whisker(x(r.lo), x(r.hi), y + rowH / 2 - 1, 4))
      parts.push(text(right + 6, y + 14, `${(r.value * 100).toFixed(1)}%${r.note ? ` ${r.note}` : ''}`, 'fill="#374151"'))
      y += rowH
    }
    y += 6
  }
  const h = y + 24
  for (const t of niceTicks(0, 1, 5)) {
    body += line(x(t), 24, x(t), y, 'stroke="#e5e7eb"')
    body += text(x(t), y + 16, `${Math.round(t * 100)}%`, 'text-anchor="middle" fill="#6b7280"')
  }
  return svg(W, h, body + parts.join('') + text(left, 14, title, 'font-weight="600"'), title)
}

export interface ScatterPoint {
  label: string
  x: number
  xlo?: number
  xhi?: number
  y: number
  ylo: number
  yhi: number
  color: string
}

/** Accuracy (y) against a cost axis (x) with error bars both ways: the intelligence-per-watt view. */
export function scatter(points: ScatterPoint[], xLabel: string, title: string): string {
  const H = 340
  const [l, r, t, b] = [70, W - 200, 30, H - 45]
  const xMax = Math.max(...points.map((p) => p.xhi ?? p.x)) * 1.1 || 1
  const yLo = Math.max(0, Math.min(...points.map((p) => p.ylo)) - 0.05)
  const yHi = Math.min(1, Math.max(...points.map((p) => p.yhi)) + 0.05)
  const x = linear(0, xMax, l, r)
  const y = linear(yLo, yHi, b, t)
  let body = text(l, 16, title, 'font-weight="600"')
  for (const v of niceTicks(0, xMax, 5)) body += line(x(v), t, x(v), b, 'stroke="#e5e7eb"') + text(x(v), b + 16, fmt(v), 'text-anchor="middle" fill="#6b7280"')
  for (const v of niceTicks(yLo, yHi, 5)) body += line(l, y(v), r, y(v), 'stroke="#e5e7eb"') + text(l - 6, y(v) + 4, `${Math.round(v * 1000) / 10}%`, 'text-anchor="end" fill="#6b7280"')
  body += line(l, b, r, b, 'stroke="#6b7280"') + line(l, t, l, b, 'stroke="#6b7280"')
  body += text((l + r) / 2, H - 8, xLabel, 'text-anchor="middle" fill="#374151"')
  body += text(14, (t + b) / 2, 'Accuracy', `text-anchor="middle" fill="#374151" transform="rotate(-90 14 ${(t + b) / 2})"`)
  points.forEach((p, i) => {
    body += vwhisker(x(p.x), y(p.ylo), y(p.yhi), 4, p.color)
    if (p.xlo !== undefined && p.xhi !== undefined) body += whisker(x(Math.max(0, p.xlo)), x(p.xhi), y(p.y), 4, p.color)
    body += `<circle cx="${x(p.x).toFixed(1)}" cy="${y(p.y).toFixed(1)}" r="6" fill="${p.color}" stroke="#fff" stroke-width="1.5"/>`
    body += text(r + 14, t + 14 + i * 18, clipLabel(p.label, 30), `fill="${p.color}"`)
  })
  return svg(W, H, body, title)
}

export interface RangeRow {
  label: string
  p5: number
  p25: number
  p50: number
  p75: number
  p95: number
  color: string
}

/** Latency spread per run: p5–p95 line, p25–p75 box, median tick. */
export function rangeChart(rows: RangeRow[], unit: string, title: string): string {
  const left = 230
  const right = W - 90
  const max = Math.max(...rows.map((r) => r.p95)) * 1.05 || 1
  const x = linear(0, max, left, right)
  const rowH = 26
  const top = 28
  const bottom = top + rows.length * rowH
  let body = text(left, 16, title, 'font-weight="600"')
  for (const v of niceTicks(0, max, 5)) body += line(x(v), top, x(v), bottom, 'stroke="#e5e7eb"') + text(x(v), bottom + 16, `${fmt(v)}${unit}`, 'text-anchor="middle" fill="#6b7280"')
  rows.forEach((r, i) => {
    const cy = top + i * rowH + rowH / 2
    body += text(left - 8, cy + 4, clipLabel(r.label), 'text-anchor="end"')
    body += line(x(r.p5), cy, x(r.p95), cy, `stroke="${r.color}" stroke-width="2"`)
    body += rect(x(r.p25), cy - 7, x(r.p75) - x(r.p25), 14, `fill="${r.color}" fill-opacity="0.35" stroke="${r.color}"`)
    body += line(x(r.p50), cy - 9, x(r.p50), cy + 9, 'stroke="#111827" stroke-width="2"')
    body += text(right + 6, cy + 4, `p50 ${fmt(r.p50)}${unit}`, 'fill="#374151"')
  })
  return svg(W, bottom + 26, body, title)
}

function fmt(v: number): string {
  if (v === 0) return '0'
  const a = Math.abs(v)
  if (a >= 1e5 || a < 1e-3) return v.toExponential(1)
  return String(Number(v.toPrecision(3)))
}
