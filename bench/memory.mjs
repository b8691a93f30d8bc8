#!/usr/bin/env node
// Peak RSS of the whole harness process tree on large runs (the CLI runs big benchmarks in chunks, hands each
// chunk's worker its records, and computes the summary from the JSONL: memory must stay flat as N grows).
//
//   node bench/memory.mjs [--n 10000,100000] [--concurrency 64] [--latency-ms 1] [--chunk 1000]
import { parseArgs } from 'node:util'
import { assertSharedBench } from './lib/proc.mjs'
import { memorySeries } from './lib/series.mjs'

const { values: o } = parseArgs({ options: { n: { type: 'string', default: '10000,100000' }, concurrency: { type: 'string', default: '64' }, 'latency-ms': { type: 'string', default: '1' }, chunk: { type: 'string' } } })
assertSharedBench()
if (o.chunk) process.env.JARVIS_CHUNK_SIZE = o.chunk
const r = await memorySeries({ sizes: o.n.split(',').map(Number), concurrency: Number(o.concurrency), latencyMs: Number(o['latency-ms']), log: (l) => console.error(l) })
console.log(JSON.stringify(r.map((x) => ({ ...x, goal: 'peak_tree_rss_mb <= 300 at 100000, flat in N' })), null, 2))
