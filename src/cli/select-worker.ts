// Runs in a worker thread (select-in-thread.ts): loads and selects one run's dataset, writes its chunks' plan
// files and answers with what the CLI keeps — counts, digests, plan paths — never the records themselves.
import { parentPort, workerData } from 'node:worker_threads'
import { loadDefinition } from '../../evals/registry.ts'
import { isJarvisError } from '../core/errors.ts'
import type { SelectJob, SelectReply } from './select-in-thread.ts'
import { selectRun } from './select-run.ts'

const job = workerData.job as SelectJob
const post = (m: SelectReply) => parentPort!.postMessage(m)
try {
  const { matched: _, ...done } = await selectRun(await loadDefinition(job.run), job, (m) => post({ log: m }))
  post({ done })
} catch (e) {
  post({ error: isJarvisError(e) ? { code: e.code, message: e.message, exitCode: e.exitCode } : { code: null, message: e instanceof Error ? (e.stack ?? e.message) : String(e), exitCode: 1 } })
}
