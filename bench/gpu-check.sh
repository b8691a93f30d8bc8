#!/usr/bin/env bash
# GPU telemetry check: on a machine with an NVIDIA GPU, runs concurrent generations with the embedded engine
# (node-llama-cpp on CUDA, models/tiny-counting-llama.gguf) around telemetry spans and prints NVML energy,
# power, utilization, the per-sample energy sum against the device total, and NVML vs nvidia-smi.
#   bench/gpu-check.sh                      # 10 s, 8 in flight; env GPU_CHECK_SECONDS, GPU_CHECK_CONCURRENCY, NUM_GPUS
# Exit: 0 OK, 1 the check failed, 2 not set up (npm ci), 3 no NVIDIA GPU here (nothing was checked).
# Then it runs a real evaluation through the CLI on the GPU (the demo suite, --telemetry --gpu-metrics, 4 in
# flight) and prints, from the JSONL and summary.json, Σ per-sample energy against the device's energy.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nvidia-smi >/dev/null 2>&1 && ! ldconfig -p 2>/dev/null | grep -q 'libnvidia-ml\.so\.1'; then
  echo "gpu-check: no NVIDIA GPU on this machine (neither nvidia-smi nor libnvidia-ml.so.1 found); nothing to check." >&2
  exit 3
fi
if command -v nvidia-smi >/dev/null 2>&1 && ! nvidia-smi -L >/dev/null 2>&1; then
  echo "gpu-check: nvidia-smi cannot reach a GPU: $(nvidia-smi 2>&1 | head -n 1)" >&2
  exit 3
fi
if [ ! -d node_modules/vite-node ] || [ ! -d node_modules/koffi ]; then
  echo "gpu-check: dependencies missing: run npm ci first." >&2
  exit 2
fi
command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi --query-gpu=index,name,driver_version,power.draw,power.limit --format=csv,noheader
node node_modules/vite-node/dist/cli.mjs bench/gpu-check.ts

out="${OUT:-$(mktemp -d)}"
node bin/jarvis.mjs eval run -c configs/demo.toml --telemetry --gpu-metrics -w 4 --output-dir "$out" -v
node -e '
const fs = require("fs"); const f = process.argv[1] + "/counting-quiz_tiny-counting-llama.jsonl"
const lines = fs.readFileSync(f, "utf8").trim().split("\n").map((l) => JSON.parse(l))
const s = JSON.parse(fs.readFileSync(f + ".summary.json", "utf8")); const t = s.telemetry || {}
const sum = lines.reduce((a, l) => a + l.energy_joules, 0)
console.log(JSON.stringify({ samples: lines.length, source: t.source, method: t.energy_method, device_energy_j: t.device_energy_joules,
  sample_energy_j: t.sample_energy_joules, idle_energy_j: t.idle_energy_joules, sum_of_lines_j: +sum.toFixed(3),
  mean_power_w: s.power_stats && s.power_stats.mean, mean_util_pct: s.gpu_utilization_stats && s.gpu_utilization_stats.mean, note: s.telemetry_note }, null, 2))
const ok = t.sample_energy_joules > 0 && Math.abs(sum - t.sample_energy_joules) <= 0.01 * t.sample_energy_joules
process.exit(ok ? 0 : 1)
' "$out"
