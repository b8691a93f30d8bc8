#!/usr/bin/env node
// Harness throughput vs the physical limit (../shared/bench/bare-loop.mjs), in the same run, same server.
//
//   node bench/throughput.mjs [--n 1000] [--concurrency 32] [--latency-ms 20] [--reps 3]
//
// Both send the same N MCQ prompts (shared/bench/lib/mcq.mjs) to shared/bench/fake-openai-server.mjs.
// Throughput = N / the server's window_s (first request in → last answer out), so process start-up is not
// counted for either side; the wall-clock ratio is printed too. Repetitions are interleaved; medians reported.
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { assertSharedBench, measure, median, REPO, resetStats, SHARED_BENCH, startServer } from './lib/proc.mjs'

const { values: o } = parseArgs({ options: { n: { type: 'string', default: '1000' }, concurrency: { type: 'string', default: '32' }, 'latency-ms': { type: 'string', default: '20' }, reps: { type: 'string', default: '3' } } })
const n = Number(o.n)
const c = Number(o.concurrency)
const reps = Number(o.reps)
assertSharedBench()
const { samples } = await import(resolve(SHARED_BENCH, 'lib/mcq.mjs'))

const dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-'))
const data = join(dir, 'mcq.jsonl')
writeFileSync(data, [...samples(n)].map((s) => JSON.stringify(s)).join('\n') + '\n')
const server = await startServer(['--latency-ms', o['latency-ms']])
const suite = join(dir, 'suite.toml')
writeFileSync(
  suite,
  `[run]\nmax_workers = ${c}\noutput_dir = "${join(dir, 'out')}"\n\n[[models]]\nname = "bench-model"\nbase_url = "${server.url}/v1"\nmax_tokens = 16\n\n` +
    `[[benchmarks]]\nname = "bench-mcq"\nscorer = "mcq"\n\n[benchmarks.dataset]\npath = "${data}"\nid_field = "id"\nquestion_field = "prompt"\nchoices_field = "choices"\nprompt_template = "{question}"\n`,
)

// The harness streams (include_usage) so TTFT and tokens are real; bare-loop --stream is the like-for-like limit,
// plain bare-loop (no streaming) the absolute one. Both are printed.
const rows = { bare: [], bareStream: [], harness: [] }
try {
  for (let rep = 0; rep < reps; rep++) {
    await resetStats(server.url)
    const bare = await measure(process.execPath, [resolve(SHARED_BENCH, 'bare-loop.mjs'), '--url', `${server.url}/v1`, '--n', String(n), '--concurrency', String(c)])
    const sb = await resetStats(server.url)
    const bj = JSON.parse(bare.stdout.trim().split('\n').at(-1))
    rows.bare.push({ wall: bare.wallS, window: sb.window_s, rss: bare.peakRssMb, correct: bj.correct, maxInFlight: sb.max_in_flight })
    const bs = await measure(process.execPath, [resolve(SHARED_BENCH, 'bare-loop.mjs'), '--url', `${server.url}/v1`, '--n', String(n), '--concurrency', String(c), '--stream'])
    const sbs = await resetStats(server.url)
    const bsj = JSON.parse(bs.stdout.trim().split('\n').at(-1))
    rows.bareStream.push({ wall: bs.wallS, window: sbs.window_s, rss: bs.peakRssMb, correct: bsj.correct, maxInFlight: sbs.max_in_flight })
    const h = await measure(process.execPath, ['bin/jarvis.mjs', 'eval', 'run', '-c', suite], { env: { JARVIS_QUIET: '1' } })
    const sh = await resetStats(server.url)
    if (h.code !== 0) throw new Error(`harness run failed (${h.code}): ${h.stderr.slice(-2000)}`)
    const summary = JSON.parse(readFileSync(join(dir, 'out', 'bench-mcq_bench-model.jsonl.summary.json'), 'utf8'))
    rows.harness.push({ wall: h.wallS, window: sh.window_s, rss: h.peakRssMb, correct: summary.correct, maxInFlight: sh.max_in_flight })
    console.error(`rep ${rep + 1}: bare ${(n / sb.window_s).toFixed(0)}/s, bare --stream ${(n / sbs.window_s).toFixed(0)}/s, harness ${(n / sh.window_s).toFixed(0)}/s (window), harness wall ${h.wallS.toFixed(2)} s`)
  }
} finally {
  server.stop()
}
const med = (k, side) => median(rows[side].map((r) => r[k]))
const bareTput = n / med('window', 'bare')
const bareStreamTput = n / med('window', 'bareStream')
const harnessTput = n / med('window', 'harness')
const result = {
  n, concurrency: c, latency_ms: Number(o['latency-ms']), reps,
  bare: { samples_per_s: +bareTput.toFixed(1), wall_s: +med('wall', 'bare').toFixed(2), peak_tree_rss_mb: +Math.max(...rows.bare.map((r) => r.rss)).toFixed(0), correct: rows.bare[0].correct, max_in_flight: Math.max(...rows.bare.map((r) => r.maxInFlight)) },
  harness: { samples_per_s: +harnessTput.toFixed(1), wall_s: +med('wall', 'harness').toFixed(2), peak_tree_rss_mb: +Math.max(...rows.harness.map((r) => r.rss)).toFixed(0), correct: rows.harness[0].correct, max_in_flight: Math.max(...rows.harness.map((r) => r.maxInFlight)) },
  bare_stream: { samples_per_s: +bareStreamTput.toFixed(1), wall_s: +med('wall', 'bareStream').toFixed(2), correct: rows.bareStream[0].correct },
  throughput_ratio: +(harnessTput / bareTput).toFixed(3),
  throughput_ratio_vs_streaming_bare: +(harnessTput / bareStreamTput).toFixed(3),
  wall_ratio: +(med('wall', 'bare') / med('wall', 'harness')).toFixed(3),
  goal: 'throughput_ratio >= 0.90',
}
console.log(JSON.stringify(result, null, 2))
