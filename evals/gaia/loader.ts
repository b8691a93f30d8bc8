// GAIA: gaia-benchmark/GAIA (gated: HF_TOKEN), config 2023_all, split validation. The repo's files under
// 2023/<split>/ are fetched as a snapshot: the split's metadata table and the task attachments beside it.
// Columns: task_id, Question, Level, Final answer, file_name, file_path, Annotator Metadata.
//
// subset (config): 2023_all → metadata.parquet, 2023_level1|2|3 → metadata.level<N>.parquet (the repo's
// configs); an older revision's metadata.jsonl is read when there is no parquet. --split: a split folder
// (validation by default); train | test | all mean validation split 20/80 by the seed (the spec's apply_split).
// A task's attachment is its file_name in the split folder, else the first file there whose name holds the
// task id (as OpenJarvis); it goes into the sample's work dir (benchmark.ts).
//
//   loadGaia(ctx): Promise<EvalRecord[]>     toRecord(row, attachments): EvalRecord | null
import { basename } from 'node:path/posix'
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { cellText } from '../../src/datasets/cell.ts'
import { loadHubSnapshot, type SnapshotFile } from '../../src/datasets/hub-snapshot.ts'
import type { Row } from '../../src/datasets/parquet.ts'
import { readTableFile } from '../../src/datasets/read-file.ts'
import { isTrainTestSplit, trainTestSplit } from '../../src/datasets/train-test-split.ts'
import { buildPrompt } from './prompt.ts'

export const REPO = 'gaia-benchmark/GAIA'
export const DEFAULT_CONFIG = '2023_all'
export const DEFAULT_SPLIT = 'validation'

function metadataFile(config: string): string {
  if (config === '2023_all') return 'metadata.parquet'
  const level = /^2023_level([123])$/.exec(config)
  if (!level) throw new JarvisError('JARVIS_BAD_OPTION', `gaia: unknown subset "${config}"; use 2023_all (default), 2023_level1, 2023_level2 or 2023_level3.`)
  return `metadata.level${level[1]}.parquet`
}

const isMetadata = (name: string) => /^metadata(\.level\d)?\.(parquet|jsonl)$/.test(name)

export interface Attachment {
  /** The file's name, as the model sees it in its work dir. */
  name: string
  /** Path in the repo. */
  path: string
  /** Where it is on disk (the HF cache). */
  local: string
}

function attachmentOf(row: Row, files: SnapshotFile[], taskId: string): Attachment | null {
  const byName = cellText(row.file_name).trim()
  const byPath = cellText(row.file_path).trim()
  const found =
    (byName && files.find((f) => basename(f.path) === byName)) ||
    (byPath && files.find((f) => f.path === byPath || f.path.endsWith(`/${basename(byPath)}`))) ||
    (taskId && files.find((f) => basename(f.path).includes(taskId)))
  return found ? { name: basename(found.path), path: found.path, local: found.local } : null
}

export function toRecord(row: Row, files: SnapshotFile[]): EvalRecord | null {
  const taskId = cellText(row.task_id).trim()
  const question = cellText(row.Question).trim()
  const answer = cellText(row['Final answer']).trim()
  if (!taskId || !question || !answer) return null
  const level = cellText(row.Level).trim()
  const attachment = attachmentOf(row, files, taskId)
  return {
    record_id: `gaia-${taskId}`,
    problem: buildPrompt(question, attachment?.name ?? null),
    reference: answer,
    category: 'agentic',
    subject: level ? `level_${level}` : 'general',
    metadata: {
      task_id: taskId,
      question,
      level: level ? Number(level) || level : null,
      file_name: attachment?.name ?? null,
      file_path: attachment?.path ?? null,
      attachment: attachment?.local ?? null,
    },
  }
}

export async function loadGaia(ctx: LoadContext): Promise<EvalRecord[]> {
  const split = !ctx.split || isTrainTestSplit(ctx.split) ? DEFAULT_SPLIT : ctx.split
  const config = ctx.subset ?? DEFAULT_CONFIG
  const wanted = metadataFile(config)
  const dir = `2023/${split}/`
  const snap = await loadHubSnapshot(
    { repo: REPO, include: (p) => p.startsWith(dir) && !p.slice(dir.length).includes('/') && (!isMetadata(basename(p)) || basename(p) === wanted || basename(p) === 'metadata.jsonl'), what: `the ${split} split (${dir})` },
    undefined,
    { signal: ctx.signal },
  )
  const table = snap.files.find((f) => basename(f.path) === wanted) ?? snap.files.find((f) => basename(f.path) === 'metadata.jsonl')
  if (!table) throw new JarvisError('JARVIS_DATASET', `gaia: ${REPO} has no ${dir}${wanted} (nor metadata.jsonl); check --split (${DEFAULT_SPLIT}) and subset (${DEFAULT_CONFIG}).`)
  const attachments = snap.files.filter((f) => !isMetadata(basename(f.path)))
  let rows = await readTableFile(table.local)
  if (ctx.split && isTrainTestSplit(ctx.split)) rows = trainTestSplit(rows, ctx.split, ctx.seed)
  const records = rows.map((r) => toRecord(r, attachments)).filter((r): r is EvalRecord => r !== null)
  if (records.length < rows.length) ctx.log(`${rows.length - records.length} rows without task_id, Question or Final answer were dropped`)
  ctx.log(`${records.length} tasks, ${records.filter((r) => r.metadata.attachment).length} with an attachment (${snap.commit.slice(0, 7)})`)
  return records
}
