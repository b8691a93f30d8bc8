// The Telemetry handed to the harness: either measuring (a DeviceSampler over NVML or nvidia-smi) or idle
// (off, or nothing to measure: every span reads zeros and `note` says why).
import type { Telemetry, TelemetryReading, TelemetrySpan } from '../core/telemetry.ts'
import type { DeviceSource } from './device-source.ts'
import { DeviceSampler } from './sampler.ts'
import type { TelemetryTotals } from '../core/telemetry-totals.ts'

/** Telemetry plus the run-level view the summary and the invariant test need. */
export interface DeviceTelemetry extends Telemetry {
  readonly source: TelemetryTotals['source']
  /** What the energy covers (device-wide; which GPUs; in-process or remote engine). */
  readonly scope: string
  /** All energy (J) of the measured GPUs since creation; 0 when energy is not measured. */
  deviceEnergyJoules(): number
  totals(): TelemetryTotals
}

export const ZERO_READING: TelemetryReading = Object.freeze({ energyJoules: 0, powerWatts: 0, gpuUtilizationPct: 0 })
const ZERO_SPAN: TelemetrySpan = Object.freeze({ end: () => ({ ...ZERO_READING }) })

export function idleTelemetry(enabled: boolean, note: string | null): DeviceTelemetry {
  return {
    enabled,
    note,
    source: 'none',
    scope: 'none',
    begin: () => ZERO_SPAN,
    deviceEnergyJoules: () => 0,
    totals: () => ({
      source: 'none', energy_method: '', scope: 'none', devices: [], duration_seconds: 0, device_energy_joules: 0,
      sample_energy_joules: 0, idle_energy_joules: 0, avg_device_power_watts: 0, peak_power_watts: 0,
      mean_gpu_utilization_pct: null, peak_memory_used_bytes: null, samples: 0, note,
    }),
    close: async () => {},
  }
}

export interface MeasuringOptions {
  /** Report energy and power ([run] telemetry); else they read 0. */
  energy: boolean
  /** Report utilization and memory ([run] gpu_metrics); else they read 0 / null. */
  metrics: boolean
  scope: string
  note: string | null
  pollMs: number
  log: (line: string) => void
}

export function measuringTelemetry(source: DeviceSource, o: MeasuringOptions): DeviceTelemetry {
  const sampler = new DeviceSampler(source, o.pollMs, (m) => o.log(`telemetry: ${m}; that interval counts 0 J`))
  const method = source.hasEnergyCounter ? 'hw_counter' : 'power_integration'
  return {
    enabled: true,
    note: o.note,
    source: source.kind,
    scope: o.scope,
    begin(): TelemetrySpan {
      const span = sampler.begin()
      let reading: TelemetryReading | null = null
      return {
        end(): TelemetryReading {
          if (reading) return { ...reading }
          const r = sampler.end(span)
          const seconds = r.durationMs / 1000
          // energy_joules is the sample's share (Σ samples + idle = device); power_watts is the spec's "average
          // GPU power draw during inference": the DEVICE's mean power over the sample's window, 300 W on a GPU
          // drawing 300 W whatever the concurrency, so IPW = accuracy / power_watts compares across runs. The
          // sample's share of the power (≈ 300 W / k with k in flight) is energy_joules / latency_seconds.
          reading = {
            energyJoules: o.energy ? r.energyJ : 0,
            powerWatts: o.energy && seconds > 0 ? r.deviceEnergyJ / seconds : 0,
            gpuUtilizationPct: o.metrics ? r.meanUtilizationPct : 0,
          }
          return { ...reading }
        },
      }
    },
    deviceEnergyJoules: () => (o.energy ? sampler.snapshot().deviceEnergyJ : 0),
    totals(): TelemetryTotals {
      const t = sampler.snapshot()
      const seconds = t.durationMs / 1000
      const e = (x: number) => (o.energy ? x : 0)
      return {
        source: source.kind,
        energy_method: o.energy ? method : '',
        scope: o.scope,
        devices: [...source.deviceNames],
        duration_seconds: seconds,
        device_energy_joules: e(t.deviceEnergyJ),
        sample_energy_joules: e(t.deviceEnergyJ - t.idleEnergyJ),
        idle_energy_joules: e(t.idleEnergyJ),
        avg_device_power_watts: e(seconds > 0 ? t.deviceEnergyJ / seconds : 0),
        peak_power_watts: e(t.peakPowerW),
        mean_gpu_utilization_pct: o.metrics ? t.meanUtilizationPct : null,
        peak_memory_used_bytes: o.metrics ? t.peakMemoryUsedBytes : null,
        samples: t.spans,
        note: o.note,
      }
    },
    close: () => sampler.close(),
  }
}
