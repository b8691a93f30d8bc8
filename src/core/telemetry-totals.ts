// The run-level telemetry block for summary.json (snake_case like the rest of the summary).
import { z } from 'zod'

export const TelemetryTotalsSchema = z.object({
  /** Where the numbers came from: nvml, nvidia-smi, or none. */
  source: z.enum(['nvml', 'nvidia-smi', 'none']),
  /** hw_counter (NVML total-energy counter) or power_integration (trapezoid over 50 ms power polls). */
  energy_method: z.enum(['hw_counter', 'power_integration', '']),
  /** What the energy covers, e.g. "device-wide energy of GPU 0 (NVIDIA H200) via NVML; …". */
  scope: z.string(),
  devices: z.array(z.string()),
  duration_seconds: z.number(),
  /** All energy of the measured GPUs from telemetry start to close. */
  device_energy_joules: z.number(),
  /** The part attributed to samples: Σ per-sample energy_joules (warmup samples are not recorded). */
  sample_energy_joules: z.number(),
  /** The part with no sample in flight (between samples, scoring, warmup). */
  idle_energy_joules: z.number(),
  /** device_energy_joules / duration_seconds: the device's mean power over the run (per-sample power_watts is the device's mean over that sample's window). */
  avg_device_power_watts: z.number(),
  peak_power_watts: z.number(),
  mean_gpu_utilization_pct: z.number().nullable(),
  peak_memory_used_bytes: z.number().nullable(),
  samples: z.number().int(),
  note: z.string().nullable(),
})
export type TelemetryTotals = z.infer<typeof TelemetryTotalsSchema>
