// `jarvis serve`: flags, the listening line, a real request, and a clean stop.
import { describe, expect, test } from 'vitest'
import { runServe } from '../../src/cli/commands/serve.ts'
import type { CliIO } from '../../src/cli/io.ts'
import { TINY_COUNTING_TEXT_32, TINY_MODEL_PATH } from '../support/tiny-model/tiny-gguf.ts'

function captureIO(onOut?: (line: string) => void): CliIO & { outLines: string[]; errLines: string[] } {
  const outLines: string[] = []
  const errLines: string[] = []
  return { outLines, errLines, isTTY: false, out: (l) => (outLines.push(l), onOut?.(l)), err: (l) => void errLines.push(l) }
}

describe('bad input exits 2 with one line', () => {
  test.each([
    [['--port', '8080'], 'jarvis serve: missing -m MODEL (a .gguf path or hf:owner/repo:quant). Run jarvis serve --help.'],
    [['-m', TINY_MODEL_PATH, '--threds', '1'], 'jarvis serve: unknown option --threds. Did you mean "--threads"? Run jarvis serve --help.'],
    [['-m', TINY_MODEL_PATH, '--port', 'http'], 'jarvis serve: --port must be a whole number ≥ 0, got "http".'],
    [['-m', TINY_MODEL_PATH, '--parallel', '0'], 'jarvis serve: --parallel must be a whole number ≥ 1, got "0".'],
    [['-m', '/nowhere/model.gguf', '--cpu'], 'llamacpp: model file /nowhere/model.gguf does not exist. Pass the path of a .gguf file, or a model URI such as hf:owner/repo:Q4_K_M.'],
  ])('%j', async (argv, line) => {
    const io = captureIO()
    expect(await runServe(argv, io, AbortSignal.abort())).toBe(2)
    expect(io.errLines).toEqual([line])
    expect(io.outLines).toEqual([])
  })
})

test('serves the model under its alias until stopped, logging the device with -v', async () => {
  const stop = new AbortController()
  let url!: (u: string) => void
  const listening = new Promise<string>((r) => (url = r))
  const io = captureIO((line) => {
    const m = /^listening (http:\/\/127\.0\.0\.1:\d+) \(model counter, device cpu\)$/.exec(line)
    if (m) url(m[1])
  })
  const exit = runServe(['-m', TINY_MODEL_PATH, '--port', '0', '--threads', '1', '--parallel', '2', '--ctx-size', '512', '--cpu', '--alias', 'counter', '-v'], io, stop.signal)
  const base = await Promise.race([listening, exit.then((code) => Promise.reject(new Error(`exited ${code}: ${io.errLines.join(' | ')}`)))])
  const res = await fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    body: JSON.stringify({ model: 'counter', messages: [{ role: 'user', content: 'Count.' }], temperature: 0, max_tokens: 32 }),
  })
  const body = (await res.json()) as { choices: { message: { content: string } }[] }
  expect(body.choices[0].message.content).toBe(TINY_COUNTING_TEXT_32)
  stop.abort()
  expect(await exit).toBe(0)
  expect(io.errLines.some((l) => /^llamacpp: device cpu \(prebuilt build\), 1 thread\(s\), 2 sequence\(s\) of 512 tokens, model .*tiny-counting-llama\.gguf$/.test(l))).toBe(true)
  await expect(fetch(`${base}/health`)).rejects.toThrow()
})
