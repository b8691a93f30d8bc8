// SWE-bench Verified from the Hub: subset verified_mini (default, as OpenJarvis: MariusHobbhahn/
// swe-bench-verified-mini, 50 tasks) or verified (princeton-nlp/SWE-bench_Verified, 500), split test.
// Record ids: swebench-<instance_id>; subject: the repo; the gold patch is the reference.
//
//   loadSwebench(ctx) → EvalRecord[]      toRecord(row, variant) → EvalRecord | null      VARIANTS
import { cellText } from '../../src/datasets/cell.ts'
import { loadHubRows } from '../../src/datasets/hub.ts'
import { didYouMean, JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { checkColumns, instanceId, parseTestList } from '../../src/scoring/swe/swe-record.ts'
import { buildPrompt } from './prompt.ts'

export const VARIANTS: Record<string, string> = {
  verified_mini: 'MariusHobbhahn/swe-bench-verified-mini',
  verified: 'princeton-nlp/SWE-bench_Verified',
}
export const DEFAULT_VARIANT = 'verified_mini'

export function toRecord(row: Record<string, unknown>, variant: string): EvalRecord | null {
  checkColumns(row, 'swebench', VARIANTS[variant])
  const problemStatement = cellText(row.problem_statement).trim()
  if (!problemStatement) return null
  const id = instanceId(row)
  const repo = cellText(row.repo)
  const hints = cellText(row.hints_text).trim()
  const baseCommit = cellText(row.base_commit)
  return {
    record_id: `swebench-${id}`,
    problem: buildPrompt({ repo, problemStatement, hints, baseCommit }),
    reference: cellText(row.patch).trim(),
    category: 'agentic',
    subject: repo,
    metadata: {
      instance_id: id,
      repo,
      base_commit: baseCommit,
      hints_text: hints,
      version: cellText(row.version),
      created_at: cellText(row.created_at),
      environment_setup_commit: cellText(row.environment_setup_commit),
      difficulty: cellText(row.difficulty) || null,
      FAIL_TO_PASS: parseTestList(row.FAIL_TO_PASS),
      PASS_TO_PASS: parseTestList(row.PASS_TO_PASS),
      variant,
    },
  }
}

export async function loadSwebench(ctx: LoadContext): Promise<EvalRecord[]> {
  const variant = ctx.subset ?? DEFAULT_VARIANT
  const repo = VARIANTS[variant]
  if (!repo) throw new JarvisError('JARVIS_BAD_CONFIG', `swebench: subset "${variant}" is not a SWE-bench variant.${didYouMean(variant, Object.keys(VARIANTS))} Use ${Object.keys(VARIANTS).join(' or ')}.`)
  const rows = await loadHubRows({ repo, split: ctx.split ?? 'test' }, undefined, { signal: ctx.signal })
  const records = rows.map((r) => toRecord(r, variant)).filter((r): r is EvalRecord => r !== null)
  if (records.length < rows.length) ctx.log(`${rows.length - records.length} rows without a problem statement were dropped`)
  return records
}
