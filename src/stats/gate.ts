import { JarvisError } from '../core/errors.ts'
import { accuracyInterval, type Interval } from './accuracy-ci.ts'
import { mcnemarExact, pairedBootstrapDelta, pairVerdicts, type ChangedSample } from './paired.ts'
import { DEFAULT_BOOTSTRAP_SEED, DEFAULT_RESAMPLES } from './prng.ts'
import type { RunOutcomes } from './run-outcomes.ts'

export interface GateOptions {
  /** Largest accuracy drop (fraction, 0.02 = 2 points) that never fails the gate. */
  maxDrop?: number
  /** Significance level of the one-sided McNemar test. */
  alpha?: number
  /** Pair on the common samples even when sample sets or settings differ. */
  allowMismatch?: boolean
  /** Confidence of the printed intervals (default 0.95). */
  confidence?: number
  resamples?: number
  seed?: number
}

/** The one rule, printed with every verdict and in docs/gate.md. */
export const GATE_RULE =
  'fail only when the candidate is worse by more than max-drop AND the drop is significant (one-sided exact McNemar p < alpha on samples scored in both runs); otherwise pass'

export interface GateSide {
  label: string
  accuracy: number
  n: number
  correct: number
  ci: Interval
  wilson: Interval
  bootstrap: Interval
  settings: { benchmark: string; model: string; backend: string; seed: number | null }
  unscored: number
  errors: number
}

export interface GateVerdict {
  verdict: 'pass' | 'fail'
  reason: string
  rule: string
  baseline: GateSide
  candidate: GateSide
  /** Candidate − baseline accuracy over the paired samples. */
  delta: number
  /** Paired-bootstrap interval of delta (seeded). */
  deltaCi: Interval
  /** One-sided exact McNemar p that the candidate is worse. */
  pValue: number
  pValueTwoSided: number
  significant: boolean
  discordant: { baselineOnly: number; candidateOnly: number }
  changed: ChangedSample[]
  n_paired: number
  only_baseline: string[]
  only_candidate: string[]
  /** Settings that differ (only non-empty when allowMismatch let the gate run anyway). */
  mismatches: string[]
  warnings: string[]
  options: Required<Omit<GateOptions, 'allowMismatch'>> & { allowMismatch: boolean }
}

const pts = (x: number) => `${(x * 100).toFixed(1)} points`
export const formatP = (p: number) => (p < 1e-4 ? p.toExponential(1) : p.toFixed(4))

/** Settings that must match for the pairing to mean anything. */
function settingMismatches(b: RunOutcomes, c: RunOutcomes): string[] {
  const out: string[] = []
  for (const key of ['benchmark', 'model', 'backend'] as const) {
    if (b[key] && c[key] && b[key] !== c[key]) out.push(`${key} "${b[key]}" vs "${c[key]}"`)
  }
  if (b.seed !== null && c.seed !== null && b.seed !== c.seed) out.push(`seed ${b.seed} vs ${c.seed}`)
  return out
}

const preview = (ids: string[]) => ids.slice(0, 3).join(', ') + (ids.length > 3 ? `, … (${ids.length})` : '')

/** The regression gate over two runs' outcomes. Throws JarvisError (exit 2) when the runs cannot be paired. */
export function evaluateGate(baseline: RunOutcomes, candidate: RunOutcomes, opts: GateOptions = {}): GateVerdict {
  const o = {
    maxDrop: opts.maxDrop ?? 0.02,
    alpha: opts.alpha ?? 0.05,
    allowMismatch: opts.allowMismatch ?? false,
    confidence: opts.confidence ?? 0.95,
    resamples: opts.resamples ?? DEFAULT_RESAMPLES,
    seed: opts.seed ?? DEFAULT_BOOTSTRAP_SEED,
  }
  if (!(o.maxDrop >= 0 && o.maxDrop < 1)) throw new JarvisError('JARVIS_BAD_OPTION', `--max-drop ${o.maxDrop}: must be a fraction in [0, 1), e.g. 0.02 for 2 points.`)
  if (!(o.alpha > 0 && o.alpha < 1)) throw new JarvisError('JARVIS_BAD_OPTION', `--alpha ${o.alpha}: must be in (0, 1), e.g. 0.05.`)
  const pairing = pairVerdicts(baseline.verdicts, candidate.verdicts)
  const mismatches = settingMismatches(baseline, candidate)
  const where = `gate ${baseline.label} vs ${candidate.label}`
  if (!o.allowMismatch) {
    if (pairing.onlyBaseline.length || pairing.onlyCandidate.length) {
      const parts = []
      if (pairing.onlyBaseline.length) parts.push(`${pairing.onlyBaseline.length} only in the baseline (${preview(pairing.onlyBaseline)})`)
      if (pairing.onlyCandidate.length) parts.push(`${pairing.onlyCandidate.length} only in the candidate (${preview(pairing.onlyCandidate)})`)
      throw new JarvisError('JARVIS_RESULTS', `${where}: the sample sets differ: ${parts.join('; ')}. Run both on the same samples, or pass --allow-mismatch to pair the common ones.`)
    }
    if (mismatches.length) throw new JarvisError('JARVIS_RESULTS', `${where}: the runs' settings differ: ${mismatches.join('; ')}. Compare like with like, or pass --allow-mismatch.`)
  }
  const { counts } = pairing
  if (counts.n === 0) throw new JarvisError('JARVIS_RESULTS', `${where}: no sample is scored in both runs, so there is nothing to compare. Check the runs with jarvis eval report.`)

  const ivOpts = { confidence: o.confidence, resamples: o.resamples, seed: o.seed }
  const side = (r: RunOutcomes, correct: number, unscored: number): GateSide => {
    const iv = accuracyInterval(correct, counts.n, ivOpts)
    return { label: r.label, accuracy: iv.accuracy, n: iv.n, correct, ci: iv.ci, wilson: iv.wilson, bootstrap: iv.bootstrap, settings: { benchmark: r.benchmark, model: r.model, backend: r.backend, seed: r.seed }, unscored, errors: r.errors }
  }
  const b = side(baseline, counts.both + counts.baselineOnly, pairing.unscoredBaseline)
  const c = side(candidate, counts.both + counts.candidateOnly, pairing.unscoredCandidate)
  const delta = (counts.candidateOnly - counts.baselineOnly) / counts.n
  const p = mcnemarExact(counts.baselineOnly, counts.candidateOnly)
  const significant = p.oneSided < o.alpha
  const tooLarge = delta < -o.maxDrop
  const fail = significant && tooLarge

  const change = `${b.accuracy.toFixed(4)} → ${c.accuracy.toFixed(4)} on ${counts.n} paired samples`
  const pTxt = `one-sided McNemar p = ${formatP(p.oneSided)}`
  let reason: string
  if (fail) reason = `accuracy dropped ${pts(-delta)} (${change}), more than the allowed ${pts(o.maxDrop)}, and the drop is significant (${pTxt} < ${o.alpha})`
  else if (delta >= 0) reason = `no drop: accuracy ${delta > 0 ? `rose ${pts(delta)}` : 'unchanged'} (${change})`
  else if (!significant) reason = `accuracy dropped ${pts(-delta)} (${change}) but the drop is not significant (${pTxt} ≥ ${o.alpha})`
  else reason = `accuracy dropped ${pts(-delta)} (${change}), significant (${pTxt}) but within the allowed ${pts(o.maxDrop)}`

  const warnings: string[] = []
  if (pairing.unscoredCandidate || pairing.unscoredBaseline)
    warnings.push(`left out of the pairing as unscored (errors or no judge verdict; a harness problem, not a regression): baseline ${pairing.unscoredBaseline}, candidate ${pairing.unscoredCandidate}`)
  if (baseline.duplicates || candidate.duplicates) warnings.push(`repeated record ids (first line kept): baseline ${baseline.duplicates}, candidate ${candidate.duplicates}`)
  if (o.allowMismatch && (pairing.onlyBaseline.length || pairing.onlyCandidate.length))
    warnings.push(`paired the common samples only: ${pairing.onlyBaseline.length} only in the baseline, ${pairing.onlyCandidate.length} only in the candidate`)
  if (o.allowMismatch && mismatches.length) warnings.push(`settings differ: ${mismatches.join('; ')}`)

  return {
    verdict: fail ? 'fail' : 'pass',
    reason,
    rule: GATE_RULE,
    baseline: b,
    candidate: c,
    delta,
    deltaCi: pairedBootstrapDelta(counts, ivOpts),
    pValue: p.oneSided,
    pValueTwoSided: p.twoSided,
    significant,
    discordant: { baselineOnly: counts.baselineOnly, candidateOnly: counts.candidateOnly },
    changed: pairing.changed,
    n_paired: counts.n,
    only_baseline: pairing.onlyBaseline,
    only_candidate: pairing.onlyCandidate,
    mismatches,
    warnings,
    options: o,
  }
}
