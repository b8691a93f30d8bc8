// Token counts as servers report them are input like any other: a negative, fractional, huge or non-numeric
// count (a buggy proxy, a server that sends strings) must not reach the JSONL, the summary or the cost.
//
//   usageCount(value): number   a whole, non-negative, finite count; anything else is unknown (0)

/** Counts above this are not a real request's (2^40 tokens); treated as unknown like any other nonsense. */
const MAX_COUNT = 2 ** 40

export function usageCount(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_COUNT ? value : 0
}
