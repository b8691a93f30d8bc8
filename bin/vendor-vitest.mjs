// Vitest's Node API for the CLI, as one CommonJS bundle run with V8's code cache. `import('vitest/node')` reads
// ≈ 140 ES modules (4.3 MB: Vitest, Vite, rolldown's JavaScript) and compiles them from source on every start,
// ≈ 0.2 s of the CLI's one thread before it can create Vitest; Node 20 keeps no compile cache for ES modules. The
// same code as a few CommonJS chunks, compiled through vm.Script with the cached data of an earlier run, loads in
// ≈ 0.06 s. Only the CLI loads it (isBundledCli: bin/run-cli.mjs); `vitest run`, the tests' in-process runs and
// the workers load Vitest from node_modules as before.
//
// The bundle is built once per install (its key: the installed tree, node_modules/.package-lock.json, and the
// versions of Vitest, Vite and rolldown), not when our sources change, under the start-up bundle's cache folder.
//
//   loadVitestNode()      the bundled copy in the CLI (built first if need be), else vitest/node
//   saveCodeCache()       after a run: the code cache of every chunk that had none (or a stale one)
//
// JARVIS_VENDOR_VITEST=0 loads vitest/node from node_modules in the CLI too.
import { createHash } from 'node:crypto'
import Module, { builtinModules, createRequire } from 'node:module'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import vm from 'node:vm'
import { buildOnce, cacheRoot, isBundledCli, ROOT, statKey, sweep } from './bundle.mjs'

const FORMAT = 2 // bump when the bundle's shape changes
const ENTRY = 'index.cjs'
const BUILTIN = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)])
// Native code, and optional packages Vite imports only when a project uses them: left to Node at run time.
const EXTERNAL = /^(fsevents|lightningcss|esbuild|@rolldown\/binding-.*|@opentelemetry\/.*|@vitejs\/devtools.*)(\/|$)/
// How the bundled code reaches import.meta.resolve and import() (a CommonJS chunk has no import.meta, and a
// vm.Script can import() only through an experimental hook).
const RESOLVE = Symbol.for('jarvis.vendor.importMetaResolve')
const IMPORT = Symbol.for('jarvis.vendor.import')

/**
 * Each `import.meta` becomes its own module's: url, dirname and filename of the file in node_modules, so Vitest
 * and Vite still find their workers, clients and assets where they are installed. Spans come from the parser,
 * never from a text search (Vite's source spells "import.meta.url" inside strings too).
 */
function importMetaPlugin(parseSync) {
  return {
    name: 'jarvis-vendor-import-meta',
    transform(code, id) {
      if (!code.includes('import.meta')) return null
      const url = JSON.stringify(pathToFileURL(id).href)
      const meta = `({ url: ${url}, dirname: ${JSON.stringify(dirname(id))}, filename: ${JSON.stringify(id)}, resolve: (s, p) => globalThis[Symbol.for(${JSON.stringify(RESOLVE.description)})](s, p ?? ${url}) })`
      return replaceSpans(code, parseSync(id, code).module.importMetas, () => meta)
    },
    // What rolldown leaves as import() (a package it does not bundle, a computed specifier) goes to this file's
    // import(): the same ES module loader, with no vm hook.
    renderChunk(code, chunk) {
      const calls = parseSync(chunk.fileName, code).module.dynamicImports
      return calls.length ? { code: replaceSpans(code, calls.map((c) => ({ start: c.start, end: c.start + 'import'.length })), () => `globalThis[Symbol.for(${JSON.stringify(IMPORT.description)})]`) } : null
    },
  }
}

/** `code` with each span replaced (spans in order, not overlapping). */
function replaceSpans(code, spans, by) {
  if (!spans.length) return null
  let out = ''
  let at = 0
  for (const s of spans) {
    out += code.slice(at, s.start) + by(s)
    at = s.end
  }
  return out + code.slice(at)
}

const version = (pkg) => {
  try {
    return JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version
  } catch {
    return null
  }
}

/** The folder of this install's bundle: its name changes with the installed packages and with this file. */
function vendorDir() {
  const root = cacheRoot()
  if (!root) return null
  const key = createHash('sha256')
    .update(JSON.stringify([FORMAT, statKey(fileURLToPath(import.meta.url)), statKey(join(ROOT, 'node_modules/.package-lock.json')), ...['vitest', 'vite', 'rolldown'].map(version)]))
    .digest('hex')
    .slice(0, 16)
  return { root: join(root, 'vitest-node'), dir: join(root, 'vitest-node', key) }
}

/** Builds vitest/node and what it imports, as CommonJS, into a staging folder swapped in as `dir`. */
async function build({ root, dir }) {
  const { rolldown } = await import('rolldown')
  const { parseSync } = await import('rolldown/utils')
  const staging = join(root, `build-${process.pid}-${Date.now()}`)
  const bundle = await rolldown({
    input: { index: 'vitest/node' },
    platform: 'node',
    cwd: ROOT,
    logLevel: 'silent',
    plugins: [importMetaPlugin(parseSync)],
    external: (id) => BUILTIN.has(id) || id.startsWith('node:') || id.endsWith('.node') || EXTERNAL.test(id),
  })
  try {
    await bundle.write({ dir: staging, format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs' })
    renameSync(staging, dir)
  } finally {
    await bundle.close()
    rmSync(staging, { recursive: true, force: true })
  }
  // Bundles of earlier installs (and their failure notes, staging folders) go.
  sweep(root, (name) => name !== basename(dir) && name !== 'lock')
  return join(dir, ENTRY)
}

const statMtime = (path) => {
  try {
    return statSync(path).mtimeMs
  } catch {
    return null
  }
}

/** This install's bundled vitest/node, built now when it is missing; null when it cannot be (then node_modules'). */
async function vendoredEntry() {
  const where = vendorDir()
  if (!where) return null
  const entry = join(where.dir, ENTRY)
  const failed = `${where.dir}.failed`
  if (existsSync(entry)) return entry
  // A build that failed is not tried again for an hour (a full disk passes; a bundle rolldown cannot make does not).
  if (Date.now() - (statMtime(failed) ?? 0) < 3600_000) return null
  try {
    mkdirSync(where.root, { recursive: true })
    return await buildOnce(where.root, () => (existsSync(entry) ? entry : null), () => build(where), 'the bundled vitest/node')
  } catch (e) {
    // Said under -v; the CLI loads Vitest from node_modules as it always could.
    if (process.env.JARVIS_VERBOSE === '1') process.stderr.write(`[jarvis] bundled vitest/node: ${e?.message ?? e}; loading vitest/node instead\n`)
    try {
      writeFileSync(failed, String(e?.stack ?? e))
    } catch {}
    return null
  }
}

/** Scripts compiled without usable cached data in this process: saveCodeCache() writes theirs. */
const uncached = []
/** What this process loaded vitest/node from (-v): null before loadVitestNode, else where and how many chunks. */
let source = null

/**
 * Requires the bundle's CommonJS chunks itself (a chunk requires the others by relative path): each is compiled
 * with its cached data when there is some, and everything else (Node's builtins, native packages) goes to Node's
 * own require; `import()` in the bundled code is this file's (importMetaPlugin).
 */
function requireVendored(entry) {
  const cacheDir = join(dirname(entry), '.v8')
  const modules = new Map()
  const load = (file) => {
    const known = modules.get(file)
    if (known) return known.exports
    const module = { exports: {}, id: file, filename: file, loaded: false }
    modules.set(file, module)
    const cacheFile = join(cacheDir, `${basename(file)}.bin`)
    let cachedData
    try {
      cachedData = readFileSync(cacheFile)
    } catch {}
    const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData })
    if (!cachedData || script.cachedDataRejected) uncached.push({ script, cacheFile })
    else source.cached++
    source.chunks++
    const nodeRequire = createRequire(file)
    const require = (id) => (id.startsWith('./') || id.startsWith('../') ? load(resolve(dirname(file), id)) : nodeRequire(id))
    require.resolve = nodeRequire.resolve
    require.cache = nodeRequire.cache
    script.runInThisContext().call(module.exports, module.exports, require, module, file, dirname(file))
    module.loaded = true
    return module.exports
  }
  return load(entry)
}

/** `vitest/node`: the bundled copy in the CLI, else the package's. */
export async function loadVitestNode() {
  const entry = isBundledCli() && process.env.JARVIS_VENDOR_VITEST !== '0' ? await vendoredEntry() : null
  if (!entry) {
    source = { bundled: false }
    return import('vitest/node')
  }
  source = { bundled: true, chunks: 0, cached: 0 }
  // Bare specifiers resolve from the package root, as from node_modules/vitest; relative ones from the importer.
  globalThis[RESOLVE] ??= (s, parent) => (/^\.{0,2}\//.test(s) ? new URL(s, parent).href : import.meta.resolve(s))
  globalThis[IMPORT] ??= (s, options) => import(s, options)
  return requireVendored(entry)
}

/** Where this process's vitest/node came from, for -v. */
export function vitestNodeSource() {
  if (!source) return 'not loaded'
  if (!source.bundled) return 'node_modules'
  return `the CLI's bundle, ${source.cached} of ${source.chunks} chunks compiled from V8's code cache`
}

/**
 * The code cache of each chunk loaded without one, taken at the end of the run so that it holds every function
 * the run compiled (Vitest's creation, the run, the close), not only the top level. Written beside the chunks,
 * atomically; V8 rejects data of another Node version or other V8 flags, and the next run writes it again.
 */
export function saveCodeCache() {
  for (const { script, cacheFile } of uncached.splice(0)) {
    const tmp = `${cacheFile}.${process.pid}.tmp`
    try {
      mkdirSync(dirname(cacheFile), { recursive: true })
      writeFileSync(tmp, script.createCachedData())
      renameSync(tmp, cacheFile)
    } catch {
      rmSync(tmp, { force: true })
    }
  }
}
