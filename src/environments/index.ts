// The registry of environment kinds: a benchmark asks for one per sample (`environment(record)` → spec), the
// harness opens it through here and closes it when the test ends. Adding a kind adds a file and an entry here.
import type { Environment, EnvironmentSpec } from '../core/environment.ts'
import { JarvisError } from '../core/errors.ts'

export type EnvironmentOpener = (spec: EnvironmentSpec, o: { signal?: AbortSignal }) => Promise<Environment>

const KINDS: Record<string, () => Promise<EnvironmentOpener>> = {
  local: async () => (await import('./local.ts')).openLocalEnvironment,
  container: async () => (await import('./container.ts')).openContainerEnvironment,
  mysql: async () => (await import('./mysql.ts')).openMysqlEnvironment,
  browser: async () => (await import('./browser.ts')).openBrowserEnvironment,
}

export const environmentKinds = (): string[] => Object.keys(KINDS)

export async function openEnvironment(spec: EnvironmentSpec, o: { signal?: AbortSignal } = {}): Promise<Environment> {
  const load = KINDS[spec.kind]
  if (!load) throw new JarvisError('JARVIS_UNSUPPORTED', `environment kind "${spec.kind}" is not available (kinds: ${environmentKinds().join(', ')}).`)
  return (await load())(spec, o)
}
