// Normal quantile and exact binomial tail: the two distributions the gate and the intervals need.

/** Inverse standard normal CDF (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity
    if (p === 1) return Infinity
    return NaN
  }
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239]
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572]
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783]
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416]
  const lo = 0.02425
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p))
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
  }
  if (p > 1 - lo) return -normalQuantile(1 - p)
  const q = p - 0.5
  const r = q * q
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
}

/** z for a two-sided interval at `confidence` (0.95 → 1.959964). */
export const zFor = (confidence: number): number => normalQuantile(1 - (1 - confidence) / 2)

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms; ~15 significant digits). */
export function logGamma(x: number): number {
  const g = [0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406, 12.507343278686905, -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7]
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x)
  const xx = x - 1
  let s = g[0]
  for (let i = 1; i < 9; i++) s += g[i] / (xx + i)
  const t = xx + 7.5
  return 0.5 * Math.log(2 * Math.PI) + (xx + 0.5) * Math.log(t) - t + Math.log(s)
}

/**
 * P(X ≤ k) for X ~ Binomial(n, p), exact (summed in log space so n in the hundred thousands does not underflow).
 */
export function binomialCdf(k: number, n: number, p = 0.5): number {
  if (k < 0) return 0
  if (k >= n) return 1
  const lp = Math.log(p)
  const lq = Math.log1p(-p)
  const lnN = logGamma(n + 1)
  const terms: number[] = []
  for (let i = 0; i <= k; i++) terms.push(lnN - logGamma(i + 1) - logGamma(n - i + 1) + i * lp + (n - i) * lq)
  let m = -Infinity
  for (const t of terms) if (t > m) m = t
  let s = 0
  for (const t of terms) s += Math.exp(t - m)
  return Math.min(1, Math.exp(m) * s)
}
