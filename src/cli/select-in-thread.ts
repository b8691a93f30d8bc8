// A large local dataset is loaded and selected in a worker thread, not in the CLI's own heap: V8 and malloc keep
// most of a heap's high-water mark resident after a collection, so 100,000 records loaded once would stay beside
// every chunk worker for the whole run. A thread's isolate gives its memory back when it ends. Small datasets
// (and Hub ones, whose size is not known before loading) stay in process, a thread costs ≈ 0.1 s to load, unless
// a spare core lets the thread run while the CLI creates Vitest.
import { statSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { ResolvedRun } from '../config/resolved-run.ts'
import { JarvisError, type JarvisErrorCode } from '../core/errors.ts'
import { releaseFreedMemory } from './release-memory.ts'

/** Local dataset files above this are selected in a thread (JARVIS_SELECT_IN_THREAD=0 never, =1 always; Hub ones too beside Vitest's start-up). */
export const THREAD_SELECT_BYTES = 8 * 2 ** 20

/**
 * `overlap`: the CLI has other work to do meanwhile (creating Vitest, preflight.ts): then, given a core to spare
 * beyond the CLI's and its first test worker's (which boots meanwhile too: spare-worker.ts), every dataset, local
 * or from the Hub, is selected in a thread. On two cores the thread's own start-up costs as much as it saves.
 */

export interface SelectJob {
  run: ResolvedRun
  testNamePattern?: RegExp
  testName: string
  plan?: { dir: string; name: string; chunkSize: number }
}

export interface SelectOutcome {
  selectedCount: number
  matching: number
  digests: [string, string][]
  planFiles: string[]
}

export type SelectReply = { log: string } | { done: SelectOutcome } | { error: { code: JarvisErrorCode | null; message: string; exitCode: number } }

export function selectsInThread(r: ResolvedRun, env: NodeJS.ProcessEnv = process.env, o: { overlap?: boolean; cores?: number } = {}): boolean {
  if (env.JARVIS_SELECT_IN_THREAD === '0') return false
  if (o.overlap && (env.JARVIS_SELECT_IN_THREAD === '1' || (o.cores ?? availableParallelism()) > 2)) return true
  if (!r.dataset) return false
  if (env.JARVIS_SELECT_IN_THREAD === '1') return true
  try {
    return statSync(r.dataset.path).size > THREAD_SELECT_BYTES
  } catch {
    return false // the in-process load says what is wrong with the path
  }
}

export async function selectInThread(job: SelectJob, log: (m: string) => void): Promise<SelectOutcome> {
  // The thread runs the bundled select-worker when the CLI runs from the start-up bundle, else the TypeScript.
  const { ensureBundle } = await import('../../bin/bundle.mjs')
  const bundled = (await ensureBundle())?.file('src/cli/select-worker.ts') ?? null
  const entry = new URL('../../bin/select-worker.mjs', import.meta.url)
  const worker = new Worker(entry, { workerData: { job, bundled, source: fileURLToPath(new URL('./select-worker.ts', import.meta.url)) } })
  return new Promise<SelectOutcome>((resolve, reject) => {
    let outcome: SelectOutcome | null = null
    let failure: Error | null = null
    worker.on('message', (m: SelectReply) => {
      if ('log' in m) log(m.log)
      else if ('done' in m) outcome = m.done
      else failure = m.error.code ? new JarvisError(m.error.code, m.error.message, m.error.exitCode) : new Error(m.error.message)
    })
    worker.on('error', (e) => (failure ??= e))
    worker.on('exit', (code) => {
      // The thread's heap is gone; what it malloc'd stays in its arena unless handed back.
      void releaseFreedMemory().then(() => {
        if (outcome) resolve(outcome)
        else reject(failure ?? new Error(`dataset selection thread exited with code ${code}`))
      })
    })
  })
}
