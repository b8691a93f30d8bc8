import { loadHubRows } from '../../src/datasets/hub.ts'
import { stableHash } from '../../src/datasets/select.ts'
import type { EvalRecord, LoadContext } from '../../src/harness/types.ts'

export const DATASET = { repo: 'allenai/WildChat-1M', split: 'train' } as const
/** Up to this many samples, only the first parquet shard is read (the split has about 1M conversations). */
export const FIRST_SHARD_UP_TO = 2000

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
  const split = ctx.split ?? DATASET.split
  const firstShard = ctx.maxSamples !== undefined && ctx.maxSamples <= FIRST_SHARD_UP_TO
  const ref = firstShard
    ? { repo: DATASET.repo, split, revision: 'refs/convert/parquet', files: [`default/${split}/0000.parquet`] }
    : { repo: DATASET.repo, split }
  if (firstShard) ctx.log(`reading only the first parquet shard of ${split} (max_samples ≤ ${FIRST_SHARD_UP_TO})`)
  const rows = await loadHubRows(ref, undefined, { signal: ctx.signal })
  const records: EvalRecord[] = []
  const seen = new Set<string>()
  for (const row of rows) {
    const r = toRecord(row)
    if (r && !seen.has(r.record_id)) {
      seen.add(r.record_id)
      records.push(r)
    }
  }
  ctx.log(`${records.length} of ${rows.length} conversations are English, single-turn and distinct`)
  return records
}
