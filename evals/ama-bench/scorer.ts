// AMA-Bench scoring: a yes/no judge per QA pair (128 tokens), token F1 always reported beside it. A judge reply
// that says neither yes nor no falls back to F1 ≥ 0.5 (the spec), marked `match_type: f1_fallback`; a judge call
// that fails leaves the sample unscored (OpenJarvis let the exception crash the sample). A reply that says both
// ("no doubt, yes") is no verdict either: words never outvote each other.
import type { EvalRecord } from '../../src/core/record.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { askJudge, judgeUnscored, newUsage } from '../../src/scoring/judge/judge-call.ts'
import { emptyResponseScore, noReferenceScore } from '../../src/scoring/judge/structured-judge.ts'
import { tokenF1 } from '../../src/scoring/token-f1.ts'
import { judgeMessages } from './prompt.ts'

export const F1_THRESHOLD = 0.5

/** yes / no from the judge's reply: <think> blocks dropped; the whole reply, else its bare-word lines, else its words — each only when unanimous. */
export function readYesNo(raw: string): 'yes' | 'no' | null {
  let t = (raw ?? '').replace(/<think>[\s\S]*?<\/think>/gi, ' ')
  if (/<think>/i.test(t)) t = t.slice(0, t.search(/<think>/i)) // thinking that never ended holds no answer
  t = t.replace(/[*_`"']/g, '').trim().toLowerCase()
  const whole = /^\W*(yes|no)\W*$/.exec(t)
  if (whole) return whole[1] as 'yes' | 'no'
  const unanimous = (xs: string[]) => (xs.length && xs.every((x) => x === xs[0]) ? (xs[0] as 'yes' | 'no') : null)
  const lines = t.split(/\r?\n/).map((l) => l.trim().replace(/^(answer|verdict)\s*[:=]\s*/, '').replace(/[.:,!]+$/, '')).filter((l) => l === 'yes' || l === 'no')
  if (lines.length) return unanimous(lines)
  return unanimous(t.match(/\b(yes|no)\b/g) ?? [])
}

export function verdictFrom(raw: string, f1: number, metadata: Record<string, unknown>): Score {
  const label = readYesNo(raw)
  const base = { ...metadata, raw_judge_output: raw, f1: Math.round(f1 * 1e4) / 1e4 }
  if (label === null) return { isCorrect: f1 >= F1_THRESHOLD, metadata: { ...base, match_type: 'f1_fallback', judge_parse_failed: true } }
  return { isCorrect: label === 'yes', metadata: { ...base, match_type: 'judge', judge_label: label } }
}

export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return { ...emptyResponseScore(record.reference), metadata: { reason: 'empty_response', f1: 0 } }
  if (!record.reference.trim()) return noReferenceScore()
  const f1 = tokenF1(answer, record.reference)
  const usage = newUsage()
  const question = String(record.metadata.question ?? record.problem.split('## Question').at(-1)!.trim())
  const reply = await askJudge(ctx, judgeMessages(question, record.reference, answer), usage, { maxTokens: 128 })
  const meta = { capability: record.subject, judge_usage: usage }
  if (!reply.ok) return judgeUnscored(reply, { ...meta, f1: Math.round(f1 * 1e4) / 1e4 }, record.reference)
  return { ...verdictFrom(reply.text, f1, meta), expected: record.reference }
}

/** reparse-judge: the stored judge reply read again (its F1 is in the line). */
export function rescore(result: SampleResult): Score | null {
  const m = result.scoring_metadata ?? {}
  if (typeof m.raw_judge_output !== 'string' || typeof m.f1 !== 'number') return null
  return verdictFrom(m.raw_judge_output, m.f1, m)
}
