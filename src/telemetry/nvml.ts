// NVML as a DeviceSource: the first `numGpus` GPUs, summed. Energy comes from the hardware counter
// (nvmlDeviceGetTotalEnergyConsumption, mJ, Volta and newer); where it is NOT_SUPPORTED the sampler integrates
// power instead. Every failure is a one-line reason, never a throw: the caller switches to the next source.
import type { DeviceReading, DeviceSource, OpenResult } from './device-source.ts'
import {
  describeNvmlError, loadNvml, NVML_SONAME, NVML_SUCCESS, toBigInt, type NvmlFunctions, type NvmlMemory,
  type NvmlUtilization,
} from './nvml-library.ts'

export interface OpenNvmlOptions {
  /** How many GPUs to measure: the first N by NVML index ([[models]] num_gpus). */
  numGpus: number
  /** Read utilization and memory too ([run] gpu_metrics). */
  metrics: boolean
  /** Library to dlopen; the soname by default, so LD_LIBRARY_PATH decides. */
  library?: string
}

/** Opened, plus warnings worth one log line each (fewer GPUs than num_gpus, no energy counter). */
export type OpenNvmlResult = (OpenResult & { ok: false }) | { ok: true; source: DeviceSource; warnings: string[] }

export async function openNvml(opts: OpenNvmlOptions): Promise<OpenNvmlResult> {
  const library = opts.library ?? NVML_SONAME
  const loaded = await loadNvml(library)
  if (!loaded.ok) return loaded
  const nvml = loaded.nvml
  const fail = (what: string, code: number) => ({ ok: false as const, reason: `${what} failed: ${describeNvmlError(nvml, code)}` })

  const rc = nvml.init()
  if (rc !== NVML_SUCCESS) return fail('nvmlInit_v2', rc)
  const shutdownWith = <T>(r: T): T => (nvml.shutdown(), r)

  const count: [number] = [0]
  const crc = nvml.count(count)
  if (crc !== NVML_SUCCESS) return shutdownWith(fail('nvmlDeviceGetCount_v2', crc))
  if (count[0] === 0) return shutdownWith({ ok: false, reason: 'NVML sees no GPU' })
  const warnings: string[] = []
  const n = Math.min(Math.max(1, opts.numGpus), count[0])
  if (opts.numGpus > count[0]) warnings.push(`num_gpus = ${opts.numGpus} but NVML sees ${count[0]} GPU(s); measuring ${n}`)

  const handles: unknown[] = []
  const names: string[] = []
  for (let i = 0; i < n; i++) {
    const h: [unknown] = [null]
    const hrc = nvml.handle(i, h)
    if (hrc !== NVML_SUCCESS) return shutdownWith(fail(`nvmlDeviceGetHandleByIndex_v2(${i})`, hrc))
    handles.push(h[0])
    const buf = Buffer.alloc(96) // NVML_DEVICE_NAME_V2_BUFFER_SIZE
    names.push(nvml.name(h[0], buf, buf.length) === NVML_SUCCESS ? nvml.decodeString(buf) : `GPU ${i}`)
  }

  // Probe the counter once: NOT_SUPPORTED (pre-Volta) on any GPU means power integration for all of them.
  let hasEnergyCounter = true
  for (let i = 0; i < n && hasEnergyCounter; i++) {
    const erc = nvml.energy(handles[i], [0])
    if (erc !== NVML_SUCCESS) {
      hasEnergyCounter = false
      warnings.push(`NVML energy counter unavailable on GPU ${i} (${describeNvmlError(nvml, erc)}); integrating power instead`)
    }
  }
  return { ok: true, source: new NvmlSource(nvml, handles, names, hasEnergyCounter, opts.metrics), warnings }
}

class NvmlSource implements DeviceSource {
  readonly kind = 'nvml' as const
  lastError: string | null = null
  private readError: string | null = null
  private closed = false

  constructor(
    private readonly nvml: NvmlFunctions,
    private readonly handles: unknown[],
    readonly deviceNames: readonly string[],
    readonly hasEnergyCounter: boolean,
    private readonly metrics: boolean,
  ) {}

  read(): DeviceReading {
    const r: DeviceReading = { energyMj: null, powerMw: null, utilizationPct: null, memoryUsedBytes: null }
    if (this.closed) return r
    let energy = 0n
    let power = 0
    let util = 0
    let mem = 0
    const ok = { energy: this.hasEnergyCounter, power: true, util: this.metrics, mem: this.metrics }
    this.handles.forEach((h, i) => {
      if (ok.energy) {
        const e: [number | bigint] = [0]
        if (this.check(this.nvml.energy(h, e), 'energy', i)) energy += toBigInt(e[0])
        else ok.energy = false
      }
      const p: [number] = [0]
      if (this.check(this.nvml.power(h, p), 'power', i)) power += p[0]
      else ok.power = false
      if (ok.util) {
        const u: [NvmlUtilization] = [{ gpu: 0, memory: 0 }]
        if (this.check(this.nvml.util(h, u), 'utilization', i)) util += u[0].gpu
        else ok.util = false
      }
      if (ok.mem) {
        const m: [NvmlMemory] = [{ total: 0, free: 0, used: 0 }]
        if (this.check(this.nvml.mem(h, m), 'memory', i)) mem += Number(m[0].used)
        else ok.mem = false
      }
    })
    if (this.readError) this.lastError = this.readError
    this.readError = null
    // A partial sum would look like a drop in the counter: all GPUs or none.
    if (ok.energy) r.energyMj = energy
    if (ok.power) r.powerMw = power
    if (ok.util) r.utilizationPct = util / this.handles.length
    if (ok.mem) r.memoryUsedBytes = mem
    return r
  }

  /** Keeps the first failure of a read (the one that explains the rest). */
  private check(rc: number, what: string, i: number): boolean {
    if (rc === NVML_SUCCESS) return true
    this.readError ??= `NVML ${what} read on GPU ${i} failed: ${describeNvmlError(this.nvml, rc)}`
    return false
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.nvml.shutdown() // NVML is reference-counted: one shutdown per init
  }
}
