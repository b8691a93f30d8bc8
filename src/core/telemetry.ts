/** One sample's measurement window. `end()` returns that sample's share of the device. */
export interface TelemetrySpan {
  end(): TelemetryReading
}

export interface TelemetryReading {
  energyJoules: number
  powerWatts: number
  gpuUtilizationPct: number
}

export interface Telemetry {
  readonly enabled: boolean
  /** Why there is no data (no NVML, no GPU …), or null when measuring. */
  readonly note: string | null
  begin(): TelemetrySpan
  close(): Promise<void>
}

const ZERO: TelemetryReading = { energyJoules: 0, powerWatts: 0, gpuUtilizationPct: 0 }

/** Telemetry off: records nothing, loads nothing. */
export const nullTelemetry = (note: string | null = null): Telemetry => ({
  enabled: false,
  note,
  begin: () => ({ end: () => ZERO }),
  close: async () => {},
})
