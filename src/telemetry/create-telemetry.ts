// Builds the run's Telemetry from [run] telemetry / gpu_metrics / energy_vendor and [[models]] num_gpus.
// Source chain: NVML (koffi) → nvidia-smi on PATH → none, with one log line at each switch and a `note`
// (printed by the summary) saying why fields are 0.
//
// Flags (decided here; OpenJarvis needed --telemetry for --gpu-metrics to do anything, reference §6.4):
//   telemetry    → energy_joules and power_watts
//   gpu_metrics  → gpu_utilization_pct (and peak memory in totals), with or without telemetry
//   neither      → nothing is loaded (no koffi, no nvidia-smi); every field reads 0
import { didYouMean, JarvisError } from '../core/errors.ts'
import type { DeviceSource } from './device-source.ts'
import { idleTelemetry, measuringTelemetry, type DeviceTelemetry } from './device-telemetry.ts'

export const ENERGY_VENDORS = ['', 'nvidia', 'nvidia-smi', 'none'] as const
export type EnergyVendor = (typeof ENERGY_VENDORS)[number]

export interface CreateTelemetryOptions {
  /** [run] telemetry or --telemetry: measure energy and power. */
  enabled: boolean
  /** [run] gpu_metrics or --gpu-metrics: poll utilization and memory. */
  gpuMetrics: boolean
  /** [run] energy_vendor: "" or "nvidia" = NVML then nvidia-smi; "nvidia-smi" = only it; "none" = off. */
  energyVendor: string
  /** [[models]] num_gpus: the first N GPUs are measured and summed. */
  numGpus: number
  /** Whether the engine runs in this process (llama.cpp) or is a server (vLLM, Ollama, …): words the scope. */
  engineScope?: 'in-process' | 'remote'
  pollMs?: number
  log?: (line: string) => void
  /** NVML library to dlopen (default the soname libnvidia-ml.so.1, found through LD_LIBRARY_PATH). */
  nvmlLibrary?: string
  /** Environment for nvidia-smi (its PATH decides which one runs). */
  env?: NodeJS.ProcessEnv
}

export async function createTelemetry(o: CreateTelemetryOptions): Promise<DeviceTelemetry> {
  const vendor = checkVendor(o.energyVendor)
  const log = o.log ?? (() => {})
  if (!o.enabled && !o.gpuMetrics) {
    return idleTelemetry(false, 'telemetry is off: energy, power and GPU utilization are 0 (turn on with [run] telemetry = true or --telemetry; gpu_metrics / --gpu-metrics adds utilization)')
  }
  if (vendor === 'none') return idleTelemetry(false, '[run] energy_vendor = "none": GPU telemetry skipped; energy, power and GPU utilization are 0')

  const pollMs = o.pollMs ?? 50
  const numGpus = Math.max(1, Math.floor(o.numGpus || 1))
  const failures: string[] = []
  let source: DeviceSource | null = null

  if (vendor !== 'nvidia-smi') {
    const { openNvml } = await import('./nvml.ts')
    const r = await openNvml({ numGpus, metrics: o.gpuMetrics, library: o.nvmlLibrary })
    if (r.ok) {
      source = r.source
      for (const w of r.warnings) log(`telemetry: ${w}`)
    } else failures.push(`NVML not available (${r.reason})`)
  }
  if (!source) {
    const { startNvidiaSmi } = await import('./nvidia-smi.ts')
    const r = await startNvidiaSmi({ numGpus, metrics: o.gpuMetrics, pollMs, env: o.env })
    if (r.ok) {
      source = r.source
      if (failures.length) log(`telemetry: ${failures.join('; ')}; using nvidia-smi`)
    } else failures.push(r.reason.startsWith('nvidia-smi') ? r.reason : `nvidia-smi: ${r.reason}`)
  }
  if (!source) {
    log(`telemetry: ${failures.join('; ')}; energy, power and GPU utilization will be 0`)
    return idleTelemetry(false, `no GPU telemetry: ${failures.join('; ')}. energy_joules, power_watts and gpu_utilization_pct are 0.`)
  }
  return measuringTelemetry(source, {
    energy: o.enabled,
    metrics: o.gpuMetrics,
    scope: describeScope(source, o.engineScope ?? 'remote'),
    note: partialNote(o.enabled, o.gpuMetrics, failures),
    pollMs,
    log,
  })
}

function checkVendor(v: string): EnergyVendor {
  const vendor = (v ?? '').trim().toLowerCase()
  if ((ENERGY_VENDORS as readonly string[]).includes(vendor)) return vendor as EnergyVendor
  throw new JarvisError(
    'JARVIS_BAD_OPTION',
    `[run] energy_vendor = "${v}" is not supported: use "" (auto: NVML, then nvidia-smi), "nvidia", "nvidia-smi" or "none".${didYouMean(vendor, ENERGY_VENDORS.filter(Boolean))}`,
  )
}

/** Which GPUs, by which means, and what that says about the engine's energy. */
function describeScope(source: DeviceSource, engine: 'in-process' | 'remote'): string {
  const names = source.deviceNames
  const distinct = [...new Set(names)]
  // nvidia-smi's query has no names (its devices are "GPU i"): say only which indices.
  const what = source.kind === 'nvml' ? ` (${distinct.length === 1 && names.length > 1 ? `${names.length}x ${distinct[0]}` : names.join(', ')})` : ''
  const gpus = names.length === 1 ? `GPU 0${what}` : `GPUs 0-${names.length - 1}${what}`
  const via = source.kind === 'nvml' ? 'NVML' : 'nvidia-smi'
  return engine === 'in-process'
    ? `device-wide energy of ${gpus} via ${via}, where the in-process engine runs (other processes on these GPUs count too)`
    : `device-wide energy of this machine's ${gpus} via ${via}; the engine is a server, so this is its energy only if it runs on these GPUs`
}

/** A note for what is measured but not all: null when energy and utilization are both measured. */
function partialNote(energy: boolean, metrics: boolean, failures: string[]): string | null {
  const parts: string[] = []
  if (failures.length) parts.push(`${failures.join('; ')}; measured with nvidia-smi (power integrated every poll)`)
  if (!energy) parts.push('energy_joules and power_watts are 0: [run] telemetry is off (--telemetry measures them)')
  if (!metrics) parts.push('gpu_utilization_pct is 0: [run] gpu_metrics is off (--gpu-metrics polls utilization)')
  return parts.length ? parts.join('. ') : null
}
