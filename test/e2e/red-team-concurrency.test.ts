// Red team, concurrency class (issue 17): two runs writing one output file, and two Vitest workers running
// sandboxes at once. Through the real CLI against the fake server; the sandbox is the real one.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TASKS } from '../../evals/coding_task/tasks.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { quizAnswer, writeQuiz, writeQuizSuite } from '../support/quiz-suite.ts'
import { REPO_ROOT, runJarvis, type ProcessResult } from '../support/run-process.ts'

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
const env = { JARVIS_QUIET: '1' }

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-rt-conc-'))
})

describe('two runs, one output path', () => {
  let api: FakeOpenAI
  beforeAll(async () => {
    api = await startFakeOpenAI({ latencyMs: 500, answer: quizAnswer }) // the first run lasts ~15 s: the second starts well inside it
  })
  afterAll(() => api?.close())

  test('the second run is refused in one line (exit 2) before any model call; the file holds one run, no duplicate', async () => {
    const quiz = writeQuiz(dir, 30)
    const out = join(dir, 'shared')
    const suite = writeQuizSuite(dir, { name: 'shared', baseUrl: `${api.url}/v1`, quiz, out, run: 'max_workers = 1' })
    const file = join(out, 'quiz_test-model.jsonl')
    const start = () =>
      new Promise<ProcessResult>((resolve) => {
        const child = spawn(process.execPath, ['bin/jarvis.mjs', 'eval', 'run', '-c', suite], { cwd: REPO_ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
        let stdout = ''
        let stderr = ''
        child.stdout.on('data', (d) => (stdout += d))
        child.stderr.on('data', (d) => (stderr += d))
        child.on('close', (code) => resolve({ code, stdout, stderr }))
      })
    const first = start()
    // The second starts while the first is writing.
    for (let i = 0; i < 400; i++) {
      await new Promise((r) => setTimeout(r, 25))
      try {
        if (readFileSync(file, 'utf8').length > 0) break
      } catch {}
    }
    const modelChecks = () => api.requests.filter((r) => r.path === '/v1/models').length
    const checksBefore = modelChecks() // the first run's preflight and worker have checked the model by now
    const second = await runJarvis(['eval', 'run', '-c', suite], env)
    expect(second.code).toBe(2)
    expect(second.stderr.trim().split('\n')).toHaveLength(1)
    expect(second.stderr).toMatch(/^jarvis: .*quiz_test-model\.jsonl is being written by another jarvis run \(pid \d+, since .*\)\. Wait for it to finish, or give this run another -o\/--output-dir\./)
    const firstDone = await first
    expect(firstDone.code, firstDone.stderr).toBe(0)
    const ids = lines(file).map((l) => l.record_id)
    expect(ids).toHaveLength(30)
    expect(new Set(ids).size).toBe(30)
    // Refused before its preflight: it did not even check the model (GET /v1/models).
    expect(modelChecks()).toBe(checksBefore)
    // Once the first is done the path is free again.
    const third = await runJarvis(['eval', 'run', '-c', suite, '-n', '2'], env)
    expect(third.code, third.stderr).toBe(0)
  }, 120_000)
})

describe('two Vitest workers running sandboxes', () => {
  test('two models × coding_task with 2 workers: every reference solution passes (no uid shared across workers)', async () => {
    // Each reference solution takes 0.25 s to load, so sandboxes of the two workers overlap for long enough that
    // one's cleanup would catch the other's program if they ever shared a uid.
    const reference = (prompt: string) => TASKS.find((t) => prompt.includes(t.signature))?.reference ?? 'no idea'
    const api = await startFakeOpenAI({ models: ['model-a', 'model-b'], answer: (p) => `\`\`\`python\nimport time\ntime.sleep(0.25)\n${reference(p)}\n\`\`\`` })
    try {
      const out = join(dir, 'coding')
      const suite = join(dir, 'coding.toml')
      writeFileSync(
        suite,
        `[run]\noutput_dir = "${out}"\nmax_workers = 4\n\n[[models]]\nname = "model-a"\nbase_url = "${api.url}/v1"\n\n[[models]]\nname = "model-b"\nbase_url = "${api.url}/v1"\n\n[[benchmarks]]\nname = "coding_task"\n`,
      )
      // Three uids of its own (other suites on this machine run sandboxes too) for both workers: they must take turns.
      const res = await runJarvis(['eval', 'run', '-c', suite], { ...env, VITEST_MAX_WORKERS: '2', JARVIS_SANDBOX_UIDS: '62300-62302' }, 300_000)
      expect(res.code, res.stderr).toBe(0)
      for (const m of ['model-a', 'model-b']) {
        const ls = lines(join(out, `coding_task_${m}.jsonl`))
        expect(ls).toHaveLength(TASKS.length)
        expect(ls.filter((l) => l.is_correct !== true).map((l) => `${l.record_id}: ${l.scoring_metadata.reason} ${l.scoring_metadata.error ?? ''}`)).toEqual([])
      }
    } finally {
      await api.close()
    }
  }, 320_000)
})
