// The one registry of backends (how a sample gets answered): `jarvis eval list`, config validation, the CLI's
// --backend and the harness's backend pool all read it. Adding a backend adds a file and an entry here.
import type { ResolvedRun } from '../config/resolved-run.ts'
import type { Backend } from '../core/backend.ts'
import type { Engine } from '../core/engine.ts'

export const BACKEND_KEYS = ['jarvis-direct', 'jarvis-agent', 'hermes', 'openclaw', 'terminalbench-native'] as const
export type BackendKey = (typeof BACKEND_KEYS)[number]

export interface BackendDeps {
  /** The worker's engine for the run's model: loaded once, bounded by max_workers, model-checked, cached. */
  engine(): Promise<Engine>
  log(line: string): void
}

export interface BackendEntry {
  key: BackendKey
  description: string
  /** Agent names it takes (`--agent`, `[[benchmarks]] agent`), default first; absent = it takes none. */
  agents?: readonly string[]
  /** It offers tools to the model (`--tools`, `[[benchmarks]] tools` / `mcp_servers` are refused otherwise). */
  tools?: boolean
  /** Builds the backend lazily (its module loads only when a run uses it); absent = not implemented yet. */
  create?: (run: ResolvedRun, deps: BackendDeps) => Promise<Backend>
  /**
   * Preflight for backends that reach the model themselves (external agents): what this machine and the endpoint
   * have, checked before any model call. Throws a one-line JarvisError (exit 2); returns a line for the log. It
   * replaces the engine check of the run (the backend never uses the worker's engine).
   */
  probe?: (run: ResolvedRun) => Promise<string>
  /** What this machine has for it, for `jarvis eval list` (no endpoint, no model call): found, or what is missing. */
  machine?: () => Promise<{ ok: boolean; detail: string }>
}

/** A locate function's verdict as `machine()` reports it: its description, or the one-line error. */
const machineOf = async (locate: () => string): Promise<{ ok: boolean; detail: string }> => {
  try {
    return { ok: true, detail: locate() }
  } catch (e) {
    return { ok: false, detail: (e as Error).message }
  }
}

export const BACKENDS: readonly BackendEntry[] = [
  {
    key: 'jarvis-direct',
    description: 'Engine-level inference (embedded llama.cpp, local servers or cloud)',
    create: async (run, deps) => new (await import('./jarvis-direct.ts')).JarvisDirectBackend(await deps.engine(), run.modelFile ?? run.model),
  },
  {
    key: 'jarvis-agent',
    description: 'Agent-level inference with tool calling',
    // Kept in step with AGENTS in jarvis-agent.ts (a test checks): listing them here keeps validation import-free.
    agents: ['orchestrator', 'simple', 'react'],
    tools: true,
    create: async (run, deps) => new (await import('./jarvis-agent.ts')).JarvisAgentBackend(await deps.engine(), run.modelFile ?? run.model, run.agent ?? undefined, deps.log),
  },
  {
    key: 'hermes',
    description: 'Hermes Agent via subprocess',
    create: async (run, deps) => new (await import('./hermes.ts')).HermesBackend(run, deps.log),
    probe: async (run) => (await import('./hermes.ts')).probeHermes(run),
    machine: async () => {
      const { locateHermes } = await import('./hermes-install.ts')
      return machineOf(() => {
        const h = locateHermes()
        return `Hermes (${h.label}) at ${h.dir}, python ${h.pythonVersion}${h.drift ? ', drift allowed' : ''}`
      })
    },
  },
  {
    key: 'openclaw',
    description: 'OpenClaw via Node subprocess',
    create: async (run, deps) => new (await import('./openclaw.ts')).OpenClawBackend(run, deps.log),
    probe: async (run) => (await import('./openclaw.ts')).probeOpenClaw(run),
    machine: async () => {
      const { locateOpenClaw } = await import('./openclaw-install.ts')
      return machineOf(() => {
        const o = locateOpenClaw()
        return `OpenClaw ${o.label} at ${o.dir}, node ${o.nodeVersion}${o.drift ? ', drift allowed' : ''}`
      })
    },
  },
  { key: 'terminalbench-native', description: 'TerminalBench Docker harness' },
]

const byKey = new Map<string, BackendEntry>(BACKENDS.map((b) => [b.key, b]))

export const findBackend = (key: string): BackendEntry | undefined => byKey.get(key)
export const isBackendReady = (key: string): boolean => byKey.get(key)?.create !== undefined
export const readyBackendKeys = (): string[] => BACKENDS.filter((b) => b.create).map((b) => b.key)
