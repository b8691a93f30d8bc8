import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { gate, modelSlug, runSuite } from '../../src/api/gate.ts'
import { isJarvisError } from '../../src/errors.ts'
import { pairedRuns, writeRun } from '../stats/sample-results.ts'
import { scratchDir } from '../report/cli-fixtures.ts'

describe('runSuite (programmatic API)', () => {
  test('spawns jarvis eval run, passes the key by env only, and returns the files it printed', async () => {
    const dir = resolve(scratchDir('run-suite'))
    const { baseline } = pairedRuns(30, { both: 20, baselineOnly: 0, candidateOnly: 0 })
    writeRun(`${dir}/base/supergpqa_qwen3-8b.jsonl`, baseline)
    // Stands in for the CLI process: records how it was called, writes one run, prints `results: PATH`
    // as `jarvis eval run` does, in two chunks to split the line.
    writeFileSync(
      `${dir}/fake-jarvis.mjs`,
      `import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
const args = process.argv.slice(2)
const out = args[args.indexOf('--output-dir') + 1]
writeFileSync(${JSON.stringify(`${dir}/call.json`)}, JSON.stringify({ args, key: process.env.JARVIS_BACKEND_API_KEY ?? null }))
mkdirSync(out, { recursive: true })
copyFileSync(${JSON.stringify(`${dir}/base/supergpqa_qwen3-8b.jsonl`)}, out + '/supergpqa_qwen3-8b.jsonl')
copyFileSync(${JSON.stringify(`${dir}/base/supergpqa_qwen3-8b.jsonl.summary.json`)}, out + '/supergpqa_qwen3-8b.jsonl.summary.json')
process.stdout.write('Accuracy: 0.6667 (20/30)\\n  resu')
setTimeout(() => process.stdout.write('lts: ' + out + '/supergpqa_qwen3-8b.jsonl\\n  summary: x\\n'), 20)
`,
    )
    const lines: string[] = []
    const { outputs } = await runSuite({ benchmarks: ['supergpqa'], model: 'qwen3:8b', maxSamples: 30, seed: 42, outputDir: `${dir}/cand`, apiKey: 'sk-local-secret', bin: `${dir}/fake-jarvis.mjs`, cwd: dir, onOutput: (l) => lines.push(l) })
    const call = JSON.parse(readFileSync(`${dir}/call.json`, 'utf8'))
    expect(call.args).toEqual(['eval', 'run', '-b', 'supergpqa', '-m', 'qwen3:8b', '--output-dir', `${dir}/cand`, '-n', '30', '--seed', '42'])
    expect(call.key).toBe('sk-local-secret')
    expect(lines).toContain(`  results: ${dir}/cand/supergpqa_qwen3-8b.jsonl`)
    expect(outputs).toHaveLength(1)
    expect(outputs[0]).toMatchObject({ benchmark: 'supergpqa', model: 'qwen3:8b', jsonl: `${dir}/cand/supergpqa_qwen3-8b.jsonl`, summary: { accuracy: 0.6667, seed: 42 } })
    // The spec-search loop: gate the new run against the baseline.
    const v = await gate(`${dir}/base/supergpqa_qwen3-8b.jsonl`, outputs[0].jsonl)
    expect(v.verdict).toBe('pass')
  })

  test('bad input to the real CLI comes back as a JarvisError (exit 2), not a crash', async () => {
    const err = await runSuite({ benchmarks: ['gpqa-diamnd'], model: 'qwen3:8b', outputDir: 'tmp/run-suite-bad' }).catch((e) => e)
    expect(isJarvisError(err)).toBe(true)
    expect(err.message).toMatch(/^jarvis eval run: jarvis: -b\/--benchmark "gpqa-diamnd": unknown benchmark\. Did you mean "gpqa"/)
  })

  test('model slugs replace / and :', () => {
    expect(modelSlug('Qwen/Qwen3-8B:q4_K_M')).toBe('Qwen-Qwen3-8B-q4_K_M')
  })
})
