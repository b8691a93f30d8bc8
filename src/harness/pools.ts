// What a worker holds for its samples: engines (one per model endpoint, loaded once) and backends (one per
// backend × engine), each created on first use from its registry and closed when the worker ends.
import { findBackend } from '../backends/index.ts'
import type { ResolvedRun } from '../config/resolved-run.ts'
import type { Backend } from '../core/backend.ts'
import type { Engine } from '../core/engine.ts'
import { JarvisError } from '../core/errors.ts'
import type { Tool } from '../core/tool.ts'
import { createEngine } from '../engines/index.ts'
import { checkedEngine, limitedEngine } from '../engines/limited.ts'
import { cachedEngine, ResponseCache } from '../engines/response-cache.ts'
import { createTools } from '../tools/index.ts'

/** Runs with the same key share one engine (and so one llama.cpp model load and one in-flight bound). */
const engineKey = (r: ResolvedRun) => JSON.stringify([r.engine, r.modelFile ?? r.model, r.baseUrl, r.maxRetries, r.threads, r.contextSize, r.maxWorkers, r.cache])

class Pool<T> {
  private readonly items = new Map<string, Promise<T>>()
  constructor(private readonly closeItem: (t: T) => Promise<void>) {}
  get(key: string, make: () => Promise<T>): Promise<T> {
    let p = this.items.get(key)
    if (!p) this.items.set(key, (p = make()))
    return p
  }
  async close(): Promise<void> {
    const all = [...this.items.values()]
    this.items.clear()
    await Promise.allSettled(all.map(async (p) => this.closeItem(await p)))
  }
}

export class EnginePool {
  private readonly pool = new Pool<Engine>((e) => e.close())
  constructor(private readonly log: (line: string) => void) {}

  /** The run's engine: requests bounded by max_workers, the model checked before the first, --cache in front. */
  get(run: ResolvedRun): Promise<Engine> {
    return this.pool.get(engineKey(run), async () => {
      const model = run.modelFile ?? run.model
      const raw = await createEngine({ engine: run.engine, model, baseUrl: run.baseUrl, maxRetries: run.maxRetries, threads: run.threads, contextSize: run.contextSize, maxSequences: run.maxWorkers, log: this.log, prices: run.prices })
      // A CLI run (its records handed over in a plan file) had the model checked by preflight a moment ago;
      // a bare `vitest run` checks it here, before the first request.
      const engine = run.planFile ? limitedEngine(raw, run.maxWorkers) : checkedEngine(limitedEngine(raw, run.maxWorkers), model)
      return run.cache ? cachedEngine(engine, new ResponseCache()) : engine
    })
  }

  close(): Promise<void> {
    return this.pool.close()
  }
}

export class BackendPool {
  private readonly pool = new Pool<Backend>((b) => b.close())
  readonly engines: EnginePool
  constructor(private readonly log: (line: string) => void) {
    this.engines = new EnginePool(log)
  }

  /** The backend the run asks for, over the worker's engine for its model; ready() checked once. */
  get(run: ResolvedRun): Promise<Backend> {
    return this.pool.get(JSON.stringify([run.backend, run.agent, engineKey(run)]), async () => {
      const entry = findBackend(run.backend)
      if (!entry?.create) throw new JarvisError('JARVIS_UNSUPPORTED', `backend "${run.backend}" is not available.`)
      const backend = await entry.create(run, { engine: () => this.engines.get(run), log: this.log })
      await backend.ready()
      return backend
    })
  }

  async close(): Promise<void> {
    await this.pool.close()
    await this.engines.close()
  }
}

/** Tools by the names (and MCP servers) a run gives, created once per worker. */
export class ToolPool {
  private readonly pool = new Pool<Tool[]>(async (ts) => void (await Promise.allSettled(ts.map((t) => t.close?.()))))
  get(names: readonly string[], mcpServers: readonly string[][] = []): Promise<Tool[]> {
    if (names.length === 0 && mcpServers.length === 0) return Promise.resolve([])
    return this.pool.get(JSON.stringify([names, mcpServers]), () => createTools(names, mcpServers))
  }
  close(): Promise<void> {
    return this.pool.close()
  }
}
