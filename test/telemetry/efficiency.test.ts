import { describe, expect, test } from 'vitest'
import { computeEfficiency, hardwareFromModel, type EfficiencyInput } from '../../src/telemetry/efficiency.ts'

// Qwen3-8B-like dense model on one A100 SXM (312 TFLOPS FP16, 2039 GB/s).
const dense: EfficiencyInput = {
  promptTokens: 200,
  completionTokens: 100,
  latencySeconds: 2,
  ttftSeconds: 0.5,
  energyJoules: 800,
  powerWatts: 400,
  isCorrect: true,
  hw: { paramCountB: 8, gpuPeakTflops: 312, gpuPeakBandwidthGbS: 2039, numGpus: 1 },
}

describe('computeEfficiency', () => {
  test('applies the spec formulas to a dense model', () => {
    const e = computeEfficiency(dense)
    expect(e.throughput_tok_per_sec).toBe(50) // 100 tokens / 2 s, prefill included
    expect(e.mfu_pct).toBeCloseTo(((2 * 8e9 * 50) / 312e12) * 100, 12) // 0.2564 %
    expect(e.mbu_pct).toBeCloseTo((8e9 * 2 * 50) / 1e9 / 2039 * 100, 9) // 39.23 %
    expect(e.ipw).toBe(1 / 400)
    expect(e.ipj).toBe(1 / 800)
    expect(e.energy_per_output_token_joules).toBe(8)
    expect(e.throughput_per_watt).toBe(50 / 400)
    expect(e.mean_itl_ms).toBeCloseTo(15, 12) // (2 − 0.5) s / 100 tokens
    expect(e.estimated_flops).toBe(2 * 8e9 * 300)
  })

  test('uses active parameters for MoE bandwidth and FLOPs (OpenJarvis reads total params for MBU)', () => {
    // 122B total, 10B active, tensor-parallel over 2 GPUs.
    const e = computeEfficiency({ ...dense, hw: { paramCountB: 122, activeParamsB: 10, gpuPeakTflops: 312, gpuPeakBandwidthGbS: 2039, numGpus: 2 } })
    expect(e.mbu_pct).toBeCloseTo((10e9 * 2 * 50) / 1e9 / (2039 * 2) * 100, 9) // 24.5 %
    expect(e.mfu_pct).toBeCloseTo(((2 * 10e9 * 50) / (312e12 * 2)) * 100, 12)
    expect(e.estimated_flops).toBe(2 * 10e9 * 300)
    // With total params the same call would claim 299 % of peak bandwidth: physically impossible.
    expect((122e9 * 2 * 50) / 1e9 / (2039 * 2) * 100).toBeGreaterThan(100)
  })

  test('active params default to the total', () => {
    const e = computeEfficiency({ ...dense, hw: { ...dense.hw, activeParamsB: undefined } })
    expect(e.mbu_pct).toBe(computeEfficiency(dense).mbu_pct)
  })

  test('an incorrect or unscored sample has no intelligence per watt or joule', () => {
    for (const isCorrect of [false, null]) {
      const e = computeEfficiency({ ...dense, isCorrect })
      expect([e.ipw, e.ipj]).toEqual([0, 0])
      expect(e.throughput_per_watt).toBe(0.125) // efficiency still counts
    }
  })

  test('every metric is 0 when its inputs are missing', () => {
    const e = computeEfficiency({
      promptTokens: 0, completionTokens: 0, latencySeconds: 0, ttftSeconds: 0, energyJoules: 0, powerWatts: 0, isCorrect: true,
      hw: { paramCountB: 0, gpuPeakTflops: 0, gpuPeakBandwidthGbS: 0, numGpus: 1 },
    })
    expect(Object.values(e).every((v) => v === 0)).toBe(true)
    // No TTFT (OpenAI-compatible engines without streaming): no ITL, the rest still computed.
    expect(computeEfficiency({ ...dense, ttftSeconds: 0 }).mean_itl_ms).toBe(0)
    // Params without peaks: FLOPs are estimated, MFU/MBU are not.
    const noPeaks = computeEfficiency({ ...dense, hw: { paramCountB: 8, gpuPeakTflops: 0, gpuPeakBandwidthGbS: 0, numGpus: 1 } })
    expect([noPeaks.mfu_pct, noPeaks.mbu_pct, noPeaks.estimated_flops]).toEqual([0, 0, 4.8e12])
  })

  test('reads [[models]] fields', () => {
    expect(hardwareFromModel({ param_count_b: 8, active_params_b: null, gpu_peak_tflops: 312, gpu_peak_bandwidth_gb_s: 2039, num_gpus: 1 }))
      .toEqual({ paramCountB: 8, activeParamsB: undefined, gpuPeakTflops: 312, gpuPeakBandwidthGbS: 2039, numGpus: 1 })
  })
})
