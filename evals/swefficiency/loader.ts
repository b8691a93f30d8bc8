// SWE-fficiency from the Hub: swefficiency/swefficiency, split test (498 optimisation tasks). Record ids:
// swefficiency-<instance_id>; subject: the repo; the expert patch is the reference; workload, speedup,
// covering tests and the instance image name are kept as metadata.
//
//   loadSwefficiency(ctx) → EvalRecord[]      toRecord(row) → EvalRecord | null
import { cellText } from '../../src/datasets/cell.ts'
import { loadHubRows } from '../../src/datasets/hub.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { checkColumns, instanceId, parseTestList } from '../../src/scoring/swe/swe-record.ts'
import { buildPrompt } from './prompt.ts'

export const DATASET = { repo: 'swefficiency/swefficiency', split: 'test' } as const

/** `speedup` (OpenJarvis also tries `expected_speedup`); 1.0 when absent or not a number, as OpenJarvis. */
function speedupOf(row: Record<string, unknown>): number {
  const v = Number(cellText(row.speedup ?? row.expected_speedup))
  return Number.isFinite(v) && cellText(row.speedup ?? row.expected_speedup) !== '' ? v : 1
}

export function toRecord(row: Record<string, unknown>): EvalRecord | null {
  checkColumns(row, 'swefficiency', DATASET.repo)
  const problemStatement = cellText(row.problem_statement).trim()
  if (!problemStatement) return null
  const id = instanceId(row)
  const repo = cellText(row.repo)
  const workload = cellText(row.workload).trim()
  const speedup = speedupOf(row)
  const baseCommit = cellText(row.base_commit)
  return {
    record_id: `swefficiency-${id}`,
    problem: buildPrompt({ repo, problemStatement, workload, speedup, baseCommit }),
    reference: cellText(row.patch).trim(),
    category: 'agentic',
    subject: repo,
    metadata: {
      instance_id: id,
      repo,
      base_commit: baseCommit,
      expected_speedup: speedup,
      workload,
      version: cellText(row.version),
      image_name: cellText(row.image_name) || null,
      covering_tests: parseTestList(row.covering_tests ?? row.COVERING_TESTS),
      PASS_TO_PASS: parseTestList(row.PASS_TO_PASS ?? row.pass_to_pass),
    },
  }
}

export async function loadSwefficiency(ctx: LoadContext): Promise<EvalRecord[]> {
  const rows = await loadHubRows({ repo: DATASET.repo, split: ctx.split ?? DATASET.split }, undefined, { signal: ctx.signal })
  const records = rows.map(toRecord).filter((r): r is EvalRecord => r !== null)
  if (records.length < rows.length) ctx.log(`${rows.length - records.length} rows without a problem statement were dropped`)
  return records
}
