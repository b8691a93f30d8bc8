// One error class for bad input: the CLI prints its message on one line and exits 2.
// Codes follow Vitest's style (node/errors.ts): a stable name a script can match on.
export type JarvisErrorCode =
  | 'JARVIS_BAD_CONFIG'
  | 'JARVIS_BAD_OPTION'
  | 'JARVIS_UNKNOWN_BENCHMARK'
  | 'JARVIS_UNKNOWN_ENGINE'
  | 'JARVIS_MODEL_NOT_SERVED'
  | 'JARVIS_ENDPOINT_UNREACHABLE'
  | 'JARVIS_DATASET'
  | 'JARVIS_GATED_DATASET'
  | 'JARVIS_OUTPUT'
  | 'JARVIS_UNSUPPORTED'
  | 'JARVIS_RESULTS'
  /** Software or a service this machine lacks (a Docker Engine, a Python package, …): what and how to get it. */
  | 'JARVIS_REQUIREMENT'

export class JarvisError extends Error {
  readonly code: JarvisErrorCode
  readonly exitCode: number
  constructor(code: JarvisErrorCode, message: string, exitCode = 2) {
    super(message)
    this.name = 'JarvisError'
    this.code = code
    this.exitCode = exitCode
  }
}

export const isJarvisError = (e: unknown): e is JarvisError =>
  e instanceof Error && (e as JarvisError).name === 'JarvisError' && typeof (e as JarvisError).code === 'string'

/** Close matches for a did-you-mean line (Levenshtein distance, then prefix/substring). */
export function closeMatches(input: string, candidates: readonly string[], max = 3): string[] {
  const scored = candidates.map((c) => {
    const d = levenshtein(input.toLowerCase(), c.toLowerCase())
    const contains = c.includes(input) || input.includes(c)
    return { c, d: contains ? Math.min(d, 1) : d }
  })
  const limit = Math.max(2, Math.ceil(input.length / 3))
  return scored.filter((s) => s.d <= limit).sort((a, b) => a.d - b.d || a.c.localeCompare(b.c)).slice(0, max).map((s) => s.c)
}

export function didYouMean(input: string, candidates: readonly string[]): string {
  const m = closeMatches(input, candidates)
  if (m.length === 0) return ''
  return ` Did you mean ${m.map((x) => `"${x}"`).join(' or ')}?`
}

function levenshtein(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]
    dp[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]
      dp[j] = Math.min(dp[j] + 1, dp[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = tmp
    }
  }
  return dp[b.length]
}
