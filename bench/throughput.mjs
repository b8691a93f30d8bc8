#!/usr/bin/env node
// Harness throughput vs the physical limit (../shared/bench/bare-loop.mjs, plain and --stream) and plain Vitest,
// in the same series, same server. bench/all.mjs runs this with the other goals.
//
//   node bench/throughput.mjs [--n 1000] [--concurrency 32] [--latency-ms 20] [--reps 3] [--no-plain]
//
// Throughput = N / the server's window_s (first request in → last answer out), so process start-up is not
// counted for either side; the whole-process wall ratio is printed too. Repetitions are interleaved; medians.
import { parseArgs } from 'node:util'
import { assertSharedBench } from './lib/proc.mjs'
import { throughputSeries } from './lib/series.mjs'

const { values: o } = parseArgs({ options: { n: { type: 'string', default: '1000' }, concurrency: { type: 'string', default: '32' }, 'latency-ms': { type: 'string', default: '20' }, reps: { type: 'string', default: '3' }, 'no-plain': { type: 'boolean', default: false } } })
assertSharedBench()
const r = await throughputSeries({ n: Number(o.n), concurrency: Number(o.concurrency), latencyMs: Number(o['latency-ms']), reps: Number(o.reps), plain: !o['no-plain'], log: (l) => console.error(l) })
console.log(JSON.stringify(r, null, 2))
