import type { Environment, EnvironmentSpec } from '../core/environment.ts'
import { openEnvironment } from './index.ts'

/** The environments one test opened; the test-scoped fixture closes them all when the test ends, pass or fail. */
export class EnvironmentScope {
  private readonly open: Environment[] = []

  async openFor(spec: EnvironmentSpec, signal?: AbortSignal): Promise<Environment> {
    const env = await openEnvironment(spec, { signal })
    this.open.push(env)
    return env
  }

  async closeAll(): Promise<void> {
    const all = this.open.splice(0)
    await Promise.allSettled(all.map((e) => e.close()))
  }
}
