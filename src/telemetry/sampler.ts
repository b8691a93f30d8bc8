// Polls a DeviceSource every pollMs (50 ms, as OpenJarvis) and turns its readings into interval energies:
// the hardware counter's delta when there is one, else trapezoid integration of power (OpenJarvis's
// "polling" method). Each interval is attributed to the spans in flight (attribution.ts). end() reads the
// device once more, so the closing interval of a span is known when end() returns.
import { attributeInterval, type SpanAccumulator } from './attribution.ts'
import type { DeviceReading, DeviceSource } from './device-source.ts'

export interface SamplerTotals {
  /** ms from the first reading to the last. */
  durationMs: number
  deviceEnergyJ: number
  idleEnergyJ: number
  /** The highest polled power (W): a real peak, where OpenJarvis's peak_power_w is the mean. */
  peakPowerW: number
  /** Time-weighted mean utilization over the run (%), or null when never read. */
  meanUtilizationPct: number | null
  peakMemoryUsedBytes: number | null
  spans: number
}

export interface SpanResult {
  /** The span's share of the device energy (J): Σ shares + idle = device. */
  energyJ: number
  /** The device's whole energy over the span's window (J). */
  deviceEnergyJ: number
  durationMs: number
  meanUtilizationPct: number
}

export class DeviceSampler {
  private readonly open = new Set<SpanAccumulator>()
  private readonly ended = new WeakMap<SpanAccumulator, SpanResult>()
  private readonly timer: NodeJS.Timeout
  private lastT: number
  private firstT: number
  private lastCounter: bigint | null = null
  private lastPowerMw: number | null = null
  private closed = false
  private reportedError: string | null = null
  private totals: SamplerTotals = {
    durationMs: 0, deviceEnergyJ: 0, idleEnergyJ: 0, peakPowerW: 0, meanUtilizationPct: null, peakMemoryUsedBytes: null, spans: 0,
  }
  private utilPctMs = 0
  private utilMs = 0

  constructor(
    private readonly source: DeviceSource,
    pollMs = 50,
    private readonly onReadError: (message: string) => void = () => {},
    private readonly now: () => number = () => performance.now(),
  ) {
    this.firstT = this.lastT = this.now()
    this.absorb(this.source.read(), true)
    this.timer = setInterval(() => this.poll(), pollMs)
    this.timer.unref() // never keep a worker alive for telemetry
  }

  /** Opens a span now. */
  begin(): SpanAccumulator {
    const span: SpanAccumulator = { start: this.now(), energyJ: 0, deviceEnergyJ: 0, utilPctMs: 0, utilMs: 0 }
    if (!this.closed) this.open.add(span)
    this.totals.spans++
    return span
  }

  /** Reads the device, closes the span and returns its share. A second call returns nothing new. */
  end(span: SpanAccumulator): SpanResult {
    const done = this.ended.get(span)
    if (done) return { ...done }
    // After close() a span still open ends at the last reading, with what it had.
    const end = this.open.has(span) ? this.poll() : Math.max(span.start, this.lastT)
    this.open.delete(span)
    const result = {
      energyJ: span.energyJ,
      deviceEnergyJ: span.deviceEnergyJ,
      durationMs: Math.max(0, end - span.start),
      meanUtilizationPct: span.utilMs > 0 ? span.utilPctMs / span.utilMs : 0,
    }
    this.ended.set(span, result)
    return { ...result }
  }

  /** Reads the device now and attributes the interval since the last reading; returns the reading's time. */
  poll(): number {
    if (this.closed) return this.lastT
    const t = this.now()
    const reading = this.source.read()
    const energyJ = this.absorb(reading, false, t - this.lastT)
    const interval = { t0: this.lastT, t1: t, energyJ, utilizationPct: reading.utilizationPct }
    this.totals.idleEnergyJ += attributeInterval(interval, this.open)
    this.totals.deviceEnergyJ += energyJ
    if (reading.utilizationPct !== null && t > this.lastT) {
      this.utilPctMs += reading.utilizationPct * (t - this.lastT)
      this.utilMs += t - this.lastT
    }
    this.lastT = t
    if (this.source.lastError && this.source.lastError !== this.reportedError) {
      this.reportedError = this.source.lastError // one log line per distinct failure, not one per poll
      this.onReadError(this.source.lastError)
    }
    return t
  }

  /** The run so far (reads the device first, so the totals are current). */
  snapshot(): SamplerTotals {
    this.poll()
    return {
      ...this.totals,
      durationMs: this.lastT - this.firstT,
      meanUtilizationPct: this.utilMs > 0 ? this.utilPctMs / this.utilMs : null,
    }
  }

  /** Takes a last reading and stops polling; spans still open keep what they had. */
  async close(): Promise<void> {
    if (this.closed) return
    this.poll()
    this.closed = true
    clearInterval(this.timer)
    await this.source.close()
  }

  /** Energy (J) of the interval ending with this reading; updates the baselines and peaks. */
  private absorb(r: DeviceReading, first: boolean, dtMs = 0): number {
    if (r.powerMw !== null) this.totals.peakPowerW = Math.max(this.totals.peakPowerW, r.powerMw / 1000)
    if (r.memoryUsedBytes !== null) this.totals.peakMemoryUsedBytes = Math.max(this.totals.peakMemoryUsedBytes ?? 0, r.memoryUsedBytes)
    let energyJ = 0
    if (this.source.hasEnergyCounter) {
      // A failed read leaves the baseline alone: the next good reading carries the whole delta.
      if (r.energyMj !== null) {
        if (!first && this.lastCounter !== null && r.energyMj >= this.lastCounter) energyJ = Number(r.energyMj - this.lastCounter) / 1000
        this.lastCounter = r.energyMj // a counter that went back (driver reload) restarts from here
      }
    } else if (r.powerMw !== null) {
      // Trapezoid between the last good power and this one; an interval with no power reading counts 0.
      if (!first && this.lastPowerMw !== null) energyJ = ((this.lastPowerMw + r.powerMw) / 2 / 1000) * (dtMs / 1000)
      this.lastPowerMw = r.powerMw
    }
    return energyJ
  }
}
