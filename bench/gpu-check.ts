// GPU telemetry check, run by bench/gpu-check.sh on a machine with an NVIDIA GPU. Not a test: it prints
// figures to read. Phases: 1 s idle (no sample in flight), then concurrent generations with the embedded
// engine (node-llama-cpp on CUDA, models/tiny-counting-llama.gguf), one telemetry span per generation; a
// CPU busy loop stands in when the model or node-llama-cpp is missing. A second Telemetry over nvidia-smi
// runs alongside, to compare NVML's energy counter with integrated nvidia-smi power on the same window.
//   env: GPU_CHECK_SECONDS (default 10), GPU_CHECK_CONCURRENCY (default 8), GPU_CHECK_MODEL, NUM_GPUS (default 1),
//   GPU_CHECK_THREADS (llama.cpp CPU threads, default min(4, cores); use 1 on a 2-core machine)
import { existsSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { createTelemetry, type DeviceTelemetry } from '../src/telemetry/index.ts'

const seconds = Number(process.env.GPU_CHECK_SECONDS ?? 10)
const concurrency = Number(process.env.GPU_CHECK_CONCURRENCY ?? 8)
const numGpus = Number(process.env.NUM_GPUS ?? 1)
const modelPath = process.env.GPU_CHECK_MODEL ?? join(import.meta.dirname, '..', 'models', 'tiny-counting-llama.gguf')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const say = (line: string) => console.log(`gpu-check: ${line}`)

type Generate = () => Promise<number>
/** One generation: the embedded engine on the GPU, else a 20 ms CPU busy loop. Returns tokens produced. */
async function makeLoad(): Promise<{ what: string; generate: Generate; close: () => Promise<void> }> {
  const busy: Generate = async () => {
    const end = performance.now() + 20
    while (performance.now() < end);
    await sleep(0)
    return 0
  }
  if (!existsSync(modelPath)) return { what: `CPU busy loop (no model at ${modelPath})`, generate: busy, close: async () => {} }
  try {
    const { getLlama, LlamaCompletion } = await import('node-llama-cpp')
    const llama = await getLlama({ gpu: 'auto' })
    const model = await llama.loadModel({ modelPath, gpuLayers: 'max' })
    const context = await model.createContext({ sequences: concurrency, threads: Number(process.env.GPU_CHECK_THREADS ?? Math.min(4, availableParallelism())) })
    const free = Array.from({ length: concurrency }, () => new LlamaCompletion({ contextSequence: context.getSequence() }))
    return {
      what: `node-llama-cpp ${llama.gpu ? `on ${llama.gpu}` : 'on CPU (no GPU backend found: the GPU stays idle)'}, ${modelPath}`,
      async generate() {
        const c = free.pop()!
        try {
          const text = await c.generateCompletion('one two three', { maxTokens: 64, temperature: 0 })
          return model.tokenize(text).length
        } finally {
          free.push(c)
        }
      },
      close: async () => { await context.dispose(); await model.dispose(); await llama.dispose() },
    }
  } catch (e) {
    return { what: `CPU busy loop (node-llama-cpp failed: ${(e as Error).message.split('\n')[0]})`, generate: busy, close: async () => {} }
  }
}

const nvml = await createTelemetry({ enabled: true, gpuMetrics: true, energyVendor: 'nvidia', numGpus, engineScope: 'in-process', log: say })
const smi: DeviceTelemetry = await createTelemetry({ enabled: true, gpuMetrics: true, energyVendor: 'nvidia-smi', numGpus, engineScope: 'in-process', log: say })
say(`primary source ${nvml.source} (${nvml.totals().energy_method || 'no energy'}); scope: ${nvml.scope}`)
if (nvml.note) say(`note: ${nvml.note}`)
if (nvml.source !== 'nvml') say('WARNING: NVML was not used; the energy counter check is skipped')

await sleep(1000) // idle: no sample in flight, so this energy must land in idle_energy_joules
const load = await makeLoad()
say(`load: ${load.what}; ${concurrency} in flight for ${seconds} s`)
const samples: { energyJoules: number; powerWatts: number; gpuUtilizationPct: number; seconds: number; tokens: number }[] = []
const until = performance.now() + seconds * 1000
await Promise.all(Array.from({ length: concurrency }, async () => {
  while (performance.now() < until) {
    const span = nvml.begin()
    const t0 = performance.now()
    const tokens = await load.generate()
    samples.push({ ...span.end(), seconds: (performance.now() - t0) / 1000, tokens })
  }
}))
await load.close()

const totals = nvml.totals()
const smiTotals = smi.totals()
await Promise.all([nvml.close(), smi.close()])
const sum = samples.reduce((a, s) => a + s.energyJoules, 0)
const busySeconds = samples.reduce((a, s) => a + s.seconds, 0)
const report = {
  load: load.what,
  samples: samples.length,
  tokens: samples.reduce((a, s) => a + s.tokens, 0),
  per_sample_energy_sum_joules: sum,
  device: totals,
  attribution_error_pct: totals.device_energy_joules > 0 ? (Math.abs(sum + totals.idle_energy_joules - totals.device_energy_joules) / totals.device_energy_joules) * 100 : null,
  // What OpenJarvis would report: every sample's own window of the device counter, summed (≈ concurrency × device).
  openjarvis_style_sum_joules: samples.reduce((a, s) => a + s.seconds, 0) * (totals.avg_device_power_watts || 0),
  mean_sample_power_watts: samples.length ? samples.reduce((a, s) => a + s.powerWatts, 0) / samples.length : 0,
  mean_sample_utilization_pct: samples.length ? samples.reduce((a, s) => a + s.gpuUtilizationPct, 0) / samples.length : 0,
  busy_sample_seconds: busySeconds,
  nvidia_smi: { source: smi.source, device_energy_joules: smiTotals.device_energy_joules, avg_device_power_watts: smiTotals.avg_device_power_watts, note: smi.note },
  nvml_vs_nvidia_smi_pct: smiTotals.device_energy_joules > 0 ? ((totals.device_energy_joules - smiTotals.device_energy_joules) / smiTotals.device_energy_joules) * 100 : null,
}
say(`${report.samples} samples, ${report.tokens} tokens; device ${totals.device_energy_joules.toFixed(1)} J over ${totals.duration_seconds.toFixed(2)} s ` +
  `(mean ${totals.avg_device_power_watts.toFixed(1)} W, peak ${totals.peak_power_watts.toFixed(1)} W, util ${totals.mean_gpu_utilization_pct?.toFixed(1) ?? '-'} %)`)
say(`per-sample sum ${sum.toFixed(1)} J + idle ${totals.idle_energy_joules.toFixed(1)} J = device ${totals.device_energy_joules.toFixed(1)} J ` +
  `(error ${report.attribution_error_pct?.toFixed(4) ?? '-'} %); OpenJarvis-style sum would be ${report.openjarvis_style_sum_joules.toFixed(1)} J`)
say(`nvidia-smi integrated power: ${smiTotals.device_energy_joules.toFixed(1)} J (NVML vs nvidia-smi ${report.nvml_vs_nvidia_smi_pct?.toFixed(2) ?? '-'} %)`)
console.log(JSON.stringify(report))
if (process.env.OUT) writeFileSync(join(process.env.OUT, 'gpu-check.json'), JSON.stringify(report, null, 2))
const ok = nvml.source !== 'none' && report.attribution_error_pct !== null && report.attribution_error_pct < 1
say(ok ? 'OK' : 'FAILED: per-sample energies do not add up to the device energy (or nothing was measured)')
process.exit(ok ? 0 : 1)
