// LogHub scoring: the verdict read from the answer (verdict.ts) against the label; only when the answer's words
// do not tell is the judge asked to classify the reply (the spec's regex-then-judge). A failed or unreadable
// judge leaves the sample unscored (OpenJarvis: an unreadable reply became "normal", a failed call wrong).
import type { EvalRecord } from '../../src/core/record.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { askJudge, judgeUnscored, newUsage } from '../../src/scoring/judge/judge-call.ts'
import { userMessage } from '../../src/scoring/judge/judge-prompts.ts'
import { emptyResponseScore } from '../../src/scoring/judge/structured-judge.ts'
import { judgePrompt } from './prompt.ts'
import { readVerdict, type Label } from './verdict.ts'

function verdictScore(predicted: Label, reference: string, metadata: Record<string, unknown>): Score {
  return { isCorrect: predicted === reference, expected: reference, extracted: predicted, metadata: { ...metadata, predicted, reference } }
}

export function judgedScore(raw: string, reference: string, metadata: Record<string, unknown>): Score {
  const v = readVerdict(raw)
  const meta = { ...metadata, match_type: 'judge', raw_judge_output: raw, reference }
  if (!v.label) return { isCorrect: null, reason: 'judge_unparseable', expected: reference, extracted: null, metadata: { ...meta, reason: 'judge_unparseable' } }
  return verdictScore(v.label, reference, meta)
}

export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore(record.reference)
  const own = readVerdict(answer)
  if (own.label) return verdictScore(own.label, record.reference, { match_type: 'regex', verdict_via: own.via })
  const usage = newUsage()
  const reply = await askJudge(ctx, userMessage(judgePrompt(answer)), usage, { maxTokens: 32 })
  if (!reply.ok) return judgeUnscored(reply, { match_type: 'judge', judge_usage: usage }, record.reference)
  return judgedScore(reply.text, record.reference, { judge_usage: usage })
}

/** reparse-judge: the stored judge reply read again; null for lines the regex decided. */
export function rescore(result: SampleResult): Score | null {
  const m = { ...(result.scoring_metadata ?? {}) }
  if (typeof m.raw_judge_output !== 'string' || typeof m.reference !== 'string') return null
  delete m.reason
  return judgedScore(m.raw_judge_output, m.reference, m)
}
