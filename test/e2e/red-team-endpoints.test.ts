// Red team, keys and endpoints (issue 17): a key passed on the command line is not in any process's argv while
// the run lasts; each endpoint gets only its own key; usage counts a server makes up never reach the results.
// Through the real CLI, the real openai client and fake servers on 127.0.0.1.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { quizAnswer, writeQuiz, writeQuizSuite } from '../support/quiz-suite.ts'
import { REPO_ROOT, runJarvis } from '../support/run-process.ts'

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
const summary = (path: string) => JSON.parse(readFileSync(`${path}.summary.json`, 'utf8'))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let dir: string
let quiz: string
const env = { JARVIS_QUIET: '1', JARVIS_RETRY_BASE_MS: '5' }

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-rt-endpoints-'))
  quiz = writeQuiz(dir, 12)
})

/** pid and every process below it, by /proc's parent links. */
function processTree(root: number): number[] {
  const parent = new Map<number, number>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {}
  }
  const out = [root]
  for (let i = 0; i < out.length; i++) for (const [p, pp] of parent) if (pp === out[i]) out.push(p)
  return out
}

describe('keys', () => {
  test('--api-key is in no command line of the run (CLI, Vitest workers) while it runs, and still reaches the server', async () => {
    const KEY = 'sk-test-REDTEAM-argv-0123456789abcdef'
    const api = await startFakeOpenAI({ latencyMs: 300, answer: quizAnswer })
    try {
      const out = join(dir, 'argv')
      const suite = writeQuizSuite(dir, { name: 'argv', baseUrl: `${api.url}/v1`, quiz, out, run: 'max_workers = 1' })
      const child = spawn(process.execPath, ['bin/jarvis.mjs', 'eval', 'run', '-c', suite, '-n', '8', '--api-key', KEY], { cwd: REPO_ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'ignore'] })
      const exited = new Promise<number | null>((r) => child.on('close', r))
      // From its first line of output on (Node's own start-up, before any of our code runs, cannot be helped;
      // the README says to use JARVIS_BACKEND_API_KEY for that) until the first sample is answered, by when the
      // CLI has started its Vitest workers.
      await new Promise((r) => child.stdout.once('data', r))
      let looked = 0
      const leaks: string[] = []
      for (let i = 0; i < 300 && !existsSync(join(out, 'quiz_test-model.jsonl')); i++) {
        for (const pid of processTree(child.pid!)) {
          try {
            const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
            looked++
            if (cmd.includes('REDTEAM-argv')) leaks.push(`${pid}: ${cmd.replace(/\0/g, ' ')}`)
          } catch {}
        }
        await sleep(20)
      }
      expect(await exited).toBe(0)
      expect(looked).toBeGreaterThan(10)
      expect(leaks).toEqual([])
      expect(api.requests.filter((r) => r.path === '/v1/chat/completions').every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true)
    } finally {
      await api.close()
    }
  }, 120_000)

  test("the model server's key never goes to the judge's base_url; the judge's own key does", async () => {
    const MODEL_KEY = 'sk-test-REDTEAM-model-0123456789'
    const JUDGE_KEY = 'sk-test-REDTEAM-judge-0123456789'
    const model = await startFakeOpenAI({ answer: () => 'Paris' })
    const judge = await startFakeOpenAI({ models: ['judge-model'], answer: () => 'CORRECT' })
    try {
      const data = join(dir, 'open.jsonl')
      writeFileSync(data, ['{"id": "a", "question": "Capital of France?", "answer": "Paris"}', '{"id": "b", "question": "Capital of Italy?", "answer": "Rome"}'].join('\n') + '\n')
      const suite = join(dir, 'judged.toml')
      writeFileSync(
        suite,
        `[judge]\nmodel = "judge-model"\nbase_url = "${judge.url}/v1"\n\n[run]\noutput_dir = "${join(dir, 'judged')}"\nmax_retries = 0\n\n[[models]]\nname = "test-model"\nbase_url = "${model.url}/v1"\n\n` +
          `[[benchmarks]]\nname = "open"\nscorer = "judge"\n\n[benchmarks.dataset]\npath = "${data}"\nid_field = "id"\n`,
      )
      const res = await runJarvis(['eval', 'run', '-c', suite, '--api-key', MODEL_KEY], env)
      expect(res.code, res.stderr).toBe(0)
      const judged = judge.requests.filter((r) => r.path === '/v1/chat/completions' || r.path === '/v1/models')
      expect(judged.length).toBeGreaterThan(0)
      expect(judged.map((r) => r.headers.authorization).filter((a) => a?.includes('REDTEAM-model'))).toEqual([])
      expect(model.requests.filter((r) => r.path === '/v1/chat/completions').every((r) => r.headers.authorization === `Bearer ${MODEL_KEY}`)).toBe(true)
      const res2 = await runJarvis(['eval', 'run', '-c', suite, '--api-key', MODEL_KEY], { ...env, JARVIS_JUDGE_API_KEY: JUDGE_KEY })
      expect(res2.code, res2.stderr).toBe(0)
      expect(judge.requests.at(-1)!.headers.authorization).toBe(`Bearer ${JUDGE_KEY}`)
    } finally {
      await model.close()
      await judge.close()
    }
  }, 120_000)
})

describe('usage', () => {
  let api: FakeOpenAI
  beforeAll(async () => {
    api = await startFakeOpenAI({
      answer: quizAnswer,
      faults: { 1: { usage: { prompt_tokens: -50, completion_tokens: 'many' } }, 2: { usage: { prompt_tokens: 1e30, completion_tokens: 3.5 } }, 3: { usage: { prompt_tokens: null } } },
    })
  })
  afterAll(() => api?.close())

  test('negative, fractional, absurd or non-numeric counts are unknown (0): never in a line, the summary or the cost', async () => {
    const out = join(dir, 'usage')
    const suite = writeQuizSuite(dir, { name: 'usage', baseUrl: `${api.url}/v1`, quiz, out, run: 'max_workers = 1' })
    const res = await runJarvis(['eval', 'run', '-c', suite, '-n', '5'], env)
    expect(res.code, res.stderr).toBe(0)
    const file = join(out, 'quiz_test-model.jsonl')
    const ls = lines(file)
    for (const l of ls) {
      for (const k of ['prompt_tokens', 'completion_tokens']) expect(Number.isInteger(l[k]) && l[k] >= 0 && l[k] < 1e6, `${l.record_id} ${k}=${l[k]}`).toBe(true)
      expect(Number.isFinite(l.cost_usd) && l.cost_usd >= 0).toBe(true)
    }
    expect(ls.filter((l) => l.prompt_tokens === 0)).toHaveLength(3)
    const s = summary(file)
    expect(s.total_input_tokens).toBe(ls.reduce((n, l) => n + l.prompt_tokens, 0))
    expect(s.total_output_tokens).toBe(ls.reduce((n, l) => n + l.completion_tokens, 0))
  }, 120_000)
})
