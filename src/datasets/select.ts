// Deterministic sample selection: shuffle with the run seed (unless told not to), keep the requested record ids, take max_samples.
//
//   seededRandom(seed: number | string): () => number        uniform in [0, 1)
//   seededShuffle<T>(items, seed): T[]                        a shuffled copy
//   selectRecords(records, { seed, maxSamples?, recordIds?, where? }): T[]
//   stableHash(text): string                                  12 hex chars of sha256
//
// The PRNG is mulberry32 seeded by the first 32 bits of sha256(String(seed)), and the shuffle is Fisher–Yates.
// It is NOT Python's random.Random: the same seed gives a different order than OpenJarvis, so a run's sample
// set differs from OpenJarvis's for the same seed (record ids are stable, so results still join by id).
// Hashing the seed lets a string such as `${runSeed}:${recordId}` seed per-record option shuffles, and makes
// seeds 42 and "42" the same stream.
import { createHash } from 'node:crypto'
import { JarvisError, didYouMean } from '../core/errors.ts'

export function seededRandom(seed: number | string): () => number {
  if (typeof seed === 'number' && !Number.isFinite(seed)) throw new JarvisError('JARVIS_BAD_OPTION', `seed ${seed} is not a finite number. Use an integer such as 42.`)
  let a = createHash('sha256').update(String(seed)).digest().readUInt32BE(0)
  return () => {
    // mulberry32 (Tommy Ettinger, public domain)
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function seededShuffle<T>(items: readonly T[], seed: number | string): T[] {
  const out = items.slice()
  const rand = seededRandom(seed)
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

export interface SelectOptions {
  seed: number
  /** Keep at most this many (after the shuffle and the id filter). */
  maxSamples?: number
  /** Keep only these record ids (in shuffled order); unknown ids are an error. */
  recordIds?: readonly string[]
  /** Prefix for messages, e.g. the benchmark key. */
  where?: string
  /** false: keep the records' order (a benchmark whose sequence is its protocol). Default true. */
  shuffle?: boolean
}

export function selectRecords<T extends { record_id: string }>(records: readonly T[], opts: SelectOptions): T[] {
  const where = opts.where ? `${opts.where}: ` : ''
  let out = opts.shuffle === false ? records.slice() : seededShuffle(records, opts.seed)
  if (opts.recordIds) {
    const known = new Set(records.map((r) => r.record_id))
    const unknown = [...new Set(opts.recordIds)].filter((id) => !known.has(id))
    if (unknown.length > 0) {
      const shown = unknown.slice(0, 5).map((id) => `"${id}"`).join(', ') + (unknown.length > 5 ? ` and ${unknown.length - 5} more` : '')
      throw new JarvisError(
        'JARVIS_BAD_OPTION',
        `${where}record_ids has ${unknown.length} id(s) not in the dataset: ${shown}.${didYouMean(unknown[0], [...known])} Record ids look like "${records[0]?.record_id ?? '<benchmark>-<id>'}"; see a run's JSONL for them.`,
      )
    }
    const wanted = new Set(opts.recordIds)
    out = out.filter((r) => wanted.has(r.record_id))
  }
  if (opts.maxSamples !== undefined) {
    if (!Number.isInteger(opts.maxSamples) || opts.maxSamples < 1) {
      throw new JarvisError('JARVIS_BAD_OPTION', `${where}max_samples must be a positive integer, got ${opts.maxSamples}.`)
    }
    out = out.slice(0, opts.maxSamples)
  }
  return out
}

export function stableHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12)
}
