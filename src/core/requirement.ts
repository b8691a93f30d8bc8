// What a benchmark or backend needs from this machine beyond Node (a container runtime, a Python package, a
// program on PATH). Declared as data in the registries; src/requirements probes the real thing (the engine
// answering, the package importing), never just a client on PATH.

/** An environment setting under which a requirement does not apply (SWE-bench on Modal needs no local engine). */
export interface NotNeededWhen {
  env: string
  /** Compared case-insensitively. */
  equals: string
}

export type Requirement = (
  /** The container runtime JARVIS_CONTAINER_RUNTIME selects: the Docker Engine (default) or local bwrap. */
  | { kind: 'container-runtime' }
  /** A Docker Engine answering on DOCKER_HOST (an external harness talks to it, not our runtime). */
  | { kind: 'docker-engine' }
  /** `import <module>` works in the Python named by `pythonEnv` (default JARVIS_PYTHON, else python3). */
  | { kind: 'python-module'; module: string; install: string; pythonEnv?: string }
  /** An executable on PATH. */
  | { kind: 'command'; command: string; install: string }
  /** A MySQL-compatible server: JARVIS_MYSQL_URL answering, or mariadbd installed to start a throwaway one. */
  | { kind: 'mysql-server' }
  /** A SPARQL endpoint at the URL in the environment variable `env`, answering `ASK {}`. */
  | { kind: 'sparql-endpoint'; env: string; install: string }
  /**
   * A local data snapshot: a folder holding one of `markers` (relative paths), named by [benchmarks.options]
   * `option`, else by the environment variable `env`. `what` names it in messages ("a tau2-bench data snapshot").
   */
  | { kind: 'data-dir'; env: string; option?: string; markers: readonly string[]; what: string; install: string }
  /** A Chromium that runs (JARVIS_CHROMIUM, else /usr/bin/chromium …), for playwright-core to drive. */
  | { kind: 'chromium' }
  /** A web service that answers HTTP at the URL in [benchmarks.options] `option`, else env `env` (a ServiceNow instance). */
  | { kind: 'service'; env: string; option?: string; what: string; install: string }
) & {
  notNeededWhen?: NotNeededWhen
  /**
   * Needed only by these subsets of the benchmark (a run's --subset, comma-separated or "all"; without one,
   * the benchmark's `needs.defaultSubset`). Absent: needed by every run.
   */
  subsets?: readonly string[]
}

/** Whether a requirement applies to a run of the given subset (null: the benchmark's default subset). */
export function requirementApplies(r: Requirement, subset: string | null | undefined, defaultSubset?: string): boolean {
  if (!r.subsets) return true
  const asked = (subset ?? defaultSubset ?? 'all').split(',').map((s) => s.trim()).filter(Boolean)
  return asked.includes('all') || asked.some((s) => r.subsets!.includes(s))
}

export interface RequirementStatus {
  requirement: Requirement
  /** Short name for tables: "container runtime", "Python swebench", "tmux". */
  label: string
  ok: boolean
  /** Where it was found, or (not ok) one sentence: what is missing and how to get it. */
  detail: string
}

export function requirementLabel(r: Requirement): string {
  const base = baseLabel(r)
  return r.subsets ? `${base} (${r.subsets.join(', ')})` : base
}

function baseLabel(r: Requirement): string {
  switch (r.kind) {
    case 'container-runtime':
      return 'container runtime'
    case 'docker-engine':
      return 'Docker Engine'
    case 'python-module':
      return `Python ${r.module}`
    case 'command':
      return r.command
    case 'mysql-server':
      return 'MySQL server'
    case 'sparql-endpoint':
      return 'SPARQL endpoint'
    case 'data-dir':
    case 'service':
      return r.env
    case 'chromium':
      return 'Chromium'
  }
}
