// Episode mode: the samples of one episode run one after another in dataset order, each given up to 3 earlier
// successful samples of its episode as examples (OpenJarvis's EvalRunner, _MAX_PRIOR_EXAMPLES = 3, problem and
// answer cut at 800 characters); different episodes run in parallel. Still one Vitest test per sample.
import type { ResolvedRun } from '../config/resolved-run.ts'
import type { BenchmarkDefinition } from '../core/benchmark.ts'
import type { EvalRecord } from '../core/record.ts'

export const MAX_PRIOR_EXAMPLES = 3
const EXAMPLE_CHARS = 800

export interface PriorExample {
  problem: string
  answer: string
}

/** On when asked (--episode-mode, episode_mode), else when the benchmark defines episodes. */
export const episodeModeOn = (def: BenchmarkDefinition, run: Pick<ResolvedRun, 'episodeMode'>): boolean => run.episodeMode ?? typeof def.episode === 'function'

/** A record's episode; a benchmark without episodes run in episode mode is one episode (lifelong, in order). */
export const episodeOf = (def: BenchmarkDefinition, r: EvalRecord): string => def.episode?.(r) ?? def.key

/** Records grouped by episode (episodes in order of their first record), each episode in dataset order. */
export function groupByEpisode(def: BenchmarkDefinition, records: EvalRecord[], loadIndex: Map<string, number>): Map<string, EvalRecord[]> {
  const byLoad = [...records].sort((a, b) => loadIndex.get(a.record_id)! - loadIndex.get(b.record_id)!)
  const groups = new Map<string, EvalRecord[]>()
  for (const r of byLoad) {
    const e = episodeOf(def, r)
    let g = groups.get(e)
    if (!g) groups.set(e, (g = []))
    g.push(r)
  }
  return groups
}

/**
 * The order tests are registered in: round robin over episodes (first sample of each, then the second …). A
 * sample only ever waits for one registered before it, so with any maxConcurrency the first tests to start
 * can run, and different episodes fill the slots.
 */
export function interleaveEpisodes(groups: Iterable<EvalRecord[]>): EvalRecord[] {
  const lists = [...groups]
  const out: EvalRecord[] = []
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i])
  return out
}

/** The spec's prompt: earlier successes first, then the task (EvalRunner's "Previously Completed Tasks" block). */
export function withPriorExamples(record: EvalRecord, examples: PriorExample[]): EvalRecord {
  if (!examples.length) return record
  const blocks = examples.map((x, i) => `### Example ${i + 1}\nTask: ${x.problem.slice(0, EXAMPLE_CHARS)}\nSolution: ${x.answer.slice(0, EXAMPLE_CHARS)}`)
  return { ...record, problem: `## Previously Completed Tasks\n\n${blocks.join('\n\n')}\n\n## Current Task\n\n${record.problem}` }
}

interface Deferred {
  promise: Promise<void>
  resolve(): void
}
const deferred = (): Deferred => {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

/**
 * Who waits for whom, and which examples a sample gets. `groups` holds every selected record of each episode
 * (also those of other chunks or already done on resume); `earlier` the verdicts already in the output for those.
 */
export class EpisodeTracker {
  private readonly done = new Map<string, Deferred>()
  private readonly successes = new Map<string, PriorExample>()
  private readonly episodeOfId = new Map<string, EvalRecord[]>()

  constructor(
    groups: Map<string, EvalRecord[]>,
    private readonly inRun: Set<string>,
    earlier: Map<string, { correct: boolean; answer: string }> = new Map(),
  ) {
    for (const g of groups.values()) for (const r of g) this.episodeOfId.set(r.record_id, g)
    for (const g of groups.values())
      for (const r of g) {
        const e = earlier.get(r.record_id)
        if (e?.correct && !inRun.has(r.record_id)) this.successes.set(r.record_id, { problem: r.problem, answer: e.answer })
      }
    for (const id of inRun) this.done.set(id, deferred())
  }

  /**
   * Waits until the previous sample of the episode that runs in this Vitest run has ended (`isSkipped`: a test
   * filtered out by -t never runs, so it is passed over), then returns the examples: the last 3 successes before
   * this record.
   */
  async before(record: EvalRecord, isSkipped: (id: string) => boolean, signal?: AbortSignal): Promise<PriorExample[]> {
    const episode = this.episodeOfId.get(record.record_id) ?? [record]
    const at = episode.findIndex((r) => r.record_id === record.record_id)
    const prev = episode.slice(0, at).reverse().find((r) => this.inRun.has(r.record_id) && !isSkipped(r.record_id))
    if (prev) {
      const wait = this.done.get(prev.record_id)!.promise
      await (signal ? Promise.race([wait, new Promise<void>((_, rej) => signal.addEventListener('abort', () => rej(signal.reason), { once: true }))]) : wait)
    }
    return episode.slice(0, at).flatMap((r) => this.successes.get(r.record_id) ?? []).slice(-MAX_PRIOR_EXAMPLES)
  }

  /** A sample ended (whatever happened): the next of its episode may start; a correct one becomes an example. */
  after(record: EvalRecord, correct: boolean, answer: string): void {
    if (correct) this.successes.set(record.record_id, { problem: record.problem, answer })
    this.done.get(record.record_id)?.resolve()
  }
}
