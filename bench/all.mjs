#!/usr/bin/env node
// Every performance goal of the harness in one command: cold start, throughput against the bare loop (plain and
// streaming) and plain Vitest, memory at scale, the agent loop's overhead. Each system runs as a whole process
// against ../shared/bench/fake-openai-server.mjs; repetitions are interleaved; medians with (min–max).
//
//   node bench/all.mjs [--reps 5] [--tput-reps 3] [--memory 10000,100000] [--only startup,throughput,memory,agent]
//                      [--json results.json]
//
// Prints progress on stderr, then a Markdown table (goal, measured, met) and, with --json, writes every figure.
import { writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { assertSharedBench } from './lib/proc.mjs'
import { agentLoop, memorySeries, startupSeries, throughputSeries } from './lib/series.mjs'

const { values: o } = parseArgs({
  options: {
    reps: { type: 'string', default: '5' },
    'tput-reps': { type: 'string', default: '3' },
    memory: { type: 'string', default: '10000,100000' },
    only: { type: 'string', default: 'startup,throughput,memory,agent' },
    json: { type: 'string' },
  },
})
assertSharedBench()
const only = new Set(o.only.split(','))
const log = (l) => console.error(`[bench] ${l}`)
const t0 = Date.now()
const results = { date: new Date().toISOString(), machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`, load_avg_at_start: (await import('node:os')).loadavg().map((x) => +x.toFixed(2)) }

if (only.has('startup')) results.startup = await startupSeries({ reps: Number(o.reps), log })
if (only.has('throughput')) {
  results.throughput_c32 = await throughputSeries({ n: 1000, concurrency: 32, latencyMs: 20, reps: Number(o['tput-reps']), log })
  results.throughput_c128 = await throughputSeries({ n: 1000, concurrency: 128, latencyMs: 5, reps: Number(o['tput-reps']), log })
}
if (only.has('memory')) results.memory = await memorySeries({ sizes: o.memory.split(',').map(Number), log })
if (only.has('agent')) results.agent_loop = await agentLoop({ log })
results.elapsed_s = Math.round((Date.now() - t0) / 1000)
if (o.json) writeFileSync(o.json, JSON.stringify(results, null, 2) + '\n')

// ---------------------------------------------------------------- the table
const f2 = (x) => (x === null || x === undefined ? '–' : x.toFixed(2))
const spread = (s, f = f2) => (s ? `${f(s.median)} (${f(s.min)}–${f(s.max)})` : '–')
const met = (ok) => (ok === null ? '' : ok ? 'met' : 'not met')
const rows = []
const row = (what, goal, measured, ok = null) => rows.push(`| ${what} | ${goal} | ${measured} | ${met(ok)} |`)
if (results.startup) {
  const s = results.startup
  row('cold start, custom local benchmark, `-n 1` (s)', '≤ 1.30', spread(s.custom.wall_s), s.custom.wall_s.median <= 1.3)
  row('cold start, supergpqa from a warm Hub cache, `-n 1` (s)', '≤ 1.50', spread(s.hub.wall_s), s.hub.wall_s.median <= 1.5)
  row('  plain Vitest, one test (s)', 'reference', spread(s.plainVitest.wall_s))
  row('  bare loop, one request (s)', 'reference', spread(s.bare.wall_s))
  row('  `jarvis --help` (s)', '', spread(s.help.wall_s))
  row('  CPU s: custom / hub / plain Vitest', '', `${f2(s.custom.cpu_s?.median)} / ${f2(s.hub.cpu_s?.median)} / ${f2(s.plainVitest.cpu_s?.median)}`)
}
for (const [key, goal] of [['throughput_c32', 0.9], ['throughput_c128', 0.8]]) {
  const t = results[key]
  if (!t) continue
  const j = t.systems.jarvis
  const p = t.systems.plainVitest
  const at = `N=${t.n} C=${t.concurrency} ${t.latency_ms} ms`
  if (key === 'throughput_c32') row(`wall ratio (bare / harness), ${at}`, '≥ 0.70', spread(j.wall_ratio), j.wall_ratio.median >= 0.7)
  else row(`wall ratio (bare / harness), ${at}`, '', spread(j.wall_ratio))
  row(`serving-window ratio vs bare loop, ${at}`, `≥ ${goal.toFixed(2)}`, spread(j.window_ratio), j.window_ratio.median >= goal)
  row(`serving-window ratio vs streaming bare loop, ${at}`, `≥ ${goal.toFixed(2)}`, spread(j.window_ratio_vs_stream), j.window_ratio_vs_stream.median >= goal)
  if (p) row(`  plain Vitest: wall / window ratio, ${at}`, 'reference', `${spread(p.wall_ratio)} / ${spread(p.window_ratio)}`)
  row(`  samples/s (window): bare / streaming bare / harness, ${at}`, '', `${t.systems.bare.window_samples_per_s.median.toFixed(0)} / ${t.systems.bareStream.window_samples_per_s.median.toFixed(0)} / ${j.window_samples_per_s.median.toFixed(0)}`)
  row(`  correct: bare / harness (must agree), ${at}`, '', `${t.systems.bare.correct} / ${j.correct}`, t.systems.bare.correct === j.correct)
}
if (results.memory) {
  const m = results.memory
  const big = m.find((r) => r.n === 100000) ?? m.at(-1)
  row(`peak tree RSS at ${big.n.toLocaleString('en')} samples (MB)`, big.n === 100000 ? '≤ 300' : '', String(big.peak_tree_rss_mb), big.n === 100000 ? big.peak_tree_rss_mb <= 300 : null)
  if (m.length > 1) row('  flat in N: peak RSS by N (MB)', 'flat', m.map((r) => `${r.n.toLocaleString('en')}: ${r.peak_tree_rss_mb}`).join(', '), Math.max(...m.map((r) => r.peak_tree_rss_mb)) - Math.min(...m.map((r) => r.peak_tree_rss_mb)) <= 60)
  row('  every sample in the JSONL and the summary', '', m.map((r) => `${r.lines}/${r.total_samples}`).join(', '), m.every((r) => r.lines === r.n && r.total_samples === r.n))
}
if (results.agent_loop) {
  const a = results.agent_loop
  row(`agent loop: CPU ms per turn, bare tool loop / jarvis-agent (${a.samples}×${a.turns} turns, C=${a.concurrency})`, '', `${a.bare_cpu_ms_per_turn.toFixed(3)} / ${a.agent_cpu_ms_per_turn.toFixed(3)} (${a.cpu_overhead_ms_per_turn >= 0 ? '+' : '−'}${Math.abs(a.cpu_overhead_ms_per_turn).toFixed(3)}, ×${a.cpu_ratio})`)
  row('  agent loop: wall ms per turn, bare / jarvis-agent', '', `${a.bare_wall_ms_per_turn.toFixed(3)} / ${a.agent_wall_ms_per_turn.toFixed(3)} (×${a.wall_ratio})`)
}
console.log(`\nMeasured ${results.date.slice(0, 10)} on ${results.machine}; load average at start ${results.load_avg_at_start.join(' ')}; ${results.elapsed_s} s.`)
console.log('Medians of interleaved repetitions, (min–max); ratios are the median of the per-repetition ratios.\n')
console.log('| measure | goal | measured | |\n|---|---|---|---|')
console.log(rows.join('\n'))
