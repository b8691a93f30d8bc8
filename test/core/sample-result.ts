import type { SampleResult } from '../../src/core/sample-result.ts'

/** A SuperGPQA-shaped JSONL line with every field set; override what a test is about. */
export function sampleResult(o: Partial<SampleResult> & { record_id: string }): SampleResult {
  return {
    benchmark: 'supergpqa',
    model: 'qwen3:8b',
    backend: 'jarvis-direct',
    model_answer: 'The answer is C',
    is_correct: true,
    score: 1,
    latency_seconds: 1.0,
    prompt_tokens: 100,
    completion_tokens: 10,
    cost_usd: 0,
    error: null,
    scoring_metadata: { reference_letter: 'C', candidate_letter: 'C' },
    ttft: 0.1,
    energy_joules: 0,
    power_watts: 0,
    gpu_utilization_pct: 0,
    throughput_tok_per_sec: 10,
    mfu_pct: 0,
    mbu_pct: 0,
    ipw: 0,
    ipj: 0,
    subject: 'chemistry',
    category: 'reasoning',
    energy_per_output_token_joules: 0,
    throughput_per_watt: 0,
    mean_itl_ms: 0,
    estimated_flops: 0,
    ...o,
  }
}
