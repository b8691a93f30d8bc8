import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import { askJudge, newUsage, type JudgeAnswer } from '../../src/scoring/judge/judge-call.ts'
import { emptyResponseScore, noReferenceScore } from '../../src/scoring/judge/structured-judge.ts'
import { parsePairwiseVerdict, type PairwiseToken } from '../../src/scoring/judge/verdict.ts'
import { JUDGE_SYSTEM_PROMPT, judgeUserMessage } from './prompt.ts'

/** One judge order as stored: the model's answer as A (first) or as B (second). */
export interface Comparison {
  verdict: PairwiseToken | null
  raw_judge_output: string | null
  error?: string
}

const MODEL_PASSES: Record<'a' | 'b', Set<PairwiseToken>> = {
  a: new Set(['A>>B', 'A>B', 'A=B']),
  b: new Set(['A=B', 'B>A', 'B>>A']),
}

/**
 * Two judge calls, the model's answer first as A, then as B. The spec's rule: the model passes when it wins
 * or ties in either order. A verdict the judge did not give (failed call, no [[…]] token) leaves the sample
 * unscored unless the other order already passes it.
 */
export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore()
  if (!record.reference.trim()) return noReferenceScore()
  if (!ctx.judge.available) {
    return { isCorrect: null, reason: 'judge_unavailable', metadata: { reason: 'judge_unavailable', judge_error: ctx.judge.unavailableReason ?? 'no judge configured' } }
  }
  const usage = newUsage()
  const ask = async (a: string, b: string) => comparison(await askJudge(ctx, [{ role: 'system', content: JUDGE_SYSTEM_PROMPT }, { role: 'user', content: judgeUserMessage(record.problem, a, b) }], usage))
  const asA = await ask(answer, record.reference)
  const asB = await ask(record.reference, answer)
  return pairwiseScore({ match_type: 'pairwise_judge', judge_usage: usage, generated_as_a: asA, generated_as_b: asB })
}

function comparison(a: JudgeAnswer): Comparison {
  if (!a.ok) return { verdict: null, raw_judge_output: null, error: `${a.reason}: ${a.error}` }
  return { verdict: parsePairwiseVerdict(a.text), raw_judge_output: a.text }
}

/** The verdict from the two stored comparisons (pure: scoring and reparse share it). */
export function pairwiseScore(metadata: Record<string, unknown> & { generated_as_a: Comparison; generated_as_b: Comparison }): Score {
  const meta: Record<string, unknown> = { ...metadata }
  delete meta.reason
  const pass = (c: Comparison, side: 'a' | 'b') => (c.verdict === null ? null : MODEL_PASSES[side].has(c.verdict))
  const r1 = pass(metadata.generated_as_a, 'a')
  const r2 = pass(metadata.generated_as_b, 'b')
  if (r1 === true || r2 === true) return { isCorrect: true, metadata: meta }
  if (r1 === null || r2 === null) {
    const failed = [metadata.generated_as_a, metadata.generated_as_b].some((c) => c.raw_judge_output === null)
    const reason = failed ? 'judge_error' : 'judge_unparseable'
    return { isCorrect: null, reason, metadata: { ...meta, reason } }
  }
  return { isCorrect: false, metadata: meta }
}

/** Re-reads both stored judge replies with the current token parser; null when none was stored. */
export function rescore(result: SampleResult): Score | null {
  const m = result.scoring_metadata ?? {}
  const a = m.generated_as_a as Comparison | undefined
  const b = m.generated_as_b as Comparison | undefined
  if (!a || !b || (typeof a.raw_judge_output !== 'string' && typeof b.raw_judge_output !== 'string')) return null
  const reread = (c: Comparison): Comparison => (typeof c.raw_judge_output === 'string' ? { ...c, verdict: parsePairwiseVerdict(c.raw_judge_output) } : c)
  return pairwiseScore({ ...m, generated_as_a: reread(a), generated_as_b: reread(b) })
}
