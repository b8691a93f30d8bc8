// Cloud prices in USD per 1M tokens (input, output), with the day each was read, and the TOML overrides.
//
//   PRICES                                       the built-in table
//   priceFor(model, overrides?): Price | null    override > table; exact name, then the LONGEST known prefix
//   estimateCostUsd(model, promptTokens, completionTokens, overrides?): number     0 when no price is known
//
// The table is OpenJarvis's cloud-engine table (openjarvis-evals.md §4.7), read on the date shown; vendors
// change prices, so a suite can override any model with [pricing."<model>"] (input_per_million,
// output_per_million, read_on). OpenJarvis took the FIRST prefix in dict order, so gpt-5-mini-2025-08-07 was
// priced as gpt-5 (40× too high, §10.12); here the longest prefix wins. An unknown model costs 0, and the CLI
// prints one warning line for it before the run (preflight.ts), never an error.

export interface Price {
  input: number
  output: number
  /** The day the price was read (YYYY-MM-DD), or null when an override does not say. */
  readOn: string | null
}

/** Overrides from the TOML, by model name (or name prefix). */
export type PriceOverrides = Record<string, Price>

const OPENJARVIS_TABLE_READ_ON = '2026-12-03'
const p = (input: number, output: number, readOn = OPENJARVIS_TABLE_READ_ON): Price => ({ input, output, readOn })

export const PRICES: Readonly<Record<string, Price>> = {
  'gpt-4o': p(2.5, 10.0),
  'gpt-4o-mini': p(0.15, 0.6),
  'gpt-5': p(10, 30),
  'gpt-5.4': p(15, 60),
  'gpt-5-mini': p(0.25, 2.0),
  'o3-mini': p(1.1, 4.4),
  'claude-sonnet-4-20250514': p(3, 15),
  'claude-opus-4-20250514': p(15, 75),
  'claude-haiku-3-5-20241022': p(0.8, 4.0),
  'claude-opus-4-6': p(5, 25),
  'claude-sonnet-4-6': p(3, 15),
  'claude-haiku-4-5': p(1, 5),
  'gemini-2.5-pro': p(1.25, 10),
  'gemini-2.5-flash': p(0.3, 2.5),
  'gemini-3-pro': p(2, 12),
  'gemini-3-flash': p(0.5, 3.0),
  'gemini-3-flash-preview': p(0.5, 3.0),
  'gemini-3.1-pro-preview': p(2.5, 15),
  'gemini-3.1-flash-lite-preview': p(0.3, 2.5),
  'deepseek-v4-flash': p(0.27, 1.1),
  'deepseek-v4-pro': p(0.55, 2.19),
}

function lookup(table: Readonly<Record<string, Price>>, model: string): Price | null {
  if (table[model]) return table[model]
  let best: string | null = null
  for (const k of Object.keys(table)) if (model.startsWith(k) && (best === null || k.length > best.length)) best = k
  return best ? table[best] : null
}

export const priceFor = (model: string, overrides: PriceOverrides = {}): Price | null => lookup(overrides, model) ?? lookup(PRICES, model)

export function estimateCostUsd(model: string, promptTokens: number, completionTokens: number, overrides?: PriceOverrides): number {
  const price = priceFor(model, overrides)
  return price ? (promptTokens * price.input + completionTokens * price.output) / 1e6 : 0
}
