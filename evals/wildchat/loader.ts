import { stableHash } from '../../src/datasets/select.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { readShardsUntil } from '../../src/datasets/read-shards.ts'
import { cellText } from '../../src/datasets/cell.ts'
import { DistinctRecords } from '../../src/datasets/distinct-records.ts'

/** About 1M conversations in 19 parquet shards: with max_samples set, only enough shards are read. */
export const DATASET = { repo: 'allenai/WildChat-1M', split: 'train' } as const

interface Turn {
  role?: unknown
  content?: unknown
}

/** English single-turn conversations only (user then assistant, both non-empty); others never become samples. */
export function toRecord(row: Record<string, unknown>): EvalRecord | null {
  if (cellText(row.language).toLowerCase() !== 'english') return null
  const conv = row.conversation
  if (!Array.isArray(conv) || conv.length !== 2) return null
  const [user, assistant] = conv as Turn[]
  if (cellText(user?.role) !== 'user' || cellText(assistant?.role) !== 'assistant') return null
  const prompt = cellText(user.content)
  const reply = cellText(assistant.content)
  if (!prompt || !reply) return null
  const hash = cellText(row.conversation_hash) || stableHash(prompt)
  return {
    record_id: `wildchat-${hash}`,
    problem: prompt,
    reference: reply,
    category: 'chat',
    subject: 'conversation',
    metadata: { model: cellText(row.model), language: 'English', conversation_hash: hash },
  }
}

export async function loadWildChat(ctx: LoadContext): Promise<EvalRecord[]> {
  const distinct = new DistinctRecords(toRecord)
  const records = await readShardsUntil({ repo: DATASET.repo, split: ctx.split ?? DATASET.split, ctx, toRecords: (batch) => distinct.take(batch) })
  ctx.log(`${records.length} of ${distinct.rows} conversations are English, single-turn and distinct`)
  return records
}
