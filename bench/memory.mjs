#!/usr/bin/env node
// Peak RSS of the whole harness process tree on large runs (the CLI runs big benchmarks in chunks and computes
// the summary from the JSONL, so memory must stay flat as N grows).
//
//   node bench/memory.mjs [--n 26000,100000] [--concurrency 64] [--latency-ms 1] [--chunk 2000]
import { mkdtempSync, readFileSync, writeFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { assertSharedBench, measure, REPO, resetStats, SHARED_BENCH, startServer } from './lib/proc.mjs'

const { values: o } = parseArgs({ options: { n: { type: 'string', default: '26000,100000' }, concurrency: { type: 'string', default: '64' }, 'latency-ms': { type: 'string', default: '1' }, chunk: { type: 'string' } } })
assertSharedBench()
const { samples } = await import(resolve(SHARED_BENCH, 'lib/mcq.mjs'))
const server = await startServer(['--latency-ms', o['latency-ms']])
const results = []
try {
  for (const n of o.n.split(',').map(Number)) {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-mem-'))
    const data = join(dir, 'mcq.jsonl')
    writeFileSync(data, [...samples(n)].map((s) => JSON.stringify(s)).join('\n') + '\n')
    const suite = join(dir, 'suite.toml')
    writeFileSync(
      suite,
      `[run]\nmax_workers = ${o.concurrency}\noutput_dir = "${join(dir, 'out')}"\n\n[[models]]\nname = "bench-model"\nbase_url = "${server.url}/v1"\nmax_tokens = 16\n\n` +
        `[[benchmarks]]\nname = "bench-mcq"\nscorer = "mcq"\n\n[benchmarks.dataset]\npath = "${data}"\nid_field = "id"\nquestion_field = "prompt"\nchoices_field = "choices"\nprompt_template = "{question}"\n`,
    )
    await resetStats(server.url)
    const env = { JARVIS_QUIET: '1', ...(o.chunk ? { JARVIS_CHUNK_SIZE: o.chunk } : {}) }
    const h = await measure(process.execPath, ['bin/jarvis.mjs', 'eval', 'run', '-c', suite], { env })
    const st = await resetStats(server.url)
    if (h.code !== 0) throw new Error(`harness failed (${h.code}): ${h.stderr.slice(-2000)}`)
    const out = join(dir, 'out', 'bench-mcq_bench-model.jsonl')
    const summary = JSON.parse(readFileSync(`${out}.summary.json`, 'utf8'))
    const lines = readFileSync(out, 'utf8').trim().split('\n').length
    const r = { n, lines, total_samples: summary.total_samples, correct: summary.correct, wall_s: +h.wallS.toFixed(1), samples_per_s_window: +(n / st.window_s).toFixed(0), peak_tree_rss_mb: +h.peakRssMb.toFixed(0), jsonl_mb: +(statSync(out).size / 1e6).toFixed(1), goal: 'peak_tree_rss_mb <= 500' }
    console.error(JSON.stringify(r))
    results.push(r)
  }
} finally {
  server.stop()
}
console.log(JSON.stringify(results, null, 2))
