// Runs one telemetry scenario in its own process, so LD_LIBRARY_PATH (read by the dynamic loader at process
// start) can point NVML's soname at the fake library. Prints one JSON line; run-child.ts spawns it.
//   vite-node telemetry-child.ts <scenario> '<json options>'
import { createTelemetry, type CreateTelemetryOptions } from '../../../src/telemetry/index.ts'
import { loadNvml } from '../../../src/telemetry/nvml-library.ts'
import { openNvml } from '../../../src/telemetry/nvml.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const [scenario, raw] = process.argv.slice(2)
const opts = JSON.parse(raw ?? '{}') as Partial<CreateTelemetryOptions> & { spanMs?: number; spans?: number; seed?: number; inFlight?: number }

async function create(log: string[]) {
  return createTelemetry({ enabled: true, gpuMetrics: true, energyVendor: '', numGpus: 1, engineScope: 'in-process', log: (l) => log.push(l), ...opts })
}

const scenarios: Record<string, () => Promise<unknown>> = {
  /** NVML read directly: two readings 200 ms apart, and what koffi hands back for the u64 counter. */
  async raw() {
    const lib = await loadNvml()
    if (!lib.ok) return lib
    lib.nvml.init()
    const h: [unknown] = [null]
    lib.nvml.handle(0, h)
    const e: [number | bigint] = [0]
    lib.nvml.energy(h[0], e)
    lib.nvml.shutdown()
    const r = await openNvml({ numGpus: opts.numGpus ?? 1, metrics: true })
    if (!r.ok) return r
    const t0 = performance.now()
    const a = r.source.read()
    await sleep(200)
    const b = r.source.read()
    const ms = performance.now() - t0
    await r.source.close()
    return {
      koffiEnergyType: typeof e[0],
      names: r.source.deviceNames,
      hasEnergyCounter: r.source.hasEnergyCounter,
      warnings: r.warnings,
      energyMj: b.energyMj === null ? null : String(b.energyMj),
      deltaMj: a.energyMj === null || b.energyMj === null ? null : Number(b.energyMj - a.energyMj),
      ms,
      powerMw: b.powerMw,
      utilizationPct: b.utilizationPct,
      memoryUsedBytes: b.memoryUsedBytes,
    }
  },

  /** One sample of spanMs through the whole Telemetry. */
  async span() {
    const log: string[] = []
    const t = await create(log)
    const span = t.begin()
    const t0 = performance.now()
    await sleep(opts.spanMs ?? 300)
    const reading = span.end()
    const seconds = (performance.now() - t0) / 1000
    const totals = t.totals()
    await t.close()
    return { log, enabled: t.enabled, note: t.note, source: t.source, scope: t.scope, reading, seconds, totals }
  },

  /** `spans` samples of random lengths, heavily overlapping, covering the run without gaps. */
  async overlap() {
    const log: string[] = []
    let seed = opts.seed ?? 7
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    const plan: { start: number; ms: number }[] = []
    for (let i = 0, start = 0; i < (opts.spans ?? 40); i++, start += rand() * 30) plan.push({ start, ms: 120 + rand() * 480 })
    const t = await create(log)
    const out = await Promise.all(plan.map(async (p) => {
      await sleep(p.start)
      const span = t.begin()
      const t0 = performance.now()
      await sleep(p.ms)
      return { ...span.end(), seconds: (performance.now() - t0) / 1000 }
    }))
    const totals = t.totals()
    await t.close()
    return { log, spans: out, totals, deviceEnergyJoules: totals.device_energy_joules }
  },

  /** One sample alone, then `inFlight` samples of the same length all at once, on the same GPU. */
  async concurrent() {
    const log: string[] = []
    const t = await create(log)
    const run = async () => {
      const span = t.begin()
      const t0 = performance.now()
      await sleep(opts.spanMs ?? 300)
      return { ...span.end(), seconds: (performance.now() - t0) / 1000 }
    }
    const alone = await run()
    const together = await Promise.all(Array.from({ length: opts.inFlight ?? 8 }, run))
    const totals = t.totals()
    await t.close()
    return { log, alone, together, totals }
  },

  /** GPU reads fail for a while in the middle of a sample, then recover. */
  async readFailure() {
    const log: string[] = []
    const t = await create(log)
    const span = t.begin()
    await sleep(120)
    process.env.FAKE_NVML_FAIL = 'energy:15,power:15' // getenv() in the fake sees this: Node calls setenv()
    await sleep(150)
    delete process.env.FAKE_NVML_FAIL
    await sleep(120)
    const reading = span.end()
    const totals = t.totals()
    await t.close()
    return { log, reading, totals }
  },
}

const run = scenarios[scenario]
if (!run) throw new Error(`unknown scenario ${scenario}`)
console.log(JSON.stringify(await run()))
