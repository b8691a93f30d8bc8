// A/A check of the regression gate: the same model evaluated twice (fresh sampling noise each time) must
// fail the gate at most alpha of the time. Also prints what a plain threshold rule (fail when the drop
// exceeds max-drop) would do on the same pairs, and the gate's power against a real 5-point drop.
//
//   node bench/gate-aa.mjs [--reps 1000] [--n 500] [--p 0.7] [--max-drop 0.02] [--alpha 0.05]
import { parseArgs } from 'node:util'
import { gate } from '../src/results/gate.ts'
import type { SampleResult } from '../src/core/sample-result.ts'
import { accuracyInterval } from '../src/stats/accuracy-ci.ts'
import { createRng, type Rng } from '../src/stats/prng.ts'

function line(id: string, ok: boolean): SampleResult {
  return {
    record_id: id, benchmark: 'aa-sim', model: 'sim', backend: 'jarvis-direct', model_answer: ok ? 'C' : 'B', is_correct: ok, score: ok ? 1 : 0,
    latency_seconds: 1, prompt_tokens: 100, completion_tokens: 10, cost_usd: 0, error: null, scoring_metadata: {}, ttft: 0, energy_joules: 0,
    power_watts: 0, gpu_utilization_pct: 0, throughput_tok_per_sec: 10, mfu_pct: 0, mbu_pct: 0, ipw: 0, ipj: 0, subject: 'general',
    category: 'reasoning', energy_per_output_token_joules: 0, throughput_per_watt: 0, mean_itl_ms: 0, estimated_flops: 0,
  }
}

/** One simulated run: sample i is correct with probability probs[i], drawn with this run's own seed. */
const simulate = (probs: number[], rng: Rng) => probs.map((p, i) => line(`aa-${i}`, rng.next() < p))

interface Scenario {
  name: string
  probs: (rng: Rng) => number[]
  /** Candidate's per-sample probabilities (A/A: the same). */
  shift?: number
}

async function runScenario(s: Scenario, reps: number, n: number, maxDrop: number, alpha: number) {
  let gateFails = 0
  let thresholdFails = 0
  for (let k = 0; k < reps; k++) {
    const probs = s.probs(createRng(1_000_003 * k + 17))
    const cand = s.shift ? probs.map((p) => Math.max(0, p - s.shift!)) : probs
    const a = simulate(probs, createRng(2 * k + 1))
    const b = simulate(cand, createRng(2 * k + 2))
    const v = await gate(a, b, { maxDrop, alpha, resamples: 500 })
    if (v.verdict === 'fail') gateFails++
    if (v.delta < -maxDrop) thresholdFails++
  }
  return { gateFails, thresholdFails }
}

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { reps: { type: 'string', default: '1000' }, n: { type: 'string', default: '500' }, p: { type: 'string', default: '0.7' }, 'max-drop': { type: 'string', default: '0.02' }, alpha: { type: 'string', default: '0.05' } } })
  const [reps, n, p, maxDrop, alpha] = [Number(values.reps), Number(values.n), Number(values.p), Number(values['max-drop']), Number(values.alpha)]
  const scenarios: Scenario[] = [
    { name: `iid Bernoulli(${p}) per sample (worst case: every answer a coin flip)`, probs: () => Array(n).fill(p) },
    // Items of mixed difficulty, fixed per repetition: most answers are stable across runs, some are not.
    { name: 'mixed difficulty (60% easy p=.95, 25% hard p=.1, 15% coin flips p=.5)', probs: (rng) => Array.from({ length: n }, () => { const u = rng.next(); return u < 0.6 ? 0.95 : u < 0.85 ? 0.1 : 0.5 }) },
  ]
  console.log(`A/A gate check: ${reps} repetitions × 2 runs of N=${n}, max-drop ${maxDrop}, alpha ${alpha}`)
  let worst = 0
  const t0 = performance.now()
  for (const s of scenarios) {
    const r = await runScenario(s, reps, n, maxDrop, alpha)
    const ci = accuracyInterval(r.gateFails, reps).wilson
    worst = Math.max(worst, r.gateFails / reps)
    console.log(`\n${s.name}`)
    console.log(`  gate false-failure rate       ${(r.gateFails / reps).toFixed(4)}  (${r.gateFails}/${reps}; Wilson 95% CI [${ci[0].toFixed(4)}, ${ci[1].toFixed(4)}])`)
    console.log(`  threshold-only rule would fail ${(r.thresholdFails / reps).toFixed(4)}  (delta < -${maxDrop} alone)`)
  }
  const power = await runScenario({ name: 'power', probs: () => Array(n).fill(p), shift: 0.05 }, Math.min(reps, 400), n, maxDrop, alpha)
  console.log(`\nPower: a real 5-point drop (${p} → ${(p - 0.05).toFixed(2)}, iid) fails the gate in ${((power.gateFails / Math.min(reps, 400)) * 100).toFixed(1)}% of ${Math.min(reps, 400)} repetitions`)
  console.log(`(${((performance.now() - t0) / 1000).toFixed(1)} s)`)
  if (worst > alpha) {
    console.log(`\nFAIL: false-failure rate ${worst.toFixed(4)} > alpha ${alpha}`)
    return 1
  }
  console.log(`\nOK: false-failure rate ≤ alpha (${worst.toFixed(4)} ≤ ${alpha})`)
  return 0
}
