import { stableHash } from '../../src/datasets/select.ts'
import type { EvalRecord, LoadContext } from '../../src/harness/types.ts'
import { readShardsUntil } from '../../src/datasets/read-shards.ts'

/** About 1M conversations in 19 parquet shards: with max_samples set, only enough shards are read. */
export const DATASET = { repo: 'allenai/WildChat-1M', split: 'train' } as const

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim())

interface Turn {
  role?: unknown
  content?: unknown
}

/** English single-turn conversations only (user then assistant, both non-empty); others never become samples. */
export function toRecord(row: Record<string, unknown>): EvalRecord | null {
  if (str(row.language).toLowerCase() !== 'english') return null
  const conv = row.conversation
  if (!Array.isArray(conv) || conv.length !== 2) return null
  const [user, assistant] = conv as Turn[]
  if (str(user?.role) !== 'user' || str(assistant?.role) !== 'assistant') return null
  const prompt = str(user.content)
  const reply = str(assistant.content)
  if (!prompt || !reply) return null
  const hash = str(row.conversation_hash) || stableHash(prompt)
  return {
    record_id: `wildchat-${hash}`,
    problem: prompt,
    reference: reply,
    category: 'chat',
    subject: 'conversation',
    metadata: { model: str(row.model), language: 'English', conversation_hash: hash },
  }
}

export async function loadWildChat(ctx: LoadContext): Promise<EvalRecord[]> {
  const seen = new Set<string>()
  let rows = 0
  const toRecords = (batch: Record<string, unknown>[]) => {
    const out: EvalRecord[] = []
    for (const row of batch) {
      rows++
      const r = toRecord(row)
      if (r && !seen.has(r.record_id)) {
        seen.add(r.record_id)
        out.push(r)
      }
    }
    return out
  }
  const records = await readShardsUntil({ repo: DATASET.repo, split: ctx.split ?? DATASET.split, ctx, toRecords })
  ctx.log(`${records.length} of ${rows} conversations are English, single-turn and distinct`)
  return records
}
