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
      // JARVIS_GATE_ONLY=1 as well: the exit code is the gate's verdict alone (docs/gate.md), not the wrong answers.
      const gateOnly = isOn(process.env.JARVIS_GATE_ONLY)
      if (gateOnly && !process.env.JARVIS_GATE_BASELINE) {
        // Bad input, before any model call: a gate-only run without baselines would gate nothing.
        process.stderr.write('jarvis: JARVIS_GATE_ONLY needs JARVIS_GATE_BASELINE=DIR (the baselines to gate against).\n')
        process.exit(2)
      }
      if (process.env.JARVIS_GATE_BASELINE) {
        const { GateReporter } = await import('./gate-reporter.ts')
        const num = (k: string) => (process.env[k] ? Number(process.env[k]) : undefined)
        v.config.reporters.push(new GateReporter({ baselineDir: process.env.JARVIS_GATE_BASELINE, maxDrop: num('JARVIS_GATE_MAX_DROP'), alpha: num('JARVIS_GATE_ALPHA'), gateOnly }))
      }
    },
  }
}

/** 1/true/yes/on or 0/false/no/off (empty), as CI variables are written; anything else is bad input. */
function isOn(v: string | undefined): boolean {
  if (v === undefined || /^(0|false|no|off|)$/i.test(v.trim())) return false
  if (/^(1|true|yes|on)$/i.test(v.trim())) return true
  process.stderr.write(`jarvis: JARVIS_GATE_ONLY="${v}": use 1 (the exit code is the gate's verdict) or 0.\n`)
  process.exit(2)
}
