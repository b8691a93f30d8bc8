import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TINY_COUNTING_TEXT, TINY_COUNTING_TOKENS } from '../support/tiny-model/tiny-gguf.ts'
import { runJarvis, type ProcessResult } from '../support/run-process.ts'
import { readLines, readSummary, tempDir, writeQuiz, writeSuite, type QuizRow } from './fixtures/custom-suite.ts'

// The embedded engine from the CLI: a .gguf path that does not exist is one line and exit 2 before any sample
// (no dataset read, no output written), and the max-tokens flag reaches llama.cpp: with room for the whole
// recitation the tiny model stops on its own end-of-sequence token after 46 tokens.

const ROWS: QuizRow[] = [
  { id: 'recite', question: 'Recite the whole word list.', answer: TINY_COUNTING_TEXT, topic: 'counting' },
  { id: 'capital', question: 'What is the capital of France?', answer: 'Paris', topic: 'trivia' },
]

let dir: ReturnType<typeof tempDir>
let missing: string
/** A dead local port: any attempt to reach the Hub fails at once instead of leaving the machine. */
const OFFLINE = { HF_HUB_OFFLINE: '1', HF_ENDPOINT: 'http://127.0.0.1:9' }

beforeAll(() => {
  dir = tempDir('llamacpp-errors')
  missing = join(dir.path, 'models', 'missing.gguf')
  writeQuiz(join(dir.path, 'quiz.jsonl'), ROWS)
  writeSuite(join(dir.path, 'missing.toml'), { outputDir: join(dir.path, 'out-missing'), models: [{ name: missing, threads: 1 }], benchmarks: [{ name: 'quiz', dataset: 'quiz.jsonl' }] })
  // The path as a user writes it, relative to the working directory (the repo root).
  writeSuite(join(dir.path, 'tiny.toml'), { outputDir: join(dir.path, 'out-tiny'), models: [{ name: 'models/tiny-counting-llama.gguf', threads: 1 }], benchmarks: [{ name: 'quiz', dataset: 'quiz.jsonl' }] })
})

afterAll(() => dir?.remove())

const scrub = (s: string) => s.replaceAll(dir.path, '<tmp>')

function expectRefusedBeforeRunning(res: ProcessResult, outDir: string) {
  expect(res.code, res.stdout + res.stderr).toBe(2)
  expect(res.stderr.trim().split('\n')).toHaveLength(1)
  // Nothing ran: no dataset was read, no sample progress, no result file.
  expect(res.stdout).not.toMatch(/samples selected|\d+\/\d+ +accuracy|results:/)
  expect(existsSync(outDir) ? readdirSync(outDir) : []).toEqual([])
}

describe('embedded llama.cpp through the CLI', () => {
  test('eval run -c with a [[models]] .gguf that does not exist: exit 2, one line naming the path', async () => {
    const res = await runJarvis(['eval', 'run', '-c', join(dir.path, 'missing.toml')], OFFLINE)
    expectRefusedBeforeRunning(res, join(dir.path, 'out-missing'))
    expect(scrub(res.stderr.trim())).toMatchInlineSnapshot(`"jarvis: llamacpp: model file <tmp>/models/missing.gguf does not exist. Pass the path of a .gguf file, or a model URI such as hf:owner/repo:Q4_K_M."`)
  }, 30_000)

  test('eval run -m missing.gguf -b supergpqa: refused before the dataset is fetched', async () => {
    const out = join(dir.path, 'out-flag')
    const res = await runJarvis(['eval', 'run', '-m', missing, '-b', 'supergpqa', '-n', '2', '--output-dir', out], OFFLINE)
    expectRefusedBeforeRunning(res, out)
    expect(scrub(res.stderr.trim())).toMatchInlineSnapshot(`"jarvis: llamacpp: model file <tmp>/models/missing.gguf does not exist. Pass the path of a .gguf file, or a model URI such as hf:owner/repo:Q4_K_M."`)
  }, 30_000)

  test('jarvis serve -m missing.gguf: exit 2, one line naming the path, never listens', async () => {
    const res = await runJarvis(['serve', '-m', missing, '--port', '0', '--threads', '1'], OFFLINE)
    expect(res.code, res.stdout + res.stderr).toBe(2)
    expect(res.stdout).not.toContain('listening')
    expect(scrub(res.stderr.trim())).toMatchInlineSnapshot(`"llamacpp: model file <tmp>/models/missing.gguf does not exist. Pass the path of a .gguf file, or a model URI such as hf:owner/repo:Q4_K_M."`)
  }, 30_000)

  test('--max-tokens 64 overrides the default and lets the model finish: 46 tokens, finish "stop"', async () => {
    const res = await runJarvis(['eval', 'run', '-c', join(dir.path, 'tiny.toml'), '--max-tokens', '64'], OFFLINE)
    expect(res.stderr).not.toMatch(/internal error/)
    expect(res.code, res.stdout + res.stderr).toBe(0)
    const jsonl = join(dir.path, 'out-tiny', 'quiz_tiny-counting-llama.jsonl')
    const lines = readLines(jsonl)
    expect(lines).toHaveLength(2)
    expect(TINY_COUNTING_TOKENS).toBe(46)
    for (const l of lines) {
      expect({ answer: l.model_answer, tokens: l.completion_tokens, error: l.error }).toEqual({ answer: TINY_COUNTING_TEXT, tokens: TINY_COUNTING_TOKENS, error: null })
      // finish_reason is recorded only when the answer was cut ("length"); a natural stop leaves it out.
      expect(l.scoring_metadata).not.toHaveProperty('finish_reason')
      expect(l.is_correct).toBe(l.record_id === 'quiz-recite')
    }
    expect(readSummary(jsonl)).toMatchObject({ total_samples: 2, correct: 1, total_output_tokens: 2 * TINY_COUNTING_TOKENS })
    expect(res.stdout).toContain('Accuracy: 0.5000 (1/2)')
  }, 60_000)
})
