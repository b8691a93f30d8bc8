// NVML through the real koffi FFI path, against the fake libnvidia-ml.so.1 found by soname via LD_LIBRARY_PATH.
// Each case runs in a child process (the loader reads LD_LIBRARY_PATH once, at process start).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { buildFakeNvml } from '../support/fake-nvml.ts'
import { runChild } from './run-child.ts'

let lib = ''
const smiDir = join(import.meta.dirname, '..', 'support', 'fake-nvidia-smi')
const emptyDir = mkdtempSync(join(tmpdir(), 'jarvis-empty-path-'))
beforeAll(async () => {
  lib = await buildFakeNvml()
})
const nvmlEnv = (extra: Record<string, string> = {}) => ({ LD_LIBRARY_PATH: lib, PATH: `${emptyDir}:/usr/bin:/bin`, ...extra })

describe('NVML source', () => {
  test('reads names, summed power and energy deltas of two GPUs, and keeps a >2^53 counter exact', async () => {
    const r = await runChild('raw', nvmlEnv({ FAKE_NVML_DEVICE_COUNT: '2', FAKE_NVML_ENERGY_OFFSET_MJ: '1152921504606846976' }), { numGpus: 2 })
    expect(r.koffiEnergyType).toBe('bigint') // koffi's u64 above 2^53: a bigint, normalised by the source
    expect(r.names).toEqual(['NVIDIA H200', 'NVIDIA H200'])
    expect(r.hasEnergyCounter).toBe(true)
    expect(r.powerMw).toBe(350_000 + 351_000)
    expect(r.utilizationPct).toBe((87 + 77) / 2)
    expect(r.memoryUsedBytes).toBe(2 * 20480 * 1024 * 1024)
    // Two counters near 2^60 each: the sum is exact only as a bigint.
    expect(BigInt(r.energyMj)).toBeGreaterThan(2n * 1152921504606846976n)
    expect(r.deltaMj / r.ms).toBeGreaterThan(701 * 0.95) // mJ per ms = W
    expect(r.deltaMj / r.ms).toBeLessThan(701 * 1.05)
  })

  test('measures only the first num_gpus GPUs, and says so when fewer exist', async () => {
    const two = await runChild('raw', nvmlEnv({ FAKE_NVML_DEVICE_COUNT: '3' }), { numGpus: 2 })
    expect(two.names).toHaveLength(2)
    expect(two.powerMw).toBe(701_000)
    const short = await runChild('raw', nvmlEnv({ FAKE_NVML_DEVICE_COUNT: '1' }), { numGpus: 2 })
    expect(short.powerMw).toBe(350_000)
    expect(short.warnings).toEqual(['num_gpus = 2 but NVML sees 1 GPU(s); measuring 1'])
  })
})

describe('createTelemetry over NVML', () => {
  test('a sample alone gets all the device energy of its window, at the device power', async () => {
    const r = await runChild('span', nvmlEnv(), { spanMs: 300 })
    expect(r.source).toBe('nvml')
    expect(r.log).toEqual([])
    expect(r.note).toBeNull()
    expect(r.totals.energy_method).toBe('hw_counter')
    // alone, the sample's share is the whole device: power_watts (device power) = energy / its duration
    expect(r.reading.powerWatts).toBeGreaterThan(350 * 0.98)
    expect(r.reading.powerWatts).toBeLessThan(350 * 1.02)
    expect(r.reading.energyJoules / r.seconds).toBeGreaterThan(350 * 0.9)
    expect(r.reading.energyJoules / r.seconds).toBeLessThan(350 * 1.1)
    expect(r.reading.gpuUtilizationPct).toBeCloseTo(87, 6)
    expect(r.totals.peak_power_watts).toBe(350)
    expect(r.scope).toMatchInlineSnapshot(`"device-wide energy of GPU 0 (NVIDIA H200) via NVML, where the in-process engine runs (other processes on these GPUs count too)"`)
  })

  test('integrates power when the energy counter is NOT_SUPPORTED (pre-Volta), with one log line', async () => {
    const r = await runChild('span', nvmlEnv({ FAKE_NVML_ENERGY_UNSUPPORTED: '1' }), { spanMs: 300 })
    expect(r.log).toMatchInlineSnapshot(`
      [
        "telemetry: NVML energy counter unavailable on GPU 0 (Not Supported (NVML error 3 NOT_SUPPORTED)); integrating power instead",
      ]
    `)
    expect(r.totals.energy_method).toBe('power_integration')
    expect(r.reading.powerWatts).toBeGreaterThan(350 * 0.98)
    expect(r.reading.powerWatts).toBeLessThan(350 * 1.02)
    expect(r.reading.energyJoules / r.seconds).toBeGreaterThan(350 * 0.9)
  })

  test('telemetry without gpu_metrics measures energy of all num_gpus GPUs and leaves utilization at 0, with a note', async () => {
    const r = await runChild('span', nvmlEnv({ FAKE_NVML_DEVICE_COUNT: '2' }), { spanMs: 100, gpuMetrics: false, numGpus: 2, engineScope: 'remote' })
    expect(r.reading.powerWatts).toBeGreaterThan(701 * 0.97)
    expect(r.reading.powerWatts).toBeLessThan(701 * 1.03)
    expect(r.scope).toMatchInlineSnapshot(`"device-wide energy of this machine's GPUs 0-1 (2x NVIDIA H200) via NVML; the engine is a server, so this is its energy only if it runs on these GPUs"`)
    expect(r.reading.gpuUtilizationPct).toBe(0)
    expect(r.totals.mean_gpu_utilization_pct).toBeNull()
    expect(r.note).toMatchInlineSnapshot(`"gpu_utilization_pct is 0: [run] gpu_metrics is off (--gpu-metrics polls utilization)"`)
  })

  test('gpu_metrics works without telemetry (OpenJarvis needed both): utilization only', async () => {
    const r = await runChild('span', nvmlEnv(), { spanMs: 100, enabled: false, gpuMetrics: true })
    expect(r.enabled).toBe(true)
    expect(r.reading).toEqual({ energyJoules: 0, powerWatts: 0, gpuUtilizationPct: expect.closeTo(87, 6) })
    expect(r.totals.device_energy_joules).toBe(0)
    expect(r.note).toMatchInlineSnapshot(`"energy_joules and power_watts are 0: [run] telemetry is off (--telemetry measures them)"`)
  })

  test('a failing GPU read logs one line and loses no energy once reads recover', async () => {
    const r = await runChild('readFailure', nvmlEnv())
    expect(r.log).toMatchInlineSnapshot(`
      [
        "telemetry: NVML energy read on GPU 0 failed: GPU is lost (NVML error 15 GPU_IS_LOST); that interval counts 0 J",
      ]
    `)
    // The counter keeps counting while reads fail: the next good read carries the whole delta.
    expect(r.reading.powerWatts).toBeGreaterThan(350 * 0.97)
    expect(r.reading.powerWatts).toBeLessThan(350 * 1.03)
  })
})

describe('source chain', () => {
  test('NVML init failing with DRIVER_NOT_LOADED switches to nvidia-smi with one line', async () => {
    const r = await runChild('span', nvmlEnv({ FAKE_NVML_FAIL_INIT: '9', PATH: `${smiDir}:/usr/bin:/bin` }), { spanMs: 300 })
    expect(r.log).toMatchInlineSnapshot(`
      [
        "telemetry: NVML not available (nvmlInit_v2 failed: Driver Not Loaded (NVML error 9 DRIVER_NOT_LOADED)); using nvidia-smi",
      ]
    `)
    expect(r.source).toBe('nvidia-smi')
    expect(r.totals.energy_method).toBe('power_integration')
    expect(r.reading.energyJoules / r.seconds).toBeGreaterThan(300.5 * 0.9)
    expect(r.reading.energyJoules / r.seconds).toBeLessThan(300.5 * 1.1)
    expect(r.reading.gpuUtilizationPct).toBeCloseTo(75, 6)
  })

  test('with neither NVML nor nvidia-smi every field is 0 and the note says why', async () => {
    const r = await runChild('span', nvmlEnv({ FAKE_NVML_FAIL_INIT: '18' }), { spanMs: 50 })
    expect(r.enabled).toBe(false)
    expect(r.reading).toEqual({ energyJoules: 0, powerWatts: 0, gpuUtilizationPct: 0 })
    expect(r.log).toMatchInlineSnapshot(`
      [
        "telemetry: NVML not available (nvmlInit_v2 failed: RM has detected an NVML/RM version mismatch (NVML error 18 LIB_RM_VERSION_MISMATCH)); nvidia-smi not found on PATH; energy, power and GPU utilization will be 0",
      ]
    `)
    expect(r.note).toMatchInlineSnapshot(`"no GPU telemetry: NVML not available (nvmlInit_v2 failed: RM has detected an NVML/RM version mismatch (NVML error 18 LIB_RM_VERSION_MISMATCH)); nvidia-smi not found on PATH. energy_joules, power_watts and gpu_utilization_pct are 0."`)
  })
})

describe('attribution under concurrency', () => {
  test('40 overlapping samples share the device energy: their sum is the device total, not 10x it', async () => {
    // Power ramps 200 W/s, so intervals differ; the counter is exact, so any gap would show.
    const r = await runChild('overlap', nvmlEnv({ FAKE_NVML_POWER_RAMP_MW_PER_S: '200000' }), { spans: 40, seed: 11 })
    const sum = r.spans.reduce((a: number, s: { energyJoules: number }) => a + s.energyJoules, 0)
    expect(r.spans).toHaveLength(40)
    expect(r.spans.every((s: { energyJoules: number }) => s.energyJoules > 0)).toBe(true)
    expect(Math.abs(sum - r.deviceEnergyJoules) / r.deviceEnergyJoules).toBeLessThan(0.01)
    // Exactly: samples + idle = device.
    expect(sum + r.totals.idle_energy_joules).toBeCloseTo(r.deviceEnergyJoules, 6)
    expect(r.totals.sample_energy_joules).toBeCloseTo(sum, 6)
    // What OpenJarvis reports: each sample's own device-counter window, summed.
    const naive = r.spans.reduce((a: number, s: { seconds: number }) => a + s.seconds, 0) * 350
    expect(naive / r.deviceEnergyJoules).toBeGreaterThan(5)
  })

  test.each([
    ['the energy counter', {}],
    ['power integration', { FAKE_NVML_ENERGY_UNSUPPORTED: '1' }],
  ])('power_watts is the device power (350 W) whatever the concurrency; energy_joules is the share (%s)', async (_name, env) => {
    const r = await runChild('concurrent', nvmlEnv(env), { inFlight: 8, spanMs: 300 })
    type Reading = { energyJoules: number; powerWatts: number; seconds: number }
    const near = (x: number, want: number, tol: number) => expect(Math.abs(x - want) / want).toBeLessThan(tol)
    near(r.alone.powerWatts, 350, 0.03)
    for (const s of r.together as Reading[]) {
      near(s.powerWatts, 350, 0.03) // not 350 / 8 ≈ 44 W: IPW = 1 / power_watts does not grow with concurrency
      near(s.energyJoules / s.seconds, 350 / 8, 0.2) // the share: eight samples split the device
    }
    const sum = (r.together as Reading[]).reduce((a, s) => a + s.energyJoules, 0) + r.alone.energyJoules
    expect(sum + r.totals.idle_energy_joules).toBeCloseTo(r.totals.device_energy_joules, 6)
  })

  test('the same holds when energy comes from power integration', async () => {
    const r = await runChild('overlap', nvmlEnv({ FAKE_NVML_ENERGY_UNSUPPORTED: '1', FAKE_NVML_POWER_RAMP_MW_PER_S: '200000' }), { spans: 40, seed: 5 })
    const sum = r.spans.reduce((a: number, s: { energyJoules: number }) => a + s.energyJoules, 0)
    expect(r.totals.energy_method).toBe('power_integration')
    expect(Math.abs(sum - r.deviceEnergyJoules) / r.deviceEnergyJoules).toBeLessThan(0.01)
  })
})
