// SWE-bench predictions, one JSON object a line: {instance_id, model_name_or_path, model_patch}, the input of
// `python -m swebench.harness.run_evaluation --predictions_path` (and of SWE-fficiency's harness). Each scored
// sample appends its line to `{output}.predictions.jsonl` beside the results, so the whole run can be
// evaluated again later with the official harness.
import { appendFileSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

export interface Prediction {
  instance_id: string
  model_name_or_path: string
  model_patch: string
}

export const predictionLine = (p: Prediction): string => `${JSON.stringify({ instance_id: p.instance_id, model_name_or_path: p.model_name_or_path, model_patch: p.model_patch })}\n`

/** One appendFileSync of one line: O_APPEND keeps lines from concurrent samples and workers whole. */
export function appendPrediction(file: string, p: Prediction): void {
  mkdirSync(dirname(file), { recursive: true })
  appendFileSync(file, predictionLine(p))
}
