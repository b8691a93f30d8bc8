// Per-sample efficiency metrics (spec: evaluations.md JSONL fields; formulas: reference §6.3). Pure.
// Every metric is 0 when an input it needs is missing (no energy, no hardware params, no TTFT …).
//
// Departure from OpenJarvis (reference §10.11): MBU reads bytes/token from the ACTIVE parameters. A MoE model
// reads only its active experts' weights per decoded token, so total params overstate bandwidth (a 122B-A10B
// model would show ~12x its real MBU). For dense models active = total and nothing changes.

export interface HardwareParams {
  /** [[models]] param_count_b: total parameters, billions. */
  paramCountB: number
  /** [[models]] active_params_b: parameters used per token (MoE); defaults to paramCountB. */
  activeParamsB?: number
  /** [[models]] gpu_peak_tflops: peak FP16 TFLOPS of one GPU. */
  gpuPeakTflops: number
  /** [[models]] gpu_peak_bandwidth_gb_s: peak memory bandwidth of one GPU, GB/s. */
  gpuPeakBandwidthGbS: number
  /** [[models]] num_gpus (tensor parallel): peaks are multiplied by it. */
  numGpus: number
}

export interface EfficiencyInput {
  promptTokens: number
  completionTokens: number
  /** Whole-call latency (prefill included), as OpenJarvis's throughput uses. */
  latencySeconds: number
  /** 0 when the engine cannot tell. */
  ttftSeconds: number
  energyJoules: number
  powerWatts: number
  isCorrect: boolean | null
  hw: HardwareParams
}

export interface Efficiency {
  throughput_tok_per_sec: number
  mfu_pct: number
  mbu_pct: number
  ipw: number
  ipj: number
  energy_per_output_token_joules: number
  throughput_per_watt: number
  mean_itl_ms: number
  estimated_flops: number
}

/** FP16 weights: 2 bytes per parameter. */
const BYTES_PER_PARAM = 2

const pos = (x: number | undefined | null): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0

export function computeEfficiency(i: EfficiencyInput): Efficiency {
  const active = pos(i.hw.activeParamsB) ? i.hw.activeParamsB : pos(i.hw.paramCountB) ? i.hw.paramCountB : 0
  const gpus = pos(i.hw.numGpus) ? i.hw.numGpus : 1
  const tokens = pos(i.completionTokens) ? i.completionTokens : 0
  const throughput = tokens > 0 && pos(i.latencySeconds) ? tokens / i.latencySeconds : 0
  const flopsPerToken = 2 * active * 1e9
  const bytesPerToken = active * 1e9 * BYTES_PER_PARAM
  const correct = i.isCorrect === true ? 1 : 0
  const itl = pos(i.ttftSeconds) && tokens > 0 && i.latencySeconds > i.ttftSeconds
    ? ((i.latencySeconds - i.ttftSeconds) / tokens) * 1000
    : 0
  const inputTokens = (pos(i.promptTokens) ? i.promptTokens : 0) + tokens
  return {
    throughput_tok_per_sec: throughput,
    mfu_pct: pos(i.hw.gpuPeakTflops) ? ((flopsPerToken * throughput) / (i.hw.gpuPeakTflops * 1e12 * gpus)) * 100 : 0,
    mbu_pct: pos(i.hw.gpuPeakBandwidthGbS) ? ((bytesPerToken * throughput) / 1e9 / (i.hw.gpuPeakBandwidthGbS * gpus)) * 100 : 0,
    ipw: correct && pos(i.powerWatts) ? correct / i.powerWatts : 0,
    ipj: correct && pos(i.energyJoules) ? correct / i.energyJoules : 0,
    energy_per_output_token_joules: tokens > 0 && pos(i.energyJoules) ? i.energyJoules / tokens : 0,
    throughput_per_watt: pos(i.powerWatts) ? throughput / i.powerWatts : 0,
    mean_itl_ms: itl,
    estimated_flops: flopsPerToken * inputTokens,
  }
}

/** [[models]] fields (config names) → HardwareParams. */
export function hardwareFromModel(m: {
  param_count_b: number
  active_params_b?: number | null
  gpu_peak_tflops: number
  gpu_peak_bandwidth_gb_s: number
  num_gpus: number
}): HardwareParams {
  return {
    paramCountB: m.param_count_b,
    activeParamsB: m.active_params_b ?? undefined,
    gpuPeakTflops: m.gpu_peak_tflops,
    gpuPeakBandwidthGbS: m.gpu_peak_bandwidth_gb_s,
    numGpus: m.num_gpus,
  }
}
