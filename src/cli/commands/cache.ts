import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { cacheDir } from '../../engines/response-cache.ts'
import type { Command } from '../io.ts'

/** `jarvis eval cache info|clear`: the response cache used by `run --cache`. */
export const cacheCommand: Command = async (argv, io) => {
  const [sub, ...rest] = argv
  const dir = cacheDir()
  if ((sub !== 'info' && sub !== 'clear') || rest.length) {
    io.err('usage: jarvis eval cache info|clear   (the --cache response cache; JARVIS_CACHE_DIR moves it)')
    return 2
  }
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
