import { binomialSampler, drawBinomial } from './binomial-sampler.ts'
import { binomialCdf } from './distributions.ts'
import { createRng, DEFAULT_BOOTSTRAP_SEED, DEFAULT_RESAMPLES } from './prng.ts'
import { percentileSorted } from './metric-stats.ts'
import type { Interval, IntervalOptions } from './accuracy-ci.ts'

/** Verdicts of one run by record id: true/false scored, null unscored (harness could not judge, or error). */
export type Verdicts = ReadonlyMap<string, boolean | null>

export interface PairedCounts {
  /** Samples scored in both runs. */
  n: number
  both: number
  neither: number
  /** Right in the baseline, wrong in the candidate (a regression on that sample). */
  baselineOnly: number
  /** Wrong in the baseline, right in the candidate. */
  candidateOnly: number
}

export interface ChangedSample {
  record_id: string
  before: boolean
  after: boolean
}

export interface Pairing {
  counts: PairedCounts
  /** Paired samples whose verdict flipped, regressions (true → false) first, then by record id. */
  changed: ChangedSample[]
  onlyBaseline: string[]
  onlyCandidate: string[]
  /** Present in both runs but unscored in this run (so left out of the pairing). */
  unscoredBaseline: number
  unscoredCandidate: number
}

/** Pairs two runs by record id; only samples scored in both count. */
export function pairVerdicts(baseline: Verdicts, candidate: Verdicts): Pairing {
  const counts: PairedCounts = { n: 0, both: 0, neither: 0, baselineOnly: 0, candidateOnly: 0 }
  const changed: ChangedSample[] = []
  const onlyBaseline: string[] = []
  let unscoredBaseline = 0
  let unscoredCandidate = 0
  for (const [id, b] of baseline) {
    if (!candidate.has(id)) {
      onlyBaseline.push(id)
      continue
    }
    const c = candidate.get(id) ?? null
    if (b === null) unscoredBaseline++
    if (c === null) unscoredCandidate++
    if (b === null || c === null) continue
    counts.n++
    if (b && c) counts.both++
    else if (!b && !c) counts.neither++
    else {
      if (b) counts.baselineOnly++
      else counts.candidateOnly++
      changed.push({ record_id: id, before: b, after: c })
    }
  }
  const onlyCandidate = [...candidate.keys()].filter((id) => !baseline.has(id))
  changed.sort((x, y) => Number(x.after) - Number(y.after) || (x.record_id < y.record_id ? -1 : x.record_id > y.record_id ? 1 : 0))
  return { counts, changed, onlyBaseline: onlyBaseline.sort(), onlyCandidate: onlyCandidate.sort(), unscoredBaseline, unscoredCandidate }
}

export interface McNemarResult {
  /** P(candidate this much worse or more | no real difference): binomial tail on the discordant pairs. */
  oneSided: number
  /** Two-sided exact p (doubled smaller tail, capped at 1). */
  twoSided: number
}

/** McNemar's exact test: under H0 each discordant pair is equally likely to go either way. */
export function mcnemarExact(baselineOnly: number, candidateOnly: number): McNemarResult {
  const nd = baselineOnly + candidateOnly
  if (nd === 0) return { oneSided: 1, twoSided: 1 }
  const lower = binomialCdf(candidateOnly, nd) // P(X ≤ c)
  const upper = 1 - binomialCdf(candidateOnly - 1, nd) // P(X ≥ c)
  return { oneSided: lower, twoSided: Math.min(1, 2 * Math.min(lower, upper)) }
}

/**
 * Paired bootstrap of the accuracy difference (candidate − baseline): resample the n pairs with replacement.
 * Only discordant pairs move the difference, so a resample is k ~ Bin(n, discordant/n) discordant pairs of
 * which c ~ Bin(k, candidateOnly/discordant) favour the candidate: delta = (2c − k)/n. Exact, and O(sd) a draw.
 */
export function pairedBootstrapDelta(counts: PairedCounts, opts: IntervalOptions = {}): Interval {
  const { n, baselineOnly: b, candidateOnly: c } = counts
  if (n === 0) return [0, 0]
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES
  const rng = createRng(opts.seed ?? DEFAULT_BOOTSTRAP_SEED)
  const discordant = binomialSampler(n, (b + c) / n)
  const out = new Float64Array(resamples)
  for (let i = 0; i < resamples; i++) {
    const k = discordant(rng)
    out[i] = (2 * drawBinomial(rng, k, b + c ? c / (b + c) : 0) - k) / n
  }
  out.sort()
  const tail = (1 - (opts.confidence ?? 0.95)) / 2
  return [percentileSorted(out, tail), percentileSorted(out, 1 - tail)]
}
