import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TINY_COUNTING_TEXT, TINY_COUNTING_TOKENS, TINY_MODEL_PATH, TINY_STORY_WORDS } from '../support/tiny-model/tiny-gguf.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import { runJarvis } from '../support/run-process.ts'
import { byId, readLines, readSummary, tempDir, writeQuiz, writeSuite, type QuizRow } from './fixtures/custom-suite.ts'
import { startJarvisServe, type ServeProcess } from './fixtures/jarvis-serve.ts'

// One custom benchmark, three ways to reach the same tiny GGUF model: the embedded engine in the eval process,
// `jarvis serve` over its OpenAI API (the real openai client) and over its Ollama API (the real ollama client).
// Greedy decoding makes the model recite the same words every time, so all three must agree exactly: text,
// token counts, finish reason and verdict.

const ROWS: QuizRow[] = [
  { id: 'recite', question: 'Recite the whole word list.', answer: TINY_COUNTING_TEXT, topic: 'counting' },
  { id: 'count-3', question: 'Count from one to three, in words.', answer: 'one two three', topic: 'counting' },
  { id: 'count-2', question: 'Count to two in words.', answer: 'one two', topic: 'counting' },
  { id: 'capital', question: 'What is the capital of France?', answer: 'Paris', topic: 'trivia' },
]
/** "full" lets the model reach its end of sequence; "cut" stops it after 3 tokens. */
const MAX_TOKENS = { full: 64, cut: 3 } as const
type Bench = keyof typeof MAX_TOKENS

function expected(bench: Bench, row: QuizRow) {
  const words = TINY_STORY_WORDS.slice(0, Math.min(MAX_TOKENS[bench], TINY_COUNTING_TOKENS))
  const answer = words.join(' ')
  return { answer, tokens: words.length, finish: MAX_TOKENS[bench] < TINY_COUNTING_TOKENS ? 'length' : undefined, correct: answer === row.answer }
}

let dir: ReturnType<typeof tempDir>
let serve: ServeProcess
const results: Record<string, Record<Bench, SampleResult[]>> = {}

beforeAll(async () => {
  dir = tempDir('engine-serve')
  writeQuiz(join(dir.path, 'quiz.jsonl'), ROWS)
  const benchmarks = (Object.keys(MAX_TOKENS) as Bench[]).map((name) => ({ name, dataset: 'quiz.jsonl', max_tokens: MAX_TOKENS[name] }))
  writeSuite(join(dir.path, 'in-process.toml'), { outputDir: 'unused', run: { max_workers: 2 }, models: [{ name: TINY_MODEL_PATH, engine: 'llamacpp', threads: 1 }], benchmarks })
  // The id jarvis serve reports for models/tiny-counting-llama.gguf.
  writeSuite(join(dir.path, 'remote.toml'), { outputDir: 'unused', run: { max_workers: 2 }, models: [{ name: 'tiny-counting-llama' }], benchmarks })
  serve = await startJarvisServe(['-m', 'models/tiny-counting-llama.gguf', '--port', '0', '--threads', '1'])
}, 60_000)

afterAll(async () => {
  await serve?.stop('SIGKILL')
  dir?.remove()
})

async function evalRun(path: string, suite: string, flags: string[]) {
  const out = join(dir.path, 'out', path)
  const res = await runJarvis(['eval', 'run', '-c', join(dir.path, suite), '--output-dir', out, ...flags], { HF_HUB_OFFLINE: '1' })
  expect(res.stderr).not.toMatch(/internal error/)
  expect(res.code, res.stdout + res.stderr).toBe(0)
  // Both model names (the .gguf path, the served id) have the slug tiny-counting-llama.
  results[path] = { full: readLines(join(out, 'full_tiny-counting-llama.jsonl')), cut: readLines(join(out, 'cut_tiny-counting-llama.jsonl')) }
  return { res, out }
}

function checkAnswers(path: string) {
  for (const bench of Object.keys(MAX_TOKENS) as Bench[]) {
    const lines = byId(results[path][bench])
    expect(lines.size).toBe(ROWS.length)
    for (const row of ROWS) {
      const line = lines.get(`${bench}-${row.id}`)!
      const e = expected(bench, row)
      expect({ path, id: line.record_id, answer: line.model_answer, tokens: line.completion_tokens, finish: line.scoring_metadata.finish_reason, correct: line.is_correct, error: line.error })
        .toEqual({ path, id: `${bench}-${row.id}`, answer: e.answer, tokens: e.tokens, finish: e.finish, correct: e.correct, error: null })
      expect(line.prompt_tokens).toBeGreaterThan(0)
      expect(line.ttft).toBeGreaterThan(0)
    }
  }
}

/** Text, token counts (prompt and completion), finish reason and verdict, per record. */
const comparable = (path: string) =>
  (Object.keys(MAX_TOKENS) as Bench[]).flatMap((b) =>
    results[path][b]
      .map((l) => ({ id: l.record_id, answer: l.model_answer, prompt: l.prompt_tokens, completion: l.completion_tokens, finish: l.scoring_metadata.finish_reason ?? 'stop', correct: l.is_correct }))
      .sort((x, y) => x.id.localeCompare(y.id)),
  )

describe('the tiny model through three engines', () => {
  test('in process (engine llamacpp): recites the words, cut at max_tokens with finish "length", 46 tokens and "stop" otherwise', async () => {
    const { res, out } = await evalRun('in-process', 'in-process.toml', [])
    expect(res.stdout).toContain(`model ${TINY_MODEL_PATH}: embedded llama.cpp (${TINY_MODEL_PATH})`)
    checkAnswers('in-process')
    const s = readSummary(join(out, 'full_tiny-counting-llama.jsonl'))
    expect(s).toMatchObject({ total_samples: 4, scored_samples: 4, correct: 1, errors: 0, total_output_tokens: 4 * TINY_COUNTING_TOKENS })
    expect(readSummary(join(out, 'cut_tiny-counting-llama.jsonl'))).toMatchObject({ correct: 1, total_output_tokens: 12 })
  }, 60_000)

  test('jarvis serve over the OpenAI API (--base-url …/v1) gives the same answers, tokens and verdicts', async () => {
    const { res } = await evalRun('openai', 'remote.toml', ['--base-url', `${serve.url}/v1`])
    expect(res.stdout).toContain(`model tiny-counting-llama: openai-compatible at ${serve.url}/v1`)
    checkAnswers('openai')
    expect(comparable('openai')).toEqual(comparable('in-process'))
  }, 60_000)

  test('jarvis serve over the Ollama API (-e ollama --base-url) gives the same answers, tokens and verdicts', async () => {
    const { res } = await evalRun('ollama', 'remote.toml', ['-e', 'ollama', '--base-url', serve.url])
    expect(res.stdout).toContain(`model tiny-counting-llama: ollama at ${serve.url}`)
    checkAnswers('ollama')
    expect(comparable('ollama')).toEqual(comparable('in-process'))
  }, 60_000)

  // bin/run-cli.mjs creates its Vite server in middleware mode so Vite installs no SIGTERM handler of its own
  // (which exited 143 before serve's graceful stop: close the server, release the engine, exit 0).
  test('stops cleanly with exit code 0 on SIGTERM', async () => {
    expect(await serve.stop('SIGTERM'), serve.output()).toBe(0)
  }, 15_000)
})
