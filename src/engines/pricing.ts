// USD per 1M tokens (input, output), from OpenJarvis's cloud engine table.
// Matching is exact first, then the LONGEST known prefix: OpenJarvis took the first prefix in dict order,
// so `gpt-5-mini-2025-08-07` was priced as `gpt-5` (40× too high).
const PRICING: Record<string, [number, number]> = {
  'gpt-4o': [2.5, 10.0],
  'gpt-4o-mini': [0.15, 0.6],
  'gpt-5': [10, 30],
  'gpt-5.4': [15, 60],
  'gpt-5-mini': [0.25, 2.0],
  'o3-mini': [1.1, 4.4],
  'claude-sonnet-4-20250514': [3, 15],
  'claude-opus-4-20250514': [15, 75],
  'claude-haiku-3-5-20241022': [0.8, 4.0],
  'claude-opus-4-6': [5, 25],
  'claude-sonnet-4-6': [3, 15],
  'claude-haiku-4-5': [1, 5],
  'gemini-2.5-pro': [1.25, 10],
  'gemini-2.5-flash': [0.3, 2.5],
  'gemini-3-pro': [2, 12],
  'gemini-3-flash': [0.5, 3.0],
  'gemini-3.1-pro-preview': [2.5, 15],
  'gemini-3.1-flash-lite-preview': [0.3, 2.5],
  'deepseek-v4-flash': [0.27, 1.1],
  'deepseek-v4-pro': [0.55, 2.19],
}

export function priceFor(model: string): [number, number] | null {
  if (PRICING[model]) return PRICING[model]
  let best: string | null = null
  for (const k of Object.keys(PRICING)) if (model.startsWith(k) && (best === null || k.length > best.length)) best = k
  return best ? PRICING[best] : null
}

export function estimateCostUsd(model: string, promptTokens: number, completionTokens: number): number {
  const p = priceFor(model)
  return p ? (promptTokens * p[0] + completionTokens * p[1]) / 1e6 : 0
}
