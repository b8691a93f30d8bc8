import type { Interval } from '../stats/accuracy-ci.ts'

// Number formats shared by the text and HTML reports.

export const f4 = (x: number) => x.toFixed(4)
export const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`
export const interval = (iv: Interval, digits = 4) => `[${iv[0].toFixed(digits)}, ${iv[1].toFixed(digits)}]`
export const signed = (x: number, digits = 4) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`

/** A metric value as OpenJarvis prints it: 4 decimals for floats, counts as integers. */
export const metricValue = (x: number | null | undefined, integer = false) => (x === null || x === undefined || Number.isNaN(x) ? '-' : integer ? String(x) : x.toFixed(4))

/** Compact numbers for tables: 1234.5 → "1234.5", 0.000123 → "1.23e-4". */
export function num(x: number | null | undefined, digits = 3): string {
  if (x === null || x === undefined || Number.isNaN(x)) return '-'
  if (x === 0) return '0'
  const a = Math.abs(x)
  if (a >= 1e6 || a < 1e-3) return x.toExponential(2)
  return Number(x.toFixed(a >= 100 ? 1 : digits)).toString()
}

/** "mean ± half-width" for a CLT interval, both rounded to the half-width's second significant digit. */
export function meanPm(mean: number, ci: Interval): string {
  const hw = (ci[1] - ci[0]) / 2
  if (!(hw > 1e-12 * Math.max(1, Math.abs(mean)))) return `${num(mean)} ± 0`
  const d = Math.max(0, 1 - Math.floor(Math.log10(hw)))
  if (d > 6) return `${mean.toExponential(2)} ± ${hw.toExponential(1)}`
  return `${mean.toFixed(d)} ± ${hw.toFixed(d)}`
}
