import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import { CHECKLIST_PASS_THRESHOLD, checklistScore, rescoreChecklist } from '../../src/scoring/judge/checklist-score.ts'
import { askJudge, judgeUnscored, newUsage } from '../../src/scoring/judge/judge-call.ts'
import { userMessage } from '../../src/scoring/judge/judge-prompts.ts'
import { emptyResponseScore } from '../../src/scoring/judge/structured-judge.ts'
import { judgePrompt } from './prompt.ts'

/** A report passes when it covers at least half of its checklist (OpenJarvis's threshold). */
export const PASS_THRESHOLD = CHECKLIST_PASS_THRESHOLD

/**
 * One judge call rates every checklist item. score = covered / items; is_correct = score ≥ 0.5. Items the
 * judge skipped count as not covered; a reply with no readable judgment at all is unscored (OpenJarvis scored
 * it 0, counting a judge formatting failure against the model).
 */
export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  const checklist = (record.metadata.checklist as string[] | undefined) ?? []
  if (!answer.trim()) return { ...emptyResponseScore(), score: 0 }
  if (checklist.length === 0) return { isCorrect: null, reason: 'no_checklist', metadata: { reason: 'no_checklist' } }
  const usage = newUsage()
  const prompt = judgePrompt({ question: String(record.metadata.question ?? record.problem), report: answer, checklist })
  const reply = await askJudge(ctx, userMessage(prompt), usage, { maxTokens: 4096 })
  const metadata = { match_type: 'checklist_judge', checklist_size: checklist.length, judge_usage: usage }
  if (!reply.ok) return judgeUnscored(reply, metadata)
  return checklistScore(reply.text, metadata, PASS_THRESHOLD)
}

/** Re-reads a stored judge reply (reparse-judge). */
export const rescore = (result: SampleResult): Score | null => rescoreChecklist(result, PASS_THRESHOLD)

export { checklistScore }
