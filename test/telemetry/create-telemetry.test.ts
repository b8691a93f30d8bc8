// The source chain and flags, in-process: nvidia-smi is the fake script on a PATH we choose; NVML is asked for
// by a library name that does not exist (a real GPU machine would otherwise answer).
import { chmodSync, copyFileSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { isJarvisError } from '../../src/core/errors.ts'
import { createTelemetry, type CreateTelemetryOptions } from '../../src/telemetry/index.ts'
import { startNvidiaSmi } from '../../src/telemetry/nvidia-smi.ts'

let smiPath = ''
const noSmiPath = `${mkdtempSync(join(tmpdir(), 'jarvis-no-smi-'))}:/usr/bin:/bin`
beforeAll(() => {
  // A copy with its exec bit set, whatever the checkout did to the file mode.
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-fake-smi-'))
  copyFileSync(join(import.meta.dirname, '..', 'support', 'fake-nvidia-smi', 'nvidia-smi'), join(dir, 'nvidia-smi'))
  chmodSync(join(dir, 'nvidia-smi'), 0o755)
  smiPath = `${dir}:/usr/bin:/bin`
})
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function options(env: Record<string, string>, extra: Partial<CreateTelemetryOptions> = {}) {
  const log: string[] = []
  const o: CreateTelemetryOptions = {
    enabled: true, gpuMetrics: true, energyVendor: '', numGpus: 1, nvmlLibrary: 'libnvidia-ml-missing.so.1',
    env: { ...process.env, ...env }, log: (l) => log.push(l), ...extra,
  }
  return { o, log }
}

describe('createTelemetry', () => {
  test('off: loads nothing, runs nothing, reads zeros and says why', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'jarvis-marker-')), 'ran')
    const { o, log } = options({ PATH: smiPath, FAKE_SMI_MARKER: marker }, { enabled: false, gpuMetrics: false, energyVendor: 'nvidia-smi' })
    const t = await createTelemetry(o)
    expect(t.enabled).toBe(false)
    expect(t.begin().end()).toEqual({ energyJoules: 0, powerWatts: 0, gpuUtilizationPct: 0 })
    expect(t.deviceEnergyJoules()).toBe(0)
    expect(t.note).toMatchInlineSnapshot(`"telemetry is off: energy, power and GPU utilization are 0 (turn on with [run] telemetry = true or --telemetry; gpu_metrics / --gpu-metrics adds utilization)"`)
    await sleep(100)
    expect(existsSync(marker)).toBe(false)
    expect(log).toEqual([])
    await t.close()
  })

  test('a missing NVML library falls back to nvidia-smi with one log line', async () => {
    const { o, log } = options({ PATH: smiPath, FAKE_SMI_GPUS: '2' }, { numGpus: 2 })
    const t = await createTelemetry(o)
    try {
      expect(log).toMatchInlineSnapshot(`
        [
          "telemetry: NVML not available (libnvidia-ml-missing.so.1: cannot open shared object file); using nvidia-smi",
        ]
      `)
      expect(t.source).toBe('nvidia-smi')
      const span = t.begin()
      const t0 = performance.now()
      await sleep(300)
      const r = span.end()
      const seconds = (performance.now() - t0) / 1000
      expect(r.energyJoules / seconds).toBeGreaterThan(611 * 0.9) // 300.5 W + 310.5 W
      expect(r.energyJoules / seconds).toBeLessThan(611 * 1.1)
      expect(r.gpuUtilizationPct).toBeCloseTo(75, 6)
      expect(t.totals()).toMatchObject({ source: 'nvidia-smi', energy_method: 'power_integration', devices: ['GPU 0', 'GPU 1'], peak_power_watts: 611 })
      expect(t.note).toMatchInlineSnapshot(`"NVML not available (libnvidia-ml-missing.so.1: cannot open shared object file); measured with nvidia-smi (power integrated every poll)"`)
      expect(t.scope).toMatchInlineSnapshot(`"device-wide energy of this machine's GPUs 0-1 via nvidia-smi; the engine is a server, so this is its energy only if it runs on these GPUs"`)
    } finally {
      await t.close()
    }
  })

  test('energy_vendor = "none" measures nothing', async () => {
    const { o } = options({ PATH: smiPath }, { energyVendor: 'none' })
    const t = await createTelemetry(o)
    expect(t.enabled).toBe(false)
    expect(t.note).toMatchInlineSnapshot(`"[run] energy_vendor = "none": GPU telemetry skipped; energy, power and GPU utilization are 0"`)
  })

  test('an unknown energy_vendor is a config error with the choices', async () => {
    const { o } = options({ PATH: noSmiPath }, { energyVendor: 'nvidai' })
    const err = await createTelemetry(o).catch((e: unknown) => e)
    expect(isJarvisError(err)).toBe(true)
    expect((err as Error).message).toMatchInlineSnapshot(`"[run] energy_vendor = "nvidai" is not supported: use "" (auto: NVML, then nvidia-smi), "nvidia", "nvidia-smi" or "none". Did you mean "nvidia"?"`)
  })
})

describe('nvidia-smi source', () => {
  test('power.draw [N/A] gives no energy but utilization is still read', async () => {
    const r = await startNvidiaSmi({ numGpus: 1, metrics: true, env: { ...process.env, PATH: smiPath, FAKE_SMI_POWER_W: '[N/A]' } })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.source.read()).toEqual({ energyMj: null, powerMw: null, utilizationPct: 75, memoryUsedBytes: 20480 * 1024 * 1024 })
    await r.source.close()
  })

  test('a driver that is not loaded is a one-line reason', async () => {
    const r = await startNvidiaSmi({ numGpus: 1, metrics: true, env: { ...process.env, PATH: smiPath, FAKE_SMI_FAIL: '1' } })
    expect(r).toMatchInlineSnapshot(`
      {
        "ok": false,
        "reason": "nvidia-smi exited (code 9): NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.",
      }
    `)
  })

  test('no nvidia-smi on PATH is a one-line reason', async () => {
    expect(await startNvidiaSmi({ numGpus: 1, metrics: true, env: { ...process.env, PATH: noSmiPath } }))
      .toEqual({ ok: false, reason: 'nvidia-smi not found on PATH' })
  })
})
