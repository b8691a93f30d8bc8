import type { Plugin } from 'vite'
import { JSONL_REPORTER_MARK, JsonlReporter } from './jsonl-reporter.ts'

const ADDED = Symbol.for('jarvis.pluginApplied')

/**
 * Adds the JSONL/summary reporter after Vitest has resolved the reporter list, so it runs beside whatever the
 * user asked for (`--reporter=junit`, `json`, `html`, `blob`…) instead of being dropped by a CLI --reporter.
 */
export function jarvisPlugin(): Plugin {
  return {
    name: 'jarvis-evals',
    async configureVitest({ vitest }) {
      const v = vitest as unknown as Record<symbol, boolean> & { config: { reporters: unknown[] } }
      if (v[ADDED]) return
      v[ADDED] = true
      // Marked by a global symbol: the CLI's copy of the class comes from another module graph than the config's.
      const has = v.config.reporters.some((r) => (r as Record<symbol, unknown>)?.[JSONL_REPORTER_MARK] === true)
      if (!has) v.config.reporters.push(new JsonlReporter())
      // JARVIS_GATE_BASELINE=dir: a significant regression against the baselines in dir fails `vitest run`.
      if (process.env.JARVIS_GATE_BASELINE) {
        const { GateReporter } = await import('./gate-reporter.ts')
        const num = (k: string) => (process.env[k] ? Number(process.env[k]) : undefined)
        v.config.reporters.push(new GateReporter({ baselineDir: process.env.JARVIS_GATE_BASELINE, maxDrop: num('JARVIS_GATE_MAX_DROP'), alpha: num('JARVIS_GATE_ALPHA') }))
      }
    },
  }
}
