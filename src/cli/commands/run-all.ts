import { BENCHMARKS, isReady } from '../../../evals/registry.ts'
import { JarvisError } from '../../core/errors.ts'
import { EVAL_SPECS } from '../command-specs.ts'
import type { Command } from '../io.ts'
import { parseRunArgs } from '../run-options.ts'
import { executeRun } from './run.ts'

/** `jarvis eval run-all -m MODEL [run options]`: every ready benchmark (the ones still missing are listed). */
export const runAllCommand: Command = async (argv, io) => {
  const o = parseRunArgs(argv, EVAL_SPECS['run-all'])
  if (o.help) return io.out(o.help), 0
  if (!o.model) throw new JarvisError('JARVIS_BAD_OPTION', 'jarvis eval run-all needs -m MODEL (it runs every ready benchmark on it). Run jarvis eval run-all --help.')
  const ready = BENCHMARKS.filter(isReady).map((b) => b.key)
  const missing = BENCHMARKS.filter((b) => !isReady(b)).map((b) => b.key)
  if (missing.length) io.out(`Skipping ${missing.length} benchmarks that are not implemented yet: ${missing.join(', ')}`)
  o.benchmarks = ready
  return (await executeRun(o, io, { interruptCommand: 'jarvis eval run-all' })).exitCode
}
