import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { scratchDir } from './cli-fixtures.ts'
import { pairedRuns, writeRun } from '../stats/sample-results.ts'

const VITEST = resolve('node_modules/vitest/vitest.mjs')
const REPORTER = resolve('reporters/gate-reporter.ts')
const SAMPLES = resolve('test/stats/sample-results.ts')

/** A tiny eval tree: 300 concurrent tests, each storing its SampleResult in meta().jarvis. */
function fixture(name: string, output?: string): string {
  const dir = resolve(scratchDir(name))
  mkdirSync(dir, { recursive: true })
  const { baseline } = pairedRuns(300, { both: 240, baselineOnly: 0, candidateOnly: 0 })
  // The baseline is found by the run's output file name (meta().jarvisOutput), else by {benchmark}_{model-slug}.jsonl.
  writeRun(`${dir}/baselines/${output ?? 'supergpqa_qwen3-8b.jsonl'}`, baseline)
  writeFileSync(
    `${dir}/samples.test.ts`,
    `import { test } from 'vitest'
import { pairedRuns } from ${JSON.stringify(SAMPLES)}
// DROP=1: 30 samples go right → wrong (a 10-point regression); else the candidate equals the baseline.
const runs = pairedRuns(300, process.env.DROP ? { both: 210, baselineOnly: 30, candidateOnly: 0 } : { both: 240, baselineOnly: 0, candidateOnly: 0 })
test.concurrent.for(runs.candidate)('$record_id', (r, { task }) => {
  task.meta.jarvis = r${output ? `\n  task.meta.jarvisOutput = ${JSON.stringify(`${dir}/results/${output}`)}` : ''}
})
`,
  )
  writeFileSync(
    `${dir}/vitest.config.ts`,
    `import { defineConfig } from 'vitest/config'
import { GateReporter } from ${JSON.stringify(REPORTER)}
export default defineConfig({ test: { include: ['samples.test.ts'], reporters: ['dot', new GateReporter({ baselineDir: ${JSON.stringify(`${dir}/baselines`)} })] } })
`,
  )
  return dir
}

function vitestRun(dir: string, env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')))
  return spawnSync(process.execPath, [VITEST, 'run', '--root', dir, '--config', `${dir}/vitest.config.ts`], { cwd: dir, env: { ...clean, ...env, FORCE_COLOR: '0', NO_COLOR: '1' }, encoding: 'utf8', timeout: 120_000 })
}

describe('GateReporter', () => {
  test('makes `vitest run` exit 1 and prints FAIL when the run regresses against its baseline', () => {
    const r = vitestRun(fixture('gate-reporter-fail', 'supergpqa_qwen3-8b-q4.jsonl'), { DROP: '1' })
    const out = r.stdout + r.stderr
    expect(out).toContain('300 passed')
    expect(out).toContain('Gate: FAIL — accuracy dropped 10.0 points (0.8000 → 0.7000 on 300 paired samples)')
    expect(r.status).toBe(1)
  })

  test('leaves the exit code at 0 and prints PASS when nothing regressed', () => {
    const r = vitestRun(fixture('gate-reporter-pass'), {})
    expect(r.stdout + r.stderr).toContain('Gate: PASS — no drop: accuracy unchanged (0.8000 → 0.8000 on 300 paired samples)')
    expect(r.status).toBe(0)
  })
})
