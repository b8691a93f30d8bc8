import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { scratchDir } from './cli-fixtures.ts'
import { pairedRuns, writeRun } from '../stats/sample-results.ts'

const VITEST = resolve('node_modules/vitest/vitest.mjs')
const REPORTER = resolve('reporters/gate-reporter.ts')
const SAMPLES = resolve('test/stats/sample-results.ts')
const WRONG = resolve('src/core/score.ts')

/**
 * A tiny eval tree: 300 concurrent tests, each storing its SampleResult in meta().jarvis. WRONG_FAILS=1: wrong
 * answers fail their test the way the harness fails them (an error named WrongAnswer); CRASH=1: one test throws
 * a plain error instead (what an inference error or a bug looks like); GATE_ONLY=1: the reporter's gateOnly.
 */
function fixture(name: string, output?: string, opts: { baseline?: boolean } = {}): string {
  const dir = resolve(scratchDir(name))
  mkdirSync(dir, { recursive: true })
  const { baseline } = pairedRuns(300, { both: 240, baselineOnly: 0, candidateOnly: 0 })
  // The baseline is found by the run's output file name (meta().jarvisOutput), else by {benchmark}_{model-slug}.jsonl.
  if (opts.baseline !== false) writeRun(`${dir}/baselines/${output ?? 'supergpqa_qwen3-8b.jsonl'}`, baseline)
  writeFileSync(
    `${dir}/samples.test.ts`,
    `import { test } from 'vitest'
import { pairedRuns } from ${JSON.stringify(SAMPLES)}
import { WRONG_ANSWER_ERROR } from ${JSON.stringify(WRONG)}
// DROP=1: 30 samples go right → wrong (a 10-point regression); else the candidate equals the baseline.
const runs = pairedRuns(300, process.env.DROP ? { both: 210, baselineOnly: 30, candidateOnly: 0 } : { both: 240, baselineOnly: 0, candidateOnly: 0 })
test.concurrent.for(runs.candidate)('$record_id', (r, { task }) => {
  task.meta.jarvis = r${output ? `\n  task.meta.jarvisOutput = ${JSON.stringify(`${dir}/results/${output}`)}` : ''}
  if (process.env.CRASH && r.record_id === 'supergpqa-00007') throw new TypeError('inference failed: http_400: bad request')
  if (process.env.WRONG_FAILS && r.is_correct === false) {
    const e = new Error('wrong answer: reference "C", extracted "B"')
    e.name = WRONG_ANSWER_ERROR
    throw e
  }
})
`,
  )
  writeFileSync(
    `${dir}/vitest.config.ts`,
    `import { defineConfig } from 'vitest/config'
import { GateReporter } from ${JSON.stringify(REPORTER)}
export default defineConfig({ test: { include: ['samples.test.ts'], reporters: ['dot', new GateReporter({ baselineDir: ${JSON.stringify(`${dir}/baselines`)}, gateOnly: process.env.GATE_ONLY === '1' })] } })
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

  describe('gateOnly: the exit code is the gate verdict, not the wrong answers', () => {
    // 60 of 300 answers are wrong in both runs: 60 failed tests, and no regression.
    test('without it, a run whose gate passes still exits 1 for its wrong answers (Vitest\'s own rule)', () => {
      const r = vitestRun(fixture('gate-only-off'), { WRONG_FAILS: '1' })
      const out = r.stdout + r.stderr
      expect(out).toContain('60 failed | 240 passed')
      expect(out).toContain('Gate: PASS')
      expect(r.status).toBe(1)
    })

    test('passes with exit 0 and says why the failed tests do not count', () => {
      const r = vitestRun(fixture('gate-only-pass'), { WRONG_FAILS: '1', GATE_ONLY: '1' })
      const out = r.stdout + r.stderr
      expect(out).toContain('60 failed | 240 passed')
      expect(out).toContain('Gate: PASS — no drop')
      expect(out).toContain('Gate-only: exit 0 — 1 gated run(s) passed; 60 failed test(s) are wrong answers, which the gate weighed')
      expect(r.status).toBe(0)
    })

    test('a regression exits 3, as jarvis eval gate does', () => {
      const r = vitestRun(fixture('gate-only-fail'), { WRONG_FAILS: '1', GATE_ONLY: '1', DROP: '1' })
      const out = r.stdout + r.stderr
      expect(out).toContain('90 failed | 210 passed')
      expect(out).toContain('Gate: FAIL — accuracy dropped 10.0 points')
      expect(out).toContain('Gate-only: exit 3 — 1 of 1 gated run(s) regressed; 90 failed test(s) are wrong answers')
      expect(r.status).toBe(3)
    })

    test('a test that failed for another reason than a wrong answer keeps the run failing (exit 1)', () => {
      const r = vitestRun(fixture('gate-only-crash'), { WRONG_FAILS: '1', GATE_ONLY: '1', CRASH: '1' })
      const out = r.stdout + r.stderr
      expect(out).toContain('Gate: PASS')
      expect(out).toMatch(/Gate-only: exit 1 — 1 failure\(s\) the gate cannot judge \(first: .*supergpqa-00007'?: inference failed: http_400: bad request\)/)
      expect(r.status).toBe(1)
    })

    test('a run with nothing to gate (no baseline) exits 2, not 0', () => {
      const r = vitestRun(fixture('gate-only-none', undefined, { baseline: false }), { WRONG_FAILS: '1', GATE_ONLY: '1' })
      const out = r.stdout + r.stderr
      expect(out).toContain('Gate: no baseline')
      expect(out).toContain('Gate-only: exit 2 — nothing was gated (no run had a baseline)')
      expect(r.status).toBe(2)
    })
  })
})
