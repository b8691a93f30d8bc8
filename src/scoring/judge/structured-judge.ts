// One structured yes/no judge call turned into a Score, and the same from stored judge text (reparse).
//
//   judgeStructured(ctx, messages, { metadata, expected }): Promise<Score>
//   structuredScore(raw, metadata, expected?): Score        pure: the verdict read from the judge's text
//   rescoreStructured(result): Score | null                  from a JSONL line; null when it holds no judge text
//   emptyResponseScore(expected), noReferenceScore()          the two verdicts every open-answer scorer shares
//   judgeOnlyScorer(prompt)                                   a whole judge-only scorer from a prompt builder
import type { ChatMessage } from '../../core/messages.ts'
import type { EvalRecord } from '../../core/record.ts'
import type { Score, ScoreContext } from '../../core/score.ts'
import type { SampleResult } from '../../core/sample-result.ts'
import { askJudge, judgeUnscored, newUsage, type JudgeUsage } from './judge-call.ts'
import { userMessage, type JudgeInput } from './judge-prompts.ts'
import { parseCorrectVerdict } from './verdict.ts'

export async function judgeStructured(ctx: ScoreContext, messages: ChatMessage[], opts: { metadata?: Record<string, unknown>; expected?: string } = {}): Promise<Score> {
  const usage: JudgeUsage = newUsage()
  const answer = await askJudge(ctx, messages, usage)
  const metadata = { ...opts.metadata, match_type: 'judge', judge_usage: usage }
  if (!answer.ok) return judgeUnscored(answer, metadata, opts.expected)
  return structuredScore(answer.text, metadata, opts.expected)
}

export function structuredScore(raw: string, metadata: Record<string, unknown>, expected?: string): Score {
  const v = parseCorrectVerdict(raw)
  const meta: Record<string, unknown> = { ...metadata, match_type: 'judge', raw_judge_output: raw, verdict_via: v.via ?? null }
  delete meta.reason
  delete meta.judge_error
  delete meta.extracted_answer
  if (v.extractedAnswer !== undefined) meta.extracted_answer = v.extractedAnswer
  const base = { ...(expected !== undefined ? { expected } : {}), extracted: v.extractedAnswer ?? null }
  if (v.verdict === null) {
    // kept as null with the raw text, so reparse-judge can recover it with a better parser later
    meta.reason = 'judge_unparseable'
    return { ...base, isCorrect: null, reason: 'judge_unparseable', metadata: meta }
  }
  return { ...base, isCorrect: v.verdict, metadata: meta }
}

export function rescoreStructured(result: SampleResult): Score | null {
  const meta = result.scoring_metadata ?? {}
  if (typeof meta.raw_judge_output !== 'string') return null
  return structuredScore(meta.raw_judge_output, meta)
}

/** An empty completion is a wrong answer (decisions.md), never left out of the accuracy. */
export const emptyResponseScore = (expected?: string): Score => ({
  isCorrect: false,
  reason: 'empty_response',
  ...(expected !== undefined ? { expected } : {}),
  metadata: { reason: 'empty_response' },
})

/** A record without a reference cannot be judged: unscored. */
export const noReferenceScore = (): Score => ({ isCorrect: null, reason: 'no_reference', metadata: { reason: 'no_reference' } })

/**
 * A judge-only scorer (frames, ipw, custom `scorer = "judge"`): empty answer → wrong, no reference → unscored,
 * else the benchmark's prompt to the judge and its structured `correct:` line decides.
 */
export function judgeOnlyScorer(prompt: (p: JudgeInput) => string) {
  return async (record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> => {
    if (!answer.trim()) return emptyResponseScore(record.reference)
    if (!record.reference.trim()) return noReferenceScore()
    const text = prompt({ question: String(record.metadata.question ?? record.problem), reference: record.reference, prediction: answer })
    return judgeStructured(ctx, userMessage(text), { expected: record.reference })
  }
}
