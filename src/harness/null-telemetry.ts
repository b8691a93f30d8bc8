import type { Telemetry } from './types.ts'

const ZERO = { energyJoules: 0, powerWatts: 0, gpuUtilizationPct: 0 }

/** Telemetry off: records nothing, loads nothing. */
export const nullTelemetry = (note: string | null = null): Telemetry => ({
  enabled: false,
  note,
  begin: () => ({ end: () => ZERO }),
  close: async () => {},
})
