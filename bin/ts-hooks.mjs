// Node module hooks (module.register): this package's TypeScript files load natively, their types stripped by
// oxc (rolldown/utils: the transformer Vite itself uses, same options), each output kept on disk under a hash of
// the file's path and text. A warm start compiles nothing and loads no compiler: it reads the cached output. The
// CLI and the Vitest workers of eval runs both load the harness this way, instead of through a Vite server.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT_URL = new URL('..', import.meta.url).href
const ROOT = fileURLToPath(ROOT_URL)
// The compiler's version is part of every key: a new oxc never serves an older one's output.
const COMPILER = (() => {
  try {
    return JSON.parse(readFileSync(join(ROOT, 'node_modules/rolldown/package.json'), 'utf8')).version
  } catch {
    return 'unknown'
  }
})()
const OPTIONS = { lang: 'ts', sourceType: 'module', target: 'node20', sourcemap: true }
const SALT = `${COMPILER}|${JSON.stringify(OPTIONS)}|1`

/** node_modules/.cache/jarvis-evals/ts when writable (the convention), else a per-user temp folder. */
function cacheDir() {
  const preferred = process.env.JARVIS_TS_CACHE || join(ROOT, 'node_modules/.cache/jarvis-evals/ts')
  for (const dir of [preferred, join(tmpdir(), `jarvis-evals-ts-${safeUser()}`)]) {
    try {
      mkdirSync(dir, { recursive: true })
      return dir
    } catch {}
  }
  return null
}
function safeUser() {
  try {
    return String(userInfo().uid)
  } catch {
    return 'user'
  }
}
let dir

const ours = (url) => url.startsWith(ROOT_URL) && (url.endsWith('.ts') || url.endsWith('.mts')) && !url.includes('/node_modules/')

export async function load(url, context, nextLoad) {
  if (!ours(url)) return nextLoad(url, context)
  const path = fileURLToPath(url)
  const source = await readFile(path, 'utf8')
  const key = createHash('sha1').update(SALT).update('\0').update(path).update('\0').update(source).digest('hex')
  dir ??= cacheDir()
  const file = dir && join(dir, `${key}.js`)
  if (file) {
    try {
      return { format: 'module', source: await readFile(file, 'utf8'), shortCircuit: true }
    } catch {}
  }
  const code = await compile(path, source)
  if (file) {
    // Write then rename: parallel workers compiling the same file never read half of it.
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
    try {
      writeFileSync(tmp, code)
      renameSync(tmp, file)
    } catch {}
  }
  return { format: 'module', source: code, shortCircuit: true }
}

let transformSync
async function compile(path, source) {
  transformSync ??= (await import('rolldown/utils')).transformSync
  const r = transformSync(path, source, OPTIONS)
  if (r.errors.length) {
    const e = new SyntaxError(`${path}: ${r.errors.map((x) => x.message).join('; ')}`)
    e.stack = e.message
    throw e
  }
  const map = Buffer.from(JSON.stringify(r.map)).toString('base64')
  return `${r.code}\n//# sourceMappingURL=data:application/json;base64,${map}\n`
}
