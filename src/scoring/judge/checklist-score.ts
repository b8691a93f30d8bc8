// A checklist judge's reply → Score, shared by every checklist benchmark (liveresearchbench, the use cases).
//
//   checklistScore(raw, metadata, threshold?): Score     pure: scoring and reparse-judge share it
//   rescoreChecklist(result, threshold?): Score | null   from a JSONL line; null when it holds no judge text
import type { SampleResult } from '../../core/sample-result.ts'
import type { Score } from '../../core/score.ts'
import { checklistCoverage, parseChecklist } from './checklist.ts'

/** A response passes when it covers at least half of its checklist (OpenJarvis's threshold). */
export const CHECKLIST_PASS_THRESHOLD = 0.5

/**
 * score = covered / items; is_correct = score ≥ threshold. Items the judge skipped count as not covered; a reply
 * with no readable judgment at all is unscored (OpenJarvis scored it 0, counting a judge formatting failure
 * against the model).
 */
export function checklistScore(raw: string, metadata: Record<string, unknown> & { checklist_size: number }, threshold = CHECKLIST_PASS_THRESHOLD): Score {
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
  return { isCorrect: coverage >= threshold, score: coverage, metadata: meta }
}

export function rescoreChecklist(result: SampleResult, threshold = CHECKLIST_PASS_THRESHOLD): Score | null {
  const m = result.scoring_metadata ?? {}
  if (typeof m.raw_judge_output !== 'string' || typeof m.checklist_size !== 'number') return null
  return checklistScore(m.raw_judge_output, { ...m, checklist_size: m.checklist_size }, threshold)
}
