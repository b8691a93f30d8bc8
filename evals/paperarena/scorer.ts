// PaperArena scoring. MC with a letter reference: the strict letter regex, then the judge extracts the letter
// (src/scoring/mcq.ts; the last stated answer counts, "Answer: B" is B); a judge that cannot is unscored.
// CA, OA and MC without a letter reference: a CORRECT / INCORRECT judge (correct-incorrect.ts). OpenJarvis
// counted a failed judge wrong and read "NOT CORRECT" as correct.
import type { EvalRecord } from '../../src/core/record.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { judgeCorrectIncorrect, rescoreCorrectIncorrect } from '../../src/scoring/judge/correct-incorrect.ts'
import { emptyResponseScore, noReferenceScore } from '../../src/scoring/judge/structured-judge.ts'
import { rescoreMcq } from '../../src/scoring/mcq-scorer.ts'
import { scoreMcq } from '../../src/scoring/mcq.ts'
import { judgeMessages } from './prompt.ts'

const isLetterMc = (record: EvalRecord) => {
  const letters = String(record.metadata.valid_letters ?? '')
  return record.metadata.question_type === 'MC' && letters.length > 0 && /^[A-Z]$/.test(record.reference.trim().toUpperCase()) && letters.includes(record.reference.trim().toUpperCase())
}

export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore(record.reference)
  if (!record.reference.trim()) return noReferenceScore()
  const type = String(record.metadata.question_type ?? 'OA')
  if (isLetterMc(record)) {
    const s = await scoreMcq({ problem: record.problem, answer, reference: record.reference.trim().toUpperCase(), options: record.metadata.options as string[], judge: ctx.judge, signal: ctx.signal })
    return { ...s, metadata: { ...s.metadata, question_type: type, match_type: s.metadata.extraction === 'judge' ? 'judge_letter' : 'exact_letter' } }
  }
  return judgeCorrectIncorrect(ctx, judgeMessages(String(record.metadata.question ?? record.problem), record.reference, answer), { expected: record.reference, metadata: { question_type: type } })
}

export function rescore(result: SampleResult): Score | null {
  return result.scoring_metadata?.reference_letter !== undefined ? rescoreMcq(result) : rescoreCorrectIncorrect(result)
}
