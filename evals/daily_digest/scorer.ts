// daily_digest scoring: must-mention phrases, the priority items in the first half, and a five-item checklist.
//
//   score = 0.5·phrase + 0.3·ordering + 0.2·checklist
//   correct = phrase ≥ 0.8 AND ordering ≥ 0.5 AND score ≥ 0.7
//
//   scoreAnswer(record, answer, ctx): Promise<Score>
//   rescore(result): Score | null          reparse-judge
//
// phrase: must_mention phrases found by the 60%-of-words rule; ordering: priority_order phrases found (same
// rule) in the first half, by characters, of the normalised digest (OpenJarvis's rules, §2.4). The JSONL
// `score` is the continuous score. Without a judge the checklist is OpenJarvis's heuristic (0.5 for structure
// markers, 0.5 for action words), marked `judge: "heuristic"`.
import type { EvalRecord } from '../../src/core/record.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { checklistRules, rescoreBlend, scoreBlend, type BlendRules } from '../../src/scoring/judge/checklist-blend.ts'
import { emptyResponseScore } from '../../src/scoring/judge/structured-judge.ts'
import { normalizeForMatch, phraseCoverage } from '../../src/scoring/phrases.ts'
import { checklistItems } from './prompt.ts'

export const RULES: BlendRules = checklistRules((c) => {
  const score = 0.5 * c.phrase + 0.3 * c.ordering + 0.2 * c.checklist
  return { score, isCorrect: c.phrase >= 0.8 - 1e-9 && c.ordering >= 0.5 - 1e-9 && score >= 0.7 - 1e-9 }
})

const MARKERS = /##|\*\*|---|priorit|action/i
const ACTION_WORDS = /\b(review|send|prepare|reply|respond|schedule|reschedule|confirm|call|approve|decide|submit|finish|complete|follow up|sign|fix|book|order)\b/i

export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return { ...emptyResponseScore(record.reference), score: 0 }
  const must = record.metadata.must_mention as string[]
  const priority = record.metadata.priority_order as string[]
  const norm = normalizeForMatch(answer)
  const phrases = phraseCoverage(must, answer)
  const firstHalf = phraseCoverage(priority, norm.slice(0, Math.ceil(norm.length / 2)))
  return scoreBlend(ctx, RULES, {
    context: record.problem,
    response: answer,
    items: checklistItems({ priority_order: priority }),
    deterministic: { phrase: phrases.share, ordering: firstHalf.share },
    heuristic: () => ({ checklist: (MARKERS.test(answer) ? 0.5 : 0) + (ACTION_WORDS.test(answer) ? 0.5 : 0) }),
    metadata: { phrases_found: phrases.found, phrases_missing: phrases.missing, priorities_in_first_half: firstHalf.found },
    expected: record.reference,
    contextChars: 4000,
    responseChars: 6000,
})
}

export const rescore = (result: SampleResult): Score | null => rescoreBlend(result, RULES)
