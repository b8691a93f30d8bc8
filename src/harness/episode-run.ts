import { existsSync, readFileSync } from 'node:fs'
import type { ResolvedRun } from '../config/resolved-run.ts'
import { EpisodeTracker } from './episodes.ts'
import type { SamplePlan } from './plan-samples.ts'

/**
 * The tracker of one benchmark's episodes in this Vitest run. Samples of the same episodes done before it (an
 * earlier chunk, or --resume) are read back from the output, which the CLI prepared for this run, so their
 * successes still count as examples. A bare `vitest run` (one chunk, no resume) reads nothing: the file there may
 * be an older run's.
 */
export function episodeTracker(plan: SamplePlan, run: ResolvedRun): EpisodeTracker {
  const inRun = new Set(plan.samples.map((r) => r.record_id))
  const earlier = new Map<string, { correct: boolean; answer: string }>()
  if ((run.chunk || run.skipIdsFile) && existsSync(run.outputPath)) {
    const wanted = new Set([...plan.episodes!.values()].flat().map((r) => r.record_id))
    for (const line of readFileSync(run.outputPath, 'utf8').split('\n')) {
      if (!line.trim()) continue
      try {
        const x = JSON.parse(line) as { record_id?: string; is_correct?: boolean | null; model_answer?: string }
        if (x.record_id && wanted.has(x.record_id)) earlier.set(x.record_id, { correct: x.is_correct === true, answer: x.model_answer ?? '' })
      } catch {}
    }
  }
  return new EpisodeTracker(plan.episodes!, inRun, earlier)
}
