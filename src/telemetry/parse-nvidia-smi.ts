// Parsing `nvidia-smi --query-gpu=index,power.draw,utilization.gpu,memory.used --format=csv,noheader,nounits`.
// With -lms the tool prints one line per GPU per tick, in index order; there is no energy field in
// --query-gpu (infer-lab.md §7), so the sampler integrates power.draw (W).

export const SMI_FIELDS = ['index', 'power.draw', 'utilization.gpu', 'memory.used'] as const

export interface SmiLine {
  index: number
  powerW: number | null
  utilizationPct: number | null
  memoryUsedMib: number | null
}

/** A number, or null for "[N/A]", "[Not Supported]", "N/A", "" and anything else that is not a number. */
export function parseSmiValue(raw: string): number | null {
  const s = raw.trim()
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null
  return Number(s)
}

/** One CSV line → its fields, or null when it is not a reading (an error message, a blank line). */
export function parseSmiLine(line: string): SmiLine | null {
  const cells = line.split(',')
  if (cells.length !== SMI_FIELDS.length) return null
  const index = parseSmiValue(cells[0])
  if (index === null || !Number.isInteger(index) || index < 0) return null
  return {
    index,
    powerW: parseSmiValue(cells[1]),
    utilizationPct: parseSmiValue(cells[2]),
    memoryUsedMib: parseSmiValue(cells[3]),
  }
}

/**
 * Groups lines into ticks over GPUs 0..numGpus-1 (others are skipped). A tick ends when its last GPU is seen,
 * or when an index repeats (the machine has fewer GPUs than numGpus: then the tick is what was seen).
 */
export class SmiTickAssembler {
  private current: SmiLine[] = []

  constructor(private readonly numGpus: number) {}

  /** Feeds one line; returns a finished tick, or null. */
  push(line: string): SmiLine[] | null {
    const parsed = parseSmiLine(line)
    if (!parsed || parsed.index >= this.numGpus) return null
    let done: SmiLine[] | null = null
    const last = this.current.at(-1)
    if (last && parsed.index <= last.index) {
      done = this.current
      this.current = []
    }
    this.current.push(parsed)
    if (parsed.index === this.numGpus - 1) {
      done = this.current
      this.current = []
    }
    return done
  }
}

/** Sums a tick: power (mW) and memory (bytes) over GPUs, utilization averaged; null where any GPU says N/A. */
export function summariseTick(tick: SmiLine[]): { powerMw: number | null; utilizationPct: number | null; memoryUsedBytes: number | null } {
  const all = <K extends keyof SmiLine>(k: K) => tick.every((l) => l[k] !== null)
  const sum = (k: 'powerW' | 'utilizationPct' | 'memoryUsedMib') => tick.reduce((a, l) => a + (l[k] ?? 0), 0)
  return {
    powerMw: tick.length && all('powerW') ? sum('powerW') * 1000 : null,
    utilizationPct: tick.length && all('utilizationPct') ? sum('utilizationPct') / tick.length : null,
    memoryUsedBytes: tick.length && all('memoryUsedMib') ? sum('memoryUsedMib') * 1024 * 1024 : null,
  }
}
