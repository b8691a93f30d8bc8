#!/usr/bin/env bash
# GPU telemetry check: on a machine with an NVIDIA GPU, runs concurrent generations with the embedded engine
# (node-llama-cpp on CUDA, models/tiny-counting-llama.gguf) around telemetry spans and prints NVML energy,
# power, utilization, the per-sample energy sum against the device total, and NVML vs nvidia-smi.
#   bench/gpu-check.sh                      # 10 s, 8 in flight; env GPU_CHECK_SECONDS, GPU_CHECK_CONCURRENCY, NUM_GPUS
# Exit: 0 OK, 1 the check failed, 2 not set up (npm ci), 3 no NVIDIA GPU here (nothing was checked).
#
# Once the CLI runs evaluations, this becomes (same figures, from the JSONL and summary.json):
#   node bin/jarvis.mjs eval run -c configs/demo.toml --engine llamacpp --telemetry --gpu-metrics -n 40 -o "$OUT/gpu-check.jsonl"
#   then compare Σ energy_joules of the JSONL with summary.json's telemetry.device_energy_joules − idle_energy_joules.
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
exec node node_modules/vite-node/dist/cli.mjs bench/gpu-check.ts
