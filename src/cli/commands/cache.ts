import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { cacheDir } from '../../engines/response-cache.ts'
import { JarvisError } from '../../core/errors.ts'
import { EVAL_SPECS } from '../command-specs.ts'
import type { Command } from '../io.ts'
import { parseCommandLine } from '../parse-command.ts'

/** `jarvis eval cache info|clear`: the response cache used by `run --cache`. */
export const cacheCommand: Command = async (argv, io) => {
  const { positionals, help } = parseCommandLine(EVAL_SPECS.cache, argv)
  if (help) return io.out(help), 0
  const [sub, ...rest] = positionals
  if ((sub !== 'info' && sub !== 'clear') || rest.length)
    throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval cache: ${sub === undefined ? 'give info or clear' : `unknown action "${[sub, ...rest].join(' ')}"; give info or clear`}. Usage: jarvis eval cache info|clear (JARVIS_CACHE_DIR moves the cache)`)
  const dir = cacheDir()
  let files = 0
  let bytes = 0
  if (existsSync(dir))
    for (const shard of readdirSync(dir)) for (const f of readdirSync(join(dir, shard))) (files++, (bytes += statSync(join(dir, shard, f)).size))
  if (sub === 'info') {
    io.out(`${dir}: ${files} cached responses, ${(bytes / 1e6).toFixed(1)} MB`)
    return 0
  }
  rmSync(dir, { recursive: true, force: true })
  io.out(`cleared ${files} cached responses (${(bytes / 1e6).toFixed(1)} MB) from ${dir}`)
  return 0
}
