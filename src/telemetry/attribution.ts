// Dividing the device's energy among the samples in flight (OpenJarvis double-counts: each of its concurrent
// brackets reads the same device-wide counter, so 4 workers report ~4x the energy; reference §6.4, §10.10).
//
// Rule: within one polling interval the device's energy is spread evenly over time (constant power between
// two readings). At each instant it is shared equally by the spans in flight then. A span that covers half of
// an interval alone gets half of that interval's energy; two spans covering all of it get half each. Energy at
// instants with no span in flight is idle energy (between samples, scoring, warmup). So, exactly,
//   Σ span energy + idle energy = device energy over the run.
// Spans begin between polls (their start is interpolated inside the interval); they end on a reading, because
// the sampler reads the device at every end(), so a span's energy is final when end() returns.
// Each span also sums the device's WHOLE energy over its window (deviceEnergyJ): the device's mean power
// while it ran is deviceEnergyJ / duration, whatever the concurrency (the spec's power_watts).

/** The running totals of one open span. Times are performance.now() milliseconds. */
export interface SpanAccumulator {
  readonly start: number
  /** The span's share of the device energy (J). */
  energyJ: number
  /** All device energy (J) over the span's window, not divided: for the device's mean power while it ran. */
  deviceEnergyJ: number
  /** Σ utilization% × ms over the span's window, and the ms that had a utilization reading. */
  utilPctMs: number
  utilMs: number
}

/** The device between two readings: [t0, t1] ms, the energy it used (J), its utilization (%, or null). */
export interface DeviceInterval {
  t0: number
  t1: number
  energyJ: number
  utilizationPct: number | null
}

/** Adds each open span's share of the interval to it; returns the energy of the instants with no span (idle). */
export function attributeInterval(iv: DeviceInterval, spans: Iterable<SpanAccumulator>): number {
  const inFlight = [...spans].filter((s) => s.start < iv.t1 || (iv.t1 <= iv.t0 && s.start <= iv.t1))
  const dt = iv.t1 - iv.t0
  if (dt <= 0) {
    // Two readings in the same instant: nothing to spread over time, share what there is.
    if (inFlight.length === 0) return iv.energyJ
    for (const s of inFlight) {
      s.energyJ += iv.energyJ / inFlight.length
      s.deviceEnergyJ += iv.energyJ
    }
    return 0
  }
  // Sub-segments between the spans' starts inside the interval; the set in flight grows at each start.
  const entries = inFlight.map((s) => ({ s, from: Math.max(s.start, iv.t0) })).sort((a, b) => a.from - b.from)
  const cuts = [...new Set([iv.t0, ...entries.map((e) => e.from), iv.t1])].sort((a, b) => a - b)
  let idle = 0
  let active = 0
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [a, b] = [cuts[i], cuts[i + 1]]
    while (active < entries.length && entries[active].from <= a) active++
    const energy = (iv.energyJ * (b - a)) / dt
    if (active === 0) {
      idle += energy
      continue
    }
    for (let j = 0; j < active; j++) {
      const s = entries[j].s
      s.energyJ += energy / active
      s.deviceEnergyJ += energy
      if (iv.utilizationPct !== null) {
        s.utilPctMs += iv.utilizationPct * (b - a)
        s.utilMs += b - a
      }
    }
  }
  return idle
}
