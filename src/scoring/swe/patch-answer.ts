// The part of SWE-bench-style scoring that needs no harness: an empty reply or one without a diff is wrong (no
// valid answer); otherwise the patch is extracted and its prediction line appended to the run's
// `{output}.predictions.jsonl`.
import type { EvalRecord } from '../../core/record.ts'
import type { Score, ScoreContext } from '../../core/score.ts'
import { predictionsPathFor } from '../../results/run-files.ts'
import { extractPatch, hasDiffMarkers } from './extract-patch.ts'
import { appendPrediction } from './predictions.ts'

export type PatchAnswer = { done: Score } | { patch: string; metadata: Record<string, unknown> }

export function patchAnswer(record: EvalRecord, answer: string, ctx: Pick<ScoreContext, 'run'>): PatchAnswer {
  const instance_id = String(record.metadata.instance_id)
  const expected = 'a patch the official harness resolves'
  if (!answer.trim()) return { done: { isCorrect: false, score: 0, expected, reason: 'empty_response', metadata: { instance_id } } }
  const patch = extractPatch(answer)
  if (!patch) return { done: { isCorrect: false, score: 0, expected, reason: 'no_patch', metadata: { instance_id, has_diff_markers: hasDiffMarkers(answer) } } }
  const metadata: Record<string, unknown> = { instance_id, has_diff_markers: true, patch_lines: patch.split('\n').length - 1 }
  if (ctx.run) {
    const file = predictionsPathFor(ctx.run.outputPath)
    appendPrediction(file, { instance_id, model_name_or_path: ctx.run.model, model_patch: patch })
    metadata.predictions_file = file
  }
  return { patch, metadata }
}
