// LogHub samples out of a streamed log (log-lines.ts), in bounded memory.
//
//   hdfsSessions(log, blocks, maxLines): Promise<Map<id, Session>>   lines of the chosen block ids (loglizer's
//       rule: every distinct blk_<id> a line mentions), the first maxLines kept, all counted
//   windowSessions(log, k, seed, size, wanted): Promise<Window[]>    BGL/Thunderbird: fixed windows of `size`
//       lines, anomalous when a line does not start with "-"; the k windows of smallest rank (pick.ts) and the
//       wanted ones kept, the others dropped as they pass
import { logLineBatches } from './log-lines.ts'
import { SmallestK } from './pick.ts'

export interface Session {
  lines: string[]
  /** Every line of the session in the log (only `lines` are kept). */
  total: number
}

export interface Window {
  index: number
  lines: string[]
  anomalous: boolean
}

const BLOCK = /blk_-?\d+/g

/** A copy that does not keep the 1 MiB chunk it was sliced from alive. */
const own = (s: string) => Buffer.from(s, 'utf8').toString('utf8')

export async function hdfsSessions(log: string, blocks: ReadonlySet<string>, maxLines: number): Promise<Map<string, Session>> {
  const out = new Map<string, Session>()
  for await (const batch of logLineBatches(log)) {
    for (const line of batch) {
      if (!line.includes('blk_')) continue
      const ids = line.match(BLOCK)!
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i]
        if (!blocks.has(id) || ids.indexOf(id) < i) continue
        let s = out.get(id)
        if (!s) out.set(id, (s = { lines: [], total: 0 }))
        s.total++
        if (s.lines.length < maxLines) s.lines.push(own(line))
      }
    }
  }
  return out
}

export async function windowSessions(log: string, k: number, seed: number, size: number, wanted: ReadonlySet<number> = new Set()): Promise<Window[]> {
  const picked = new SmallestK<Window>(k, seed)
  const extra: Window[] = []
  let index = 0
  let lines: string[] = []
  let anomalous = false
  const close = () => {
    const w = { index, lines, anomalous }
    // a kept window owns its lines (a slice would keep its 1 MiB chunk alive); an evicted one is garbage
    if (wanted.has(index)) extra.push({ ...w, lines: lines.map(own) })
    else if (picked.offer(`w${index}`, w)) w.lines = lines.map(own)
    index++
    lines = []
    anomalous = false
  }
  for await (const batch of logLineBatches(log)) {
    for (const line of batch) {
      lines.push(line)
      if (line.charCodeAt(0) !== 45 /* - */) anomalous = true
      if (lines.length >= size) close()
    }
  }
  if (lines.length) close()
  return [...picked.items().map((x) => x.value), ...extra].sort((a, b) => a.index - b.index)
}
