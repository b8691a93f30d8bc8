// Runs in a worker thread (select-in-thread.ts): loads and selects one run's dataset, writes its chunks' plan
// files and answers with what the CLI keeps — counts, digests, plan paths — never the records themselves.
import { parentPort, workerData } from 'node:worker_threads'
import { loadDefinition } from '../../evals/registry.ts'
import { isJarvisError } from '../core/errors.ts'
import { writePlanFiles } from '../harness/plan-file.ts'
import { chunksOf, selectionDigests, selectSamples } from '../harness/plan-samples.ts'
import type { SelectJob, SelectReply } from './select-in-thread.ts'

const job = workerData.job as SelectJob
const post = (m: SelectReply) => parentPort!.postMessage(m)
try {
  const def = await loadDefinition(job.run)
  const sel = await selectSamples(def, job.run, (m) => post({ log: m }))
  const matching = job.testNamePattern ? sel.selected.filter((s) => job.testNamePattern!.test(`${job.testName} ${s.record_id}`)).length : sel.selectedCount
  const planFiles = sel.selectedCount && job.plan ? writePlanFiles(job.plan.dir, job.plan.name, chunksOf(sel, job.plan.chunkSize)) : []
  post({ done: { selectedCount: sel.selectedCount, matching, digests: [...selectionDigests(sel)], planFiles } })
} catch (e) {
  post({ error: isJarvisError(e) ? { code: e.code, message: e.message, exitCode: e.exitCode } : { code: null, message: e instanceof Error ? (e.stack ?? e.message) : String(e), exitCode: 1 } })
}
