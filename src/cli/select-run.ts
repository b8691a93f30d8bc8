// One run's selection as preflight needs it — counts, the -t matches, resume digests, plan files — made the same
// way in process and in the selection thread (select-worker.ts).
import type { BenchmarkDefinition } from '../core/benchmark.ts'
import type { EvalRecord } from '../core/record.ts'
import { writePlanFiles } from '../harness/plan-file.ts'
import { chunksOf, selectionDigests, selectSamples } from '../harness/plan-samples.ts'
import type { SelectJob, SelectOutcome } from './select-in-thread.ts'

export async function selectRun(def: BenchmarkDefinition, job: SelectJob, log: (m: string) => void): Promise<SelectOutcome & { matched: EvalRecord[] }> {
  const sel = await selectSamples(def, job.run, log)
  const matched = job.testNamePattern ? sel.selected.filter((s) => job.testNamePattern!.test(`${job.testName} ${s.record_id}`)) : sel.selected
  const planFiles = sel.selectedCount && job.plan ? writePlanFiles(job.plan.dir, job.plan.name, chunksOf(sel, job.plan.chunkSize)) : []
  return { selectedCount: sel.selectedCount, matching: matched.length, digests: [...selectionDigests(sel)], planFiles, matched }
}
