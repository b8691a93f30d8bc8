// SWE-bench scoring. The patch is extracted and written to the run's predictions.jsonl (patch-answer.ts). With
// the official harness installed (probe: SWEBENCH_HARNESS), each sample's prediction runs through it
// (swebench-harness.ts) and the sample is correct when its id is in the report's resolved_ids; a harness that
// fails or times out leaves the sample unscored. Without the harness every patch is unscored, saying so, as
// OpenJarvis's registered scorer always left them (there without saying why).
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { checkRequirements, requirementError } from '../../src/requirements/index.ts'
import { SWEBENCH_HARNESS } from '../../src/scoring/swe/harness-requirements.ts'
import { patchAnswer } from '../../src/scoring/swe/patch-answer.ts'
import { runSwebenchHarness, sanitizeRunId } from '../../src/scoring/swe/swebench-harness.ts'

/** OpenJarvis's per-instance cap. */
export const HARNESS_TIMEOUT_S = 1800
/** The harness's dataset: Verified (the mini subset shares its instance ids), unless JARVIS_SWEBENCH_DATASET says. */
export const HARNESS_DATASET = 'SWE-bench/SWE-bench_Verified'

export function harnessWorkDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.JARVIS_SWEBENCH_WORKDIR || join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'jarvis-evals', 'swebench')
}

export async function scoreSwebench(record: EvalRecord, answer: string, ctx: Pick<ScoreContext, 'run' | 'signal'>, env: NodeJS.ProcessEnv = process.env): Promise<Score> {
  const p = patchAnswer(record, answer, ctx)
  if ('done' in p) return p.done
  const expected = 'resolved by the SWE-bench harness'
  const modal = (env.SWEBENCH_BACKEND ?? 'docker').toLowerCase() === 'modal'
  const missing = requirementError('SWE-bench scoring', await checkRequirements(SWEBENCH_HARNESS, env))
  if (missing) return { isCorrect: null, expected, reason: 'needs_swebench_harness', metadata: { ...p.metadata, harness: missing.message } }
  const instanceId = String(record.metadata.instance_id)
  const model = ctx.run?.model ?? 'jarvis-evals'
  const v = await runSwebenchHarness({
    python: env.JARVIS_SWEBENCH_PYTHON || 'python3',
    instanceId,
    patch: p.patch,
    model,
    runId: sanitizeRunId(`jarvis-${ctx.run?.modelSlug ?? 'model'}-${instanceId}`),
    dataset: env.JARVIS_SWEBENCH_DATASET || HARNESS_DATASET,
    workDir: harnessWorkDir(env),
    timeoutS: HARNESS_TIMEOUT_S,
    modal,
    env,
    signal: ctx.signal,
  })
  const metadata = { ...p.metadata, harness_status: v.status }
  if ('detail' in v) return { isCorrect: null, expected, reason: 'harness_error', metadata: { ...metadata, harness_error: v.detail } }
  const resolved = v.status === 'resolved'
  return { isCorrect: resolved, score: resolved ? 1 : 0, expected, extracted: v.status, ...(resolved ? {} : { reason: v.status }), metadata }
}
