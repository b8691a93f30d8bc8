// LiveCodeBench code generation (lite): HF livecodebench/code_generation_lite, split "test".
//
//   loadLiveCodeBench(ctx): Promise<EvalRecord[]>    subset = a LiveCodeBench version tag (default release_latest)
//   toRecord(row): EvalRecord                        one dataset row (real columns) → record
//   filesForVersion(tag): string[]
//
// The repo is a script dataset: the rows live in test.jsonl … test6.jsonl at its root, one file per
// release, and a version tag picks files the way its loading script does (release_v3 = the first three
// files, v3 = the third only, v2_v4 = second to fourth). Private tests are kept encoded until scoring;
// big ones go to a temp file (private-store.ts) so ~4.5 GB of release_latest is not held in memory.
import { loadHubRows } from '../../src/datasets/hub.ts'
import { JarvisError, didYouMean } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { buildPrompt, SYSTEM_MESSAGE } from './prompt.ts'
import { keepPrivateTests } from './private-store.ts'
import { cellRaw } from '../../src/datasets/cell.ts'

export const DATASET = { repo: 'livecodebench/code_generation_lite', split: 'test' } as const
export const DEFAULT_VERSION = 'release_latest'
const FILES = ['test.jsonl', 'test2.jsonl', 'test3.jsonl', 'test4.jsonl', 'test5.jsonl', 'test6.jsonl']

export const VERSION_TAGS: Record<string, string[]> = (() => {
  const tags: Record<string, string[]> = {}
  FILES.forEach((_, i) => {
    tags[`release_v${i + 1}`] = FILES.slice(0, i + 1)
    tags[`v${i + 1}`] = [FILES[i]]
    for (let j = i + 1; j < FILES.length; j++) tags[`v${i + 1}_v${j + 1}`] = FILES.slice(i, j + 1)
  })
  tags.release_latest = [...FILES]
  return tags
})()

export function filesForVersion(tag: string = DEFAULT_VERSION): string[] {
  const files = VERSION_TAGS[tag]
  if (!files) {
    throw new JarvisError(
      'JARVIS_BAD_CONFIG',
      `livecodebench: subset "${tag}" is not a LiveCodeBench version tag.${didYouMean(tag, Object.keys(VERSION_TAGS))} Use release_v1 … release_v6, release_latest, v1 … v6 or a range like v5_v6.`,
    )
  }
  return files
}

export const REQUIRED_COLUMNS = ['question_id', 'question_content', 'platform', 'difficulty', 'public_test_cases', 'private_test_cases'] as const

/** The JSON string column `metadata` ({"func_name": …} for LeetCode problems). */
function parseMetadata(raw: unknown): Record<string, unknown> {
  if (raw && typeof raw === 'object') return raw as Record<string, unknown>
  try {
    const v = JSON.parse(cellRaw(raw) || '{}')
    return v && typeof v === 'object' ? v : {}
  } catch {
    return {}
  }
}

export function toRecord(row: Record<string, unknown>): EvalRecord {
  const missing = REQUIRED_COLUMNS.filter((c) => !(c in row))
  if (missing.length) {
    throw new JarvisError('JARVIS_DATASET', `livecodebench: a row has no ${missing.join(', ')} column (columns: ${Object.keys(row).join(', ')}). Is this livecodebench/code_generation_lite?`)
  }
  const questionId = cellRaw(row.question_id).trim()
  const starterCode = cellRaw(row.starter_code)
  const meta = parseMetadata(row.metadata)
  const platform = cellRaw(row.platform) || 'unknown'
  const difficulty = cellRaw(row.difficulty) || 'unknown'
  return {
    record_id: `livecodebench-${questionId}`,
    system: SYSTEM_MESSAGE,
    problem: buildPrompt(cellRaw(row.question_content), starterCode),
    reference: 'passes every public and private test',
    category: 'coding',
    subject: `${platform}/${difficulty}`,
    metadata: {
      question_id: questionId,
      question_title: cellRaw(row.question_title),
      platform,
      difficulty,
      contest_id: cellRaw(row.contest_id),
      contest_date: cellRaw(row.contest_date),
      starter_code: starterCode,
      func_name: typeof meta.func_name === 'string' ? meta.func_name : null,
      public_test_cases: cellRaw(row.public_test_cases),
      ...keepPrivateTests(questionId, row.private_test_cases),
    },
  }
}

export async function loadLiveCodeBench(ctx: LoadContext): Promise<EvalRecord[]> {
  const files = filesForVersion(ctx.subset ?? DEFAULT_VERSION)
  const records: EvalRecord[] = []
  // One file at a time, one row at a time: raw rows are never held, only records (big private tests on disk).
  for (const file of files) {
    // Each row becomes a record as it is read: its big private tests go to disk before the next line is parsed.
    const rows = await loadHubRows({ ...DATASET, split: ctx.split ?? DATASET.split, files: [file], format: 'jsonl' }, undefined, { signal: ctx.signal, mapRow: toRecord })
    for (const r of rows) records.push(r)
    ctx.log(`${file}: ${rows.length} problems`)
  }
  return records
}
