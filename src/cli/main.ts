import { isJarvisError } from '../core/errors.ts'
import { redactSecrets } from '../core/redact.ts'
import { processIO, type CliIO } from './io.ts'
import { routeCommandLine } from './program.ts'
import { disposeEarlySpare, forkEarlySpare, spareWorkerAllowed } from './spare-worker.ts'
import { isBundledCli } from '../../bin/bundle.mjs'

/**
 * Entry point: returns the exit code. 0 ok · 1 crash (internal error, a benchmark that failed to load) ·
 * 2 bad input · 3 gate failed · 4 a run where no sample could be scored (every request failed, or no verdict) ·
 * 130 interrupted (SIGINT). README "Exit codes" is the table.
 */
export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  // A run's first test worker starts booting now, beside everything the CLI does before Vitest wants it.
  if (isBundledCli() && startsARun(argv)) forkEarlySpare(argv.includes('-v') || argv.includes('--verbose'))
  try {
    const route = routeCommandLine(argv, io)
    if ('exitCode' in route) return route.exitCode
    return await (await route.spec.load())(route.argv, io)
  } catch (e) {
    if (isJarvisError(e)) {
      io.err(`jarvis: ${redactSecrets(e.message)}`)
      return e.exitCode
    }
    io.err(`jarvis: internal error: ${redactSecrets((e as Error)?.stack ?? String(e))}`)
    return 1
  } finally {
    disposeEarlySpare()
  }
}

/** `jarvis eval run|run-all …` (not --help), with the spare worker allowed. */
const startsARun = (argv: readonly string[]): boolean =>
  argv[0] === 'eval' && (argv[1] === 'run' || argv[1] === 'run-all') && !argv.includes('-h') && !argv.includes('--help') && spareWorkerAllowed()
