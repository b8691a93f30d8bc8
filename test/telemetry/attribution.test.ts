// The attribution rule on exact numbers: a scripted GPU (the hardware boundary) and a hand-driven clock.
import { describe, expect, test } from 'vitest'
import { attributeInterval, type SpanAccumulator } from '../../src/telemetry/attribution.ts'
import type { DeviceReading, DeviceSource } from '../../src/telemetry/device-source.ts'
import { DeviceSampler } from '../../src/telemetry/sampler.ts'

const span = (start: number): SpanAccumulator => ({ start, energyJ: 0, deviceEnergyJ: 0, utilPctMs: 0, utilMs: 0 })

describe('attributeInterval', () => {
  test('splits an interval equally between the spans in flight throughout it', () => {
    const [a, b] = [span(-50), span(0)]
    const idle = attributeInterval({ t0: 0, t1: 100, energyJ: 30, utilizationPct: 60 }, [a, b])
    expect(idle).toBe(0)
    expect(a.energyJ).toBe(15)
    expect(b.energyJ).toBe(15)
    expect(a.utilPctMs / a.utilMs).toBe(60) // utilization is device-wide: not divided
  })

  test('a span starting mid-interval gets only the instants after its start; nobody gets the idle part', () => {
    const [a, b] = [span(25), span(50)]
    const idle = attributeInterval({ t0: 0, t1: 100, energyJ: 40, utilizationPct: null }, [a, b])
    // 0-25 idle (10 J), 25-50 a alone (10 J), 50-100 a and b (20 J shared)
    expect(idle).toBe(10)
    expect(a.energyJ).toBe(20)
    expect(b.energyJ).toBe(10)
    expect(a.utilMs).toBe(0)
  })

  test('with no span in flight the whole interval is idle', () => {
    expect(attributeInterval({ t0: 0, t1: 100, energyJ: 7, utilizationPct: 10 }, [])).toBe(7)
  })

  test('each span also counts the device energy of its whole window, undivided', () => {
    const [a, b] = [span(25), span(50)]
    attributeInterval({ t0: 0, t1: 100, energyJ: 40, utilizationPct: null }, [a, b])
    expect(a.deviceEnergyJ).toBe(30) // 25-100 of a 0.4 J/ms device
    expect(b.deviceEnergyJ).toBe(20) // 50-100
  })

  test('two readings at the same instant share what energy there is among the spans open then', () => {
    const [a, b] = [span(0), span(100)]
    expect(attributeInterval({ t0: 100, t1: 100, energyJ: 2, utilizationPct: null }, [a, b])).toBe(0)
    expect(a.energyJ).toBe(1)
    expect(b.energyJ).toBe(1)
  })
})

/** A scripted GPU: constant power (or a counter driven by the clock), utilization set by the test. */
function scriptedGpu(clock: { t: number }, o: { powerW: number; counter: boolean }) {
  const gpu = { util: 0 as number | null }
  const source: DeviceSource = {
    kind: 'nvml',
    deviceNames: ['Scripted GPU'],
    hasEnergyCounter: o.counter,
    lastError: null,
    read: (): DeviceReading => ({
      energyMj: o.counter ? BigInt(Math.round(clock.t * o.powerW)) : null, // W × ms = mJ
      powerMw: o.powerW * 1000,
      utilizationPct: gpu.util,
      memoryUsedBytes: 1024,
    }),
    close: async () => {},
  }
  return { gpu, source }
}

describe.each([
  ['power integration', false],
  ['energy counter', true],
])('DeviceSampler (%s)', (_name, counter) => {
  test('attributes spans that begin and end between polls exactly', async () => {
    const clock = { t: 0 }
    const { gpu, source } = scriptedGpu(clock, { powerW: 100, counter })
    const sampler = new DeviceSampler(source, 1e9, undefined, () => clock.t)
    clock.t = 100
    const a = sampler.begin()
    clock.t = 200
    gpu.util = 50
    sampler.poll()
    clock.t = 250
    const b = sampler.begin()
    clock.t = 300
    gpu.util = 100
    const ra = sampler.end(a) // reads the device at 300
    clock.t = 400
    gpu.util = 0
    const rb = sampler.end(b)
    // 100 W = 0.1 J/ms. 0-100 idle 10 J; 100-250 a alone 15 J; 250-300 shared 5 J; 300-400 b alone 10 J.
    expect(ra.energyJ).toBeCloseTo(17.5, 9)
    expect(ra.durationMs).toBe(200)
    expect(rb.energyJ).toBeCloseTo(12.5, 9)
    expect(rb.durationMs).toBe(150)
    // the device's whole energy over each window: its mean power is 100 W for both, shared or not
    expect(ra.deviceEnergyJ / (ra.durationMs / 1000)).toBeCloseTo(100, 9)
    expect(rb.deviceEnergyJ / (rb.durationMs / 1000)).toBeCloseTo(100, 9)
    expect(ra.meanUtilizationPct).toBeCloseTo((50 * 100 + 100 * 100) / 200, 9)
    expect(rb.meanUtilizationPct).toBeCloseTo((100 * 50 + 0 * 100) / 150, 9)
    const totals = sampler.snapshot()
    expect(totals.deviceEnergyJ).toBeCloseTo(40, 9)
    expect(totals.idleEnergyJ).toBeCloseTo(10, 9)
    expect(totals.peakPowerW).toBe(100)
    expect(totals.spans).toBe(2)
    expect(sampler.end(a)).toEqual(ra) // a second end() adds nothing
    await sampler.close()
  })
})
