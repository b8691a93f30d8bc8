import { BENCHMARKS, isReady } from '../../../evals/registry.ts'
import type { Command } from '../io.ts'
import { parseRunArgs } from '../run-options.ts'
import { executeRun } from './run.ts'

/** `jarvis eval run-all -m MODEL [run options]`: every ready benchmark (the ones still missing are listed). */
export const runAllCommand: Command = async (argv, io) => {
  const o = parseRunArgs(argv)
  if (o.help || !o.model || o.config || o.benchmarks.length) {
    io.err('usage: jarvis eval run-all -m MODEL [-n N] [--output-dir DIR] [run options]  (every ready benchmark; see jarvis eval run --help)')
    return o.help ? 0 : 2
  }
  const ready = BENCHMARKS.filter(isReady).map((b) => b.key)
  const missing = BENCHMARKS.filter((b) => !isReady(b)).map((b) => b.key)
  if (missing.length) io.out(`Skipping ${missing.length} benchmarks that are not implemented yet: ${missing.join(', ')}`)
  o.benchmarks = ready
  return (await executeRun(o, io)).exitCode
}
