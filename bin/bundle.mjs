// The start-up bundle: the CLI and every eval file, with the many-file dependencies they import on every run
// (openai ≈ 150 files, zod ≈ 100, …), built by rolldown into a few ES modules under node_modules/.cache. Node
// loads a few large files far faster than hundreds of small ones, and nothing is compiled at start: no Vite
// server for the CLI, no per-module transform for the workers. Rebuilt whenever one of its inputs changes
// (a manifest of every input file's size and mtime, checked at each start: a few ms).
//
//   ensureBundle(): Promise<Bundle | null>   fresh bundle (built if needed), null when it cannot be built here
//   bundlePlugin(): a Vite plugin that makes a Vitest worker import an eval file's bundled copy
//
// JARVIS_NO_BUNDLE=1: load the TypeScript sources one by one instead (ts-hooks.mjs), as a fallback or to debug.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { tmpdir, userInfo } from 'node:os'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
const FORMAT = 4 // bump when the bundle's shape or this file's rules change

// Bundled when imported: pure-ESM/CJS packages with many files and no files of their own read at run time
// (those that read assets beside themselves, load native addons or wasm, or must stay one instance with
// Vitest, are imported from node_modules as before).
const BUNDLED = new Set(['openai', 'zod', 'commander', 'smol-toml', 'log-update', 'hyparquet', 'ollama', 'whatwg-fetch'])
// Their own dependencies are bundled with them, except these.
const NEVER = /^(vitest|vite|@vitest\/.*|rolldown|@rolldown\/.*|node-llama-cpp|@node-llama-cpp\/.*|koffi|@huggingface\/.*)$/

/** Where the bundle lives: node_modules/.cache/jarvis-evals/bundle (the convention), else a per-user temp folder. */
export function cacheRoot() {
  const candidates = [process.env.JARVIS_BUNDLE_DIR, join(ROOT, 'node_modules/.cache/jarvis-evals/bundle'), join(tmpdir(), `jarvis-evals-bundle-${uid()}`)].filter(Boolean)
  for (const dir of candidates) {
    try {
      mkdirSync(dir, { recursive: true })
      return dir
    } catch {}
  }
  return null
}
function uid() {
  try {
    return String(userInfo().uid)
  } catch {
    return 'user'
  }
}

/** The bundle's entries, relative to the package root: the CLI, every eval file, the part runner. */
export function entryList() {
  const entries = ['src/cli/main.ts', 'src/cli/select-worker.ts', 'evals/run-part.ts', PRELOAD_ENTRY]
  for (const d of readdirSync(join(ROOT, 'evals'), { withFileTypes: true })) {
    if (!d.isDirectory()) continue
    const f = `evals/${d.name}/${d.name}.eval.ts`
    if (existsSync(join(ROOT, f))) entries.push(f)
  }
  return entries.sort()
}

/** Named in the worker preload beside the eval files' own modules: what the first sample loads on demand. */
const PRELOAD_ENTRY = 'src/harness/worker-preload.ts'

const entryName = (rel) => rel.replace(/\.ts$/, '').replace(/[^\w.-]+/g, '_')

function compilerVersion() {
  try {
    return JSON.parse(readFileSync(join(ROOT, 'node_modules/rolldown/package.json'), 'utf8')).version
  } catch {
    return null
  }
}

export const statKey = (path) => {
  try {
    const s = statSync(path)
    return `${s.size}:${Math.floor(s.mtimeMs)}`
  } catch {
    return null
  }
}

/** The manifest when every input is as it was when built; else null. */
function freshManifest(dir, entries) {
  let m
  try {
    m = JSON.parse(readFileSync(join(dir, 'current', 'manifest.json'), 'utf8'))
  } catch {
    return null
  }
  if (m.format !== FORMAT || m.compiler !== compilerVersion() || m.self !== statKey(fileURLToPath(import.meta.url))) return null
  if (JSON.stringify(m.entryList) !== JSON.stringify(entries)) return null
  for (const [path, key] of m.inputs) if (statKey(path) !== key) return null
  return m
}

const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0])
const ours = (path) => path.startsWith(ROOT) && !path.includes(`${sep}node_modules${sep}`)
const BUILTIN = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)])

/** Replaces import.meta.url/dirname/filename in our modules by their source file's, so `new URL('./data', import.meta.url)` still finds its data. */
const importMetaPlugin = {
  name: 'jarvis-import-meta',
  // bin/*.mjs stays one module, imported by its file URL: the launcher's, not a bundled copy.
  resolveId(source, importer) {
    if (!importer || !ours(importer) || !/^\.\.?\/.*\bbin\/[^/]+\.mjs$/.test(source)) return null
    return { id: pathToFileURL(join(dirname(importer), source)).href, external: true }
  },
  transform(code, id) {
    if (!ours(id) || !code.includes('import.meta.')) return null
    return code
      .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href))
      .replaceAll('import.meta.dirname', JSON.stringify(dirname(id)))
      .replaceAll('import.meta.filename', JSON.stringify(id))
  },
}

async function build(dir, entries) {
  const { rolldown } = await import('rolldown')
  const input = Object.fromEntries(entries.map((e) => [entryName(e), join(ROOT, e)]))
  const bundle = await rolldown({
    input,
    platform: 'node',
    cwd: ROOT,
    logLevel: 'silent',
    transform: { target: 'node20' },
    plugins: [importMetaPlugin],
    external(id, importer, isResolved) {
      if (BUILTIN.has(id) || id.startsWith('node:')) return true
      if (isResolved) return false
      if (id.startsWith('.') || id.startsWith('/') || id.startsWith('\0')) return false
      const pkg = packageOf(id)
      if (NEVER.test(pkg)) return true
      if (BUNDLED.has(pkg)) return false
      // A dependency of a bundled package is bundled with it; any other package our own code imports stays external.
      return !(importer && importer.includes(`${sep}node_modules${sep}`))
    },
  })
  const staging = join(dir, `build-${process.pid}-${Date.now()}`)
  try {
    const out = await bundle.write({ dir: staging, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs', sourcemap: true })
    await bundle.close()
    // Our files one by one; a bundled package by its package.json (its files change only when it is reinstalled).
    const inputs = new Set()
    for (const c of out.output) if (c.type === 'chunk') for (const id of c.moduleIds) if (id.startsWith('/') && !id.includes('\0')) inputs.add(ours(id) ? id : packageJsonOf(id))
    inputs.delete(null)
    const manifest = {
      format: FORMAT,
      compiler: compilerVersion(),
      self: statKey(fileURLToPath(import.meta.url)),
      entryList: entries,
      entries: Object.fromEntries(entries.map((e) => [e, `${entryName(e)}.mjs`])),
      inputs: [...inputs].sort().map((p) => [p, statKey(p)]),
    }
    manifest.workerPreload = writeWorkerPreload(staging, out.output, entries)
    writeFileSync(join(staging, 'manifest.json'), JSON.stringify(manifest))
    // Swap in atomically: a process reading the previous bundle keeps its files (renamed, removed later).
    const current = join(dir, 'current')
    const old = join(dir, `old-${process.pid}-${Date.now()}`)
    try {
      renameSync(current, old)
    } catch {}
    try {
      renameSync(staging, current)
    } catch {
      // Another process swapped its build in first: same inputs, same output.
      rmSync(staging, { recursive: true, force: true })
    }
    sweep(dir)
    return manifest
  } catch (e) {
    rmSync(staging, { recursive: true, force: true })
    throw e
  }
}

/**
 * preload/worker.mjs: the harness chunks every model worker needs before its test file — what PRELOAD_ENTRY and every
 * eval file import statically, minus any chunk that imports vitest, itself or through another. Each model project's
 * worker imports it with --import before Vitest's runtime, so a worker forked early (cli/spare-worker.ts) has
 * compiled the harness before its test file arrives; a chunk that imports vitest cannot come first (test.extend
 * needs a running suite), and a benchmark's own chunks come with its test file. One preload for every project: the
 * CLI can fork that worker before it has read the suite. Returns the file, relative to the bundle.
 */
function writeWorkerPreload(dir, output, entries) {
  const chunks = new Map(output.filter((c) => c.type === 'chunk').map((c) => [c.fileName, c]))
  const vitestMemo = new Map()
  const importsVitest = (name) => {
    if (vitestMemo.has(name)) return vitestMemo.get(name)
    vitestMemo.set(name, false)
    const c = chunks.get(name)
    const v = !c || c.imports.some((i) => (chunks.has(i) ? importsVitest(i) : packageOf(i) === 'vitest' || packageOf(i).startsWith('@vitest/')))
    vitestMemo.set(name, v)
    return v
  }
  const closure = (root, picked = new Set()) => {
    for (const i of chunks.get(root)?.imports ?? []) {
      if (!chunks.has(i) || picked.has(i)) continue
      if (!importsVitest(i)) picked.add(i)
      closure(i, picked)
    }
    return picked
  }
  const evalClosures = entries.filter((x) => x.endsWith('.eval.ts')).map((e) => closure(`${entryName(e)}.mjs`))
  const everyEval = evalClosures.length ? [...evalClosures[0]].filter((c) => evalClosures.every((s) => s.has(c))) : []
  const picked = new Set([...closure(`${entryName(PRELOAD_ENTRY)}.mjs`), ...everyEval])
  mkdirSync(join(dir, 'preload'), { recursive: true })
  const file = 'preload/worker.mjs'
  writeFileSync(join(dir, file), [...picked].sort().map((c) => `import ${JSON.stringify(`../${c}`)}\n`).join(''))
  return file
}

/** The package.json of the package a node_modules file belongs to. */
function packageJsonOf(file) {
  const marker = `${sep}node_modules${sep}`
  const i = file.lastIndexOf(marker)
  if (i < 0) return null
  const rest = file.slice(i + marker.length).split(sep)
  return join(file.slice(0, i + marker.length), ...(rest[0].startsWith('@') ? rest.slice(0, 2) : rest.slice(0, 1)), 'package.json')
}

/**
 * The entries of `dir` that `isOld` names (by default old builds left by swaps), removed once they are a minute old:
 * a run started on one may still be loading it.
 */
export function sweep(dir, isOld = (name) => /^(old|build)-/.test(name)) {
  for (const name of readdirSync(dir)) {
    if (!isOld(name)) continue
    const p = join(dir, name)
    try {
      if (Date.now() - statSync(p).mtimeMs > 60_000) rmSync(p, { recursive: true, force: true })
    } catch {}
  }
}

/**
 * One build at a time (parallel CLI runs after an edit): the others wait for it and use its result. `fresh()` is
 * what is there already (or null), `make()` builds it; both run under `dir`'s lock.
 */
export async function buildOnce(dir, fresh, make, what = 'the bundle') {
  const lock = join(dir, 'lock')
  const deadline = Date.now() + 120_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {}
    const done = fresh()
    if (done) return done
    try {
      // A lock left by a killed build is taken over.
      if (Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true })
    } catch {}
    if (Date.now() > deadline) throw new Error(`timed out waiting for another process to build ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  try {
    return fresh() ?? (await make())
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

let cli = false
/** bin/run-cli.mjs: this process is the CLI, running from the start-up bundle. */
export const markBundledCli = () => void (cli = true)
/** Whether this process is the CLI running from the bundle (not a test, a `vitest run` or a library caller). */
export const isBundledCli = () => cli

let state // undefined: not checked yet; null: no bundle in this process
/** The bundle if this process has already checked it (ensureBundle), else null: for code that must not wait. */
export const checkedBundle = () => state ?? null
/** A fresh bundle: checked once per process, built when an input changed. Null when it cannot be built (then callers load the sources). */
export async function ensureBundle() {
  if (state !== undefined) return state
  state = null
  if (process.env.JARVIS_NO_BUNDLE === '1' || !compilerVersion()) return state
  const dir = cacheRoot()
  if (!dir) return state
  const entries = entryList()
  try {
    const m = freshManifest(dir, entries) ?? (await buildOnce(dir, () => freshManifest(dir, entries), () => build(dir, entries)))
    state = { dir: join(dir, 'current'), manifest: m, file: (rel) => (m.entries[rel] ? join(dir, 'current', m.entries[rel]) : null), workerPreload: () => (m.workerPreload ? join(dir, 'current', m.workerPreload) : null) }
  } catch (e) {
    if (process.env.JARVIS_VERBOSE === '1') process.stderr.write(`[jarvis] bundle: ${e?.message ?? e}; loading the sources instead\n`)
  }
  return state
}

/**
 * For the model projects' Vitest workers: an eval file (and the part runner it may import) is served as one line
 * importing its bundled copy, which Vitest leaves to Node (node_modules/.cache/*.mjs is external): the worker
 * loads the harness from a few files and the main process transforms nothing but that line.
 */
export function bundlePlugin() {
  return {
    name: 'jarvis-bundle',
    enforce: 'pre',
    async resolveId(source, importer, opts) {
      if (!importer || !source.endsWith('run-part.ts')) return null
      const b = await ensureBundle()
      const r = b && (await this.resolve(source, importer, { ...opts, skipSelf: true }))
      const file = r && b.file(relative(ROOT, r.id).split(sep).join('/'))
      return file ? { id: file, external: true } : null
    },
    async load(id) {
      if (!id.endsWith('.eval.ts') || !ours(id)) return null
      const b = await ensureBundle()
      const file = b?.file(relative(ROOT, id).split(sep).join('/'))
      return file ? `import ${JSON.stringify(pathToFileURL(file).href)}\n` : null
    },
  }
}
