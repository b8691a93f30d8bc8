import type { EvalRecord, Score, ScoreContext } from '../../src/harness/types.ts'
import type { SampleResult } from '../../src/results/schema.ts'
import { checklistCoverage, parseChecklist } from '../../src/scoring/checklist.ts'
import { askJudge, judgeUnscored, newUsage } from '../../src/scoring/judge-call.ts'
import { userMessage } from '../../src/scoring/judge-prompts.ts'
import { emptyResponseScore } from '../../src/scoring/structured-judge.ts'
import { judgePrompt } from './prompt.ts'

/** A report passes when it covers at least half of its checklist (OpenJarvis's threshold). */
export const PASS_THRESHOLD = 0.5

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
  return checklistScore(reply.text, metadata)
}

/** The verdict from the judge's text (pure: scoring and reparse share it). */
export function checklistScore(raw: string, metadata: Record<string, unknown> & { checklist_size: number }): Score {
  const parsed = parseChecklist(raw, metadata.checklist_size)
  const meta: Record<string, unknown> = { ...metadata, raw_judge_output: raw, judge_format: parsed.format }
  delete meta.reason
  delete meta.judge_error
  // A re-read reply must not keep the coverage of the reply it replaces.
  for (const k of ['coverage', 'covered_count', 'missing_items', 'judgments']) delete meta[k]
  if (parsed.format === 'none') return { isCorrect: null, score: null, reason: 'judge_unparseable', metadata: { ...meta, reason: 'judge_unparseable' } }
  const { covered, coverage } = checklistCoverage(parsed)
  Object.assign(meta, {
    coverage,
    covered_count: covered,
    missing_items: parsed.items.filter((i) => i.covered === null).map((i) => i.index),
    judgments: parsed.items.map((i) => ({ index: i.index, covered: i.covered === true, reason: i.reason })),
  })
  return { isCorrect: coverage >= PASS_THRESHOLD, score: coverage, metadata: meta }
}

export function rescore(result: SampleResult): Score | null {
  const m = result.scoring_metadata ?? {}
  if (typeof m.raw_judge_output !== 'string' || typeof m.checklist_size !== 'number') return null
  return checklistScore(m.raw_judge_output, { ...m, checklist_size: m.checklist_size })
}
