// What the sampler reads from the GPUs, whichever way they are reached (NVML through koffi, or nvidia-smi).

/** One synchronous reading of the measured GPUs, summed (energy, power, memory) or averaged (utilization). */
export interface DeviceReading {
  /** Cumulative energy counter in millijoules, summed over the GPUs; null without a counter (pre-Volta, nvidia-smi). */
  energyMj: bigint | null
  /** Board power in milliwatts, summed over the GPUs; null when it could not be read this time. */
  powerMw: number | null
  /** GPU utilization in percent, the mean over the GPUs; null when not polled or not readable. */
  utilizationPct: number | null
  /** Device memory in use, bytes, summed over the GPUs; null when not polled or not readable. */
  memoryUsedBytes: number | null
}

export interface DeviceSource {
  readonly kind: 'nvml' | 'nvidia-smi'
  /** Names of the measured GPUs, index order ("NVIDIA H200"). */
  readonly deviceNames: readonly string[]
  /** True when the energy comes from the hardware counter; else the sampler integrates power. */
  readonly hasEnergyCounter: boolean
  /** Reads the GPUs now. Never throws: a failed call gives null fields and `lastError` says why. */
  read(): DeviceReading
  /** The last read failure (one line), or null. */
  readonly lastError: string | null
  close(): Promise<void>
}

/** Why a source could not be opened: one line, shown in the switch log and the summary note. */
export interface SourceFailure {
  ok: false
  reason: string
}

export type OpenResult = { ok: true; source: DeviceSource } | SourceFailure
