// One prediction through the official SWE-bench harness, as OpenJarvis's swebench_harness.py does it:
// `<python> -m swebench.harness.run_evaluation --predictions_path P --max_workers 1 --run_id R --dataset_name D
// --instance_ids ID [--modal true]` in a work folder, then `<model>.<run_id>.json` there says whether the id is
// in `resolved_ids` (older harnesses: a `resolved_instances` list). The harness runs in its own process group,
// killed whole at the timeout; it gets no API key of ours.
//
//   runSwebenchHarness({ python, instanceId, patch, model, runId, dataset, workDir, timeoutS, env? }) → HarnessVerdict
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { predictionLine } from './predictions.ts'

export type HarnessVerdict =
  | { status: 'resolved' | 'unresolved' | 'empty_patch'; report: Record<string, unknown> }
  | { status: 'error' | 'timeout' | 'no_report'; detail: string }

export interface HarnessRun {
  python: string
  instanceId: string
  patch: string
  model: string
  runId: string
  dataset: string
  /** Where the harness writes its report and logs/ (its working directory). */
  workDir: string
  timeoutS: number
  modal?: boolean
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
}

/** What the harness needs from our environment: never our API keys. */
const PASSED_ENV = /^(PATH|HOME|LANG|LC_ALL|TMPDIR|PYTHONPATH|VIRTUAL_ENV|DOCKER_HOST|DOCKER_CERT_PATH|DOCKER_TLS_VERIFY|XDG_CACHE_HOME|HF_HOME|HF_ENDPOINT|HF_HUB_OFFLINE|HF_DATASETS_OFFLINE|HF_HUB_CACHE|HF_DATASETS_CACHE|MODAL_.*|SWEBENCH_.*)$/

export const sanitizeRunId = (s: string): string => s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '')

export async function runSwebenchHarness(o: HarnessRun): Promise<HarnessVerdict> {
  mkdirSync(o.workDir, { recursive: true })
  const report = join(o.workDir, `${o.model.replaceAll('/', '__')}.${o.runId}.json`)
  // A report left by an earlier, killed run of the same id would be read as this one's verdict.
  rmSync(report, { force: true })
  const tmp = mkdtempSync(join(tmpdir(), 'jarvis-swebench-'))
  try {
    const preds = join(tmp, 'predictions.jsonl')
    writeFileSync(preds, predictionLine({ instance_id: o.instanceId, model_name_or_path: o.model, model_patch: o.patch }))
    const args = ['-m', 'swebench.harness.run_evaluation', '--predictions_path', preds, '--max_workers', '1', '--run_id', o.runId, '--dataset_name', o.dataset, '--instance_ids', o.instanceId, ...(o.modal ? ['--modal', 'true'] : [])]
    const env = Object.fromEntries(Object.entries(o.env ?? process.env).filter(([k]) => PASSED_ENV.test(k))) as NodeJS.ProcessEnv
    const run = await runGroup(o.python, args, o.workDir, env, o.timeoutS * 1000, o.signal)
    if (run.timedOut) return { status: 'timeout', detail: `the harness ran past ${o.timeoutS} s and was killed; ${run.tail}` }
    if (!existsSync(report)) return { status: 'no_report', detail: `the harness exited ${run.code} without ${report}: ${run.tail}` }
    const r = JSON.parse(readFileSync(report, 'utf8')) as Record<string, unknown>
    const ids = (k: string) => (Array.isArray(r[k]) ? (r[k] as unknown[]).map(String) : [])
    const resolved = ids('resolved_ids').length ? ids('resolved_ids') : ids('resolved_instances')
    if (resolved.includes(o.instanceId)) return { status: 'resolved', report: r }
    if (ids('error_ids').includes(o.instanceId)) return { status: 'error', detail: `the harness could not evaluate ${o.instanceId} (error_ids); see ${o.workDir}/logs/run_evaluation/${o.runId}` }
    if (ids('empty_patch_ids').includes(o.instanceId)) return { status: 'empty_patch', report: r }
    if (ids('unresolved_ids').includes(o.instanceId) || ids('completed_ids').includes(o.instanceId)) return { status: 'unresolved', report: r }
    return { status: 'error', detail: `${report} does not list ${o.instanceId} as completed` }
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
}

function runGroup(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number, signal?: AbortSignal): Promise<{ code: number | null; timedOut: boolean; tail: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    const keep = (d: Buffer) => (out = (out + d.toString('utf8')).slice(-4000))
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    let timedOut = false
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {}
    }
    const timer = setTimeout(() => ((timedOut = true), killGroup()), timeoutMs)
    signal?.addEventListener('abort', killGroup, { once: true })
    const done = (code: number | null, extra = '') => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', killGroup)
      resolve({ code, timedOut, tail: `${out}${extra}`.trim().split('\n').slice(-5).join(' | ').slice(-800) })
    }
    child.on('error', (e) => done(null, (e as NodeJS.ErrnoException).code ?? e.message))
    child.on('close', (code) => done(code))
  })
}
