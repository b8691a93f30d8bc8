import { existsSync, readFileSync } from 'node:fs'
import { telemetryPathFor } from './run-files.ts'
import { TelemetryTotalsSchema, type TelemetryTotals } from '../core/telemetry-totals.ts'

/**
 * The run's telemetry block: the totals each worker (or chunk) left in `{output}.telemetry.jsonl`, summed.
 * Null when no worker wrote any (e.g. a results file from elsewhere).
 */
export function readTelemetryTotals(outputPath: string): TelemetryTotals | null {
  const path = telemetryPathFor(outputPath)
  if (!existsSync(path)) return null
  const parts: Partial<TelemetryTotals>[] = []
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue
    try {
      parts.push(JSON.parse(line))
    } catch {}
  }
  const measured = parts.filter((p) => p.source !== undefined)
  if (measured.length === 0) return parts.length ? { ...EMPTY, note: parts[0].note ?? null } : null
  // A time-weighted mean of a constant can come back as 72.99999999999999: round utilization to 6 places.
  const r6 = (x: number | null | undefined) => (typeof x === 'number' ? Math.round(x * 1e6) / 1e6 : null)
  if (measured.length === 1) return TelemetryTotalsSchema.parse({ ...measured[0], mean_gpu_utilization_pct: r6(measured[0].mean_gpu_utilization_pct) })
  const sum = (k: keyof TelemetryTotals) => measured.reduce((a, p) => a + (Number(p[k]) || 0), 0)
  const duration = sum('duration_seconds')
  const device = sum('device_energy_joules')
  const utils = measured.filter((p) => typeof p.mean_gpu_utilization_pct === 'number')
  const t = {
    source: measured[0].source!,
    energy_method: measured[0].energy_method ?? '',
    scope: measured[0].scope ?? '',
    devices: measured[0].devices ?? [],
    duration_seconds: duration,
    device_energy_joules: device,
    sample_energy_joules: sum('sample_energy_joules'),
    idle_energy_joules: sum('idle_energy_joules'),
    avg_device_power_watts: duration > 0 ? device / duration : 0,
    peak_power_watts: Math.max(...measured.map((p) => p.peak_power_watts ?? 0)),
    // Time-weighted over the workers/chunks.
    mean_gpu_utilization_pct: utils.length ? r6(utils.reduce((a, p) => a + (p.mean_gpu_utilization_pct as number) * (p.duration_seconds ?? 0), 0) / (utils.reduce((a, p) => a + (p.duration_seconds ?? 0), 0) || 1)) : null,
    peak_memory_used_bytes: measured.some((p) => typeof p.peak_memory_used_bytes === 'number') ? Math.max(...measured.map((p) => p.peak_memory_used_bytes ?? 0)) : null,
    samples: sum('samples'),
    note: measured.find((p) => p.note)?.note ?? null,
  }
  return TelemetryTotalsSchema.parse(t)
}

const EMPTY: TelemetryTotals = {
  source: 'none', energy_method: '', scope: '', devices: [], duration_seconds: 0, device_energy_joules: 0, sample_energy_joules: 0,
  idle_energy_joules: 0, avg_device_power_watts: 0, peak_power_watts: 0, mean_gpu_utilization_pct: null, peak_memory_used_bytes: null, samples: 0, note: null,
}
