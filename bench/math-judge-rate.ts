// How often MATH-500 pays for a judge call, and how often the no-judge path is wrong, on a realistic answer mix
// (bench/lib/math-mix.ts: 500 MATH-style references, bench/lib/math-references.ts, × the response formats real models
// write, each labelled).
//
//   node bench/math-judge-rate.mjs [--dump mix.jsonl] [--show judge|fp|fn]
//
// judge: the fast path could not decide (the scorer would call the judge). fp: decided right on a wrong
// response (the worst grading error). fn: decided wrong on a right response. Exit 1 if any fp.
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { mathFastPath } from '../src/scoring/math/fast-path.ts'
import { buildMix, type MixCase } from './lib/math-mix.ts'
import { MATH_REFERENCES } from './lib/math-references.ts'

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { dump: { type: 'string' }, show: { type: 'string' } } })
  const refs = [...MATH_REFERENCES]
  const mix = buildMix(refs)
  if (values.dump) writeFileSync(values.dump, mix.map((c) => JSON.stringify(c)).join('\n') + '\n')
  const rows = new Map<string, { n: number; judge: number; fp: number; fn: number }>()
  const shown: string[] = []
  const t0 = performance.now()
  for (const c of mix) {
    const fast = mathFastPath(c.response, c.reference, { decideFalse: true })
    const outcome = fast.score === null ? 'judge' : fast.score.isCorrect === c.correct ? 'ok' : c.correct ? 'fn' : 'fp'
    for (const key of [c.kind, 'all']) {
      const r = rows.get(key) ?? { n: 0, judge: 0, fp: 0, fn: 0 }
      r.n++
      if (outcome === 'judge') r.judge++
      if (outcome === 'fp') r.fp++
      if (outcome === 'fn') r.fn++
      rows.set(key, r)
    }
    if (values.show === outcome) shown.push(`${c.id}\tref=${c.reference}\tfinal=${String(fast.metadata.final_answer)}\t${String(fast.metadata.extraction)}`)
  }
  const ms = performance.now() - t0
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`
  console.log(`MATH-500 answer mix: ${mix.length} responses over ${refs.length} references (${(ms / mix.length).toFixed(2)} ms each)`)
  console.log('kind'.padEnd(12), 'n'.padStart(5), 'judge'.padStart(8), 'rate'.padStart(7), 'fp'.padStart(4), 'fn'.padStart(4))
  const order = ['boxed', 'equivalent', 'minerva', 'prose', 'revised', 'split', 'wrong', 'wrong-prose', 'near-miss', 'all']
  for (const k of order) {
    const r = rows.get(k)
    if (r) console.log(k.padEnd(12), String(r.n).padStart(5), String(r.judge).padStart(8), pct(r.judge, r.n).padStart(7), String(r.fp).padStart(4), String(r.fn).padStart(4))
  }
  if (shown.length) console.log(shown.join('\n'))
  return (rows.get('all')?.fp ?? 0) > 0 ? 1 : 0
}

export type { MixCase }
