import { benchmarkKeys, findBenchmark, isExternal, isReady, missingReason } from '../../evals/registry.ts'
// Registry look-ups: which benchmarks and backends exist is the registries' to say.
import { isBackendReady, readyBackendKeys } from '../backends/index.ts'
import { didYouMean, JarvisError } from '../core/errors.ts'
import type { Suite } from './schema.ts'
import { modelSlug } from './slug.ts'

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/** Checks a schema-valid suite against the registry: known, implemented benchmarks; unique model slugs. */
export function validateSuite(suite: Suite, source: string): void {
  const slugs = new Map<string, string>()
  suite.models.forEach((m, i) => {
    const slug = modelSlug(m.name)
    const prev = slugs.get(slug)
    if (prev !== undefined)
      throw new JarvisError('JARVIS_BAD_CONFIG', `${source} [[models]] #${i + 1}: "${m.name}" has the same slug "${slug}" as "${prev}"; each model must be listed once.`)
    slugs.set(slug, m.name)
  })
  const names = new Set<string>()
  suite.benchmarks.forEach((b, i) => {
    const place = `${source} [[benchmarks]] #${i + 1}`
    if (names.has(b.name)) throw new JarvisError('JARVIS_BAD_CONFIG', `${place}: benchmark "${b.name}" is listed twice; list each benchmark once.`)
    names.add(b.name)
    if (b.dataset) {
      // The name names files ({output_dir}/{name}_{model}.jsonl, .jarvis/parts/{name}/): it must stay one plain name.
      if (!SAFE_NAME.test(b.name) || b.name.includes('..'))
        throw new JarvisError('JARVIS_BAD_CONFIG', `${place}: name "${b.name}" names the output file, so it may hold only letters, digits, ".", "_" and "-" (no "/", "\\" or ".."). Rename the benchmark.`)
      if (!b.scorer) throw new JarvisError('JARVIS_BAD_CONFIG', `${place}: a custom benchmark with [benchmarks.dataset] needs scorer = "mcq" | "exact" | "judge".`)
      if (findBenchmark(b.name)) throw new JarvisError('JARVIS_BAD_CONFIG', `${place}: "${b.name}" is a registered benchmark; give your local dataset another name.`)
      return
    }
    const entry = findBenchmark(b.name)
    if (!entry) throw new JarvisError('JARVIS_UNKNOWN_BENCHMARK', `${place}: unknown benchmark "${b.name}".${didYouMean(b.name, benchmarkKeys())} Run jarvis eval list.`)
    // An external harness's key passes here: preflight probes for it and says what this machine lacks.
    if (!isReady(entry) && !isExternal(entry)) throw new JarvisError('JARVIS_UNSUPPORTED', `${place}: benchmark "${b.name}" is registered but ${missingReason(entry)}. Run jarvis eval list to see the ready ones.`)
    const known = entry.needs.options ?? []
    for (const key of Object.keys(b.options ?? {})) {
      if (known.some((o) => o.key === key)) continue
      const valid = known.map((o) => o.key)
      throw new JarvisError('JARVIS_BAD_CONFIG', `${place} [benchmarks.options]: "${b.name}" has no option "${key}".${valid.length ? `${didYouMean(key, valid)} Options: ${valid.join(', ')}.` : ' It takes no options.'}`)
    }
    if (!isBackendReady(b.backend))
      throw new JarvisError('JARVIS_UNSUPPORTED', `${place}: backend "${b.backend}" is not supported yet; use backend = ${readyBackendKeys().map((k) => `"${k}"`).join(' or ')}.`)
  })
}
