import type { Score } from '../core/score.ts'
/**
 * A scorer's verdict → the JSONL's is_correct, score and scoring_metadata. One mapping for a live run and for
 * reparse-judge, so a re-scored line is exactly what a fresh run would have written.
 */
export function scoreFields(score: Score, base: Record<string, unknown> = {}): { is_correct: boolean | null; score: number | null; scoring_metadata: Record<string, unknown> } {
  const metadata: Record<string, unknown> = { ...base, ...score.metadata }
  if (score.reason !== undefined) metadata.reason = score.reason
  else if (score.isCorrect !== null) delete metadata.reason
  if (score.expected !== undefined) metadata.expected = score.expected
  if (score.extracted !== undefined) metadata.extracted = score.extracted
  const numeric = typeof score.score === 'number' && Number.isFinite(score.score) ? Math.min(1, Math.max(0, score.score)) : null
  return { is_correct: score.isCorrect, score: numeric ?? (score.isCorrect === null ? null : score.isCorrect ? 1 : 0), scoring_metadata: metadata }
}
