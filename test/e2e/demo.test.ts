import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { TINY_STORY_WORDS } from '../support/tiny-model/tiny-gguf.ts'
import { runProcess, type ProcessResult } from '../support/run-process.ts'
import { byId, readLines, readSummary, tempDir } from './fixtures/custom-suite.ts'

// `npm run demo` exactly as the README shows it (configs/demo.toml from the repo), output redirected to a temp
// dir. Where the kernel allows it the CLI runs in a fresh network namespace (`unshare -n`: no interface up, not
// even loopback), which proves the demo needs no network at all; HF_HUB_OFFLINE=1 as a user offline would set.

const FIVE = TINY_STORY_WORDS.slice(0, 5).join(' ')
/** Reference answers of configs/data/counting-quiz.jsonl: the tiny model recites FIVE whatever it is asked. */
const QUIZ: Record<string, { answer: string; topic: string }> = {
  'count-5': { answer: FIVE, topic: 'counting' },
  'count-5-again': { answer: FIVE, topic: 'counting' },
  'first-five': { answer: FIVE, topic: 'counting' },
  'hand-fingers': { answer: FIVE, topic: 'counting' },
  'count-3': { answer: 'one two three', topic: 'counting' },
  'count-2': { answer: 'one two', topic: 'counting' },
  'count-back': { answer: 'five four three two one', topic: 'counting' },
  add: { answer: '5', topic: 'arithmetic' },
  multiply: { answer: '42', topic: 'arithmetic' },
  half: { answer: '0.5', topic: 'arithmetic' },
  capital: { answer: 'Paris', topic: 'trivia' },
  nato: { answer: 'alpha', topic: 'trivia' },
}

const offlineNamespace = spawnSync('unshare', ['-n', 'true']).status === 0
let dir: ReturnType<typeof tempDir>
let res: ProcessResult
const jsonl = () => join(dir.path, 'counting-quiz_tiny-counting-llama.jsonl')

beforeAll(async () => {
  dir = tempDir('demo')
  const cli = [process.execPath, 'bin/jarvis.mjs', 'eval', 'run', '-c', 'configs/demo.toml', '--output-dir', dir.path]
  const [cmd, ...args] = offlineNamespace ? ['unshare', '-n', ...cli] : cli
  res = await runProcess(cmd, args, { env: { HF_HUB_OFFLINE: '1' } })
}, 60_000)

afterAll(() => dir?.remove())

test(`jarvis eval run -c configs/demo.toml exits 0${offlineNamespace ? ' with no network interface' : ''} and prints the table, the accuracy line and the pipeline-check note`, () => {
  expect(res.stderr).not.toMatch(/internal error/)
  expect(res.code, res.stdout + res.stderr).toBe(0)
  expect(res.stdout).toContain('Suite: demo — tiny GGUF model on a 12-question local quiz, in process')
  expect(res.stdout).toMatch(/│ counting-quiz +│ models\/tiny-counting-llama\.gguf +│ 0\.3333 +│ 4\/12 +│ 12 +│ 0 +│/)
  expect(res.stdout).toContain(
    '  note: tiny-counting-llama is a 1.8 MB pipeline-check model that recites "one two three …"; it checks the harness, not a model. Put a real .gguf path or hf: URI in [[models]] name to evaluate one.',
  )
  expect(res.stdout.trim().split('\n').at(-1)).toBe('Accuracy: 0.3333 (4/12)')
  // The output went where --output-dir said, and nowhere else.
  expect(res.stdout).toContain(`  results: ${jsonl()}`)
  expect(readdirSync(dir.path)).toEqual(expect.arrayContaining(['counting-quiz_tiny-counting-llama.jsonl', 'counting-quiz_tiny-counting-llama.jsonl.summary.json']))
})

test('every JSONL line holds the model\'s real answer cut at max_tokens 5, with measured tokens and timing', () => {
  const lines = readLines(jsonl())
  expect(lines).toHaveLength(12)
  const got = byId(lines)
  for (const [id, q] of Object.entries(QUIZ)) {
    const l = got.get(`counting-quiz-${id}`)!
    expect({ id, answer: l.model_answer, correct: l.is_correct, score: l.score, subject: l.subject, error: l.error }).toEqual({
      id, answer: FIVE, correct: q.answer === FIVE, score: q.answer === FIVE ? 1 : 0, subject: q.topic, error: null,
    })
    expect(l.completion_tokens).toBe(5)
    expect(l.scoring_metadata).toMatchObject({ finish_reason: 'length', expected: q.answer })
    expect(l.prompt_tokens).toBeGreaterThan(0)
    expect(l.ttft).toBeGreaterThan(0)
    expect(l.ttft).toBeLessThanOrEqual(l.latency_seconds)
    expect(l).toMatchObject({ model: 'models/tiny-counting-llama.gguf', backend: 'jarvis-direct', category: 'custom', cost_usd: 0, energy_joules: 0 })
  }
  // Prompts differ in length, so prompt_tokens are counted, not a constant.
  expect(new Set(lines.map((l) => l.prompt_tokens)).size).toBeGreaterThan(1)
})

test('the summary adds up the lines: 4/12 correct, per-subject totals, tokens, telemetry off', () => {
  const s = readSummary(jsonl())
  expect(s).toMatchObject({
    benchmark: 'counting-quiz', category: 'custom', model: 'models/tiny-counting-llama.gguf', total_samples: 12, scored_samples: 12,
    correct: 4, accuracy: 0.3333, errors: 0, total_output_tokens: 60, total_energy_joules: 0, output_path: jsonl(),
  })
  expect(s.per_subject).toEqual({
    arithmetic: { accuracy: 0, total: 3, scored: 3, correct: 0 },
    counting: { accuracy: 0.5714, total: 7, scored: 7, correct: 4 },
    trivia: { accuracy: 0, total: 2, scored: 2, correct: 0 },
  })
  expect(s.total_input_tokens).toBe(readLines(jsonl()).reduce((a, l) => a + l.prompt_tokens, 0))
  expect(s.telemetry_note).toMatch(/^telemetry off/)
})

