import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { LETTERS4, quizAnswer, writeQuiz } from '../support/quiz-suite.ts'
import { REPO_ROOT, runJarvis } from '../support/run-process.ts'

// Issue 18 item 3: what a person sees. The real CLI runs in a tmux pane of a fixed size against the fake OpenAI
// server (with latency, retried and failed requests); the pane is captured while it runs and at the end.
// .ci/run installs tmux; elsewhere the test skips without it.

const TMUX = spawnSync('tmux', ['-V'], { encoding: 'utf8' }).status === 0
const SOCKET = `jarvis-progress-${process.pid}`
const LONG_MODEL = 'org/some-long-model-name-7b-instruct-q4'
const CLEAN_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8', TERM: 'xterm-256color' }

const tmux = (...args: string[]) => spawnSync('tmux', ['-u', '-L', SOCKET, ...args], { encoding: 'utf8', env: CLEAN_ENV })

/** One question in five is answered wrong. */
const answer = (prompt: string) => {
  const i = Number(/Question (\d+):/.exec(prompt)?.[1] ?? -1)
  return i % 5 === 0 ? `The answer is ${LETTERS4[(i + 1) % 4]}` : quizAnswer(prompt)
}

let dir: string
const servers: FakeOpenAI[] = []

/**
 * 2 models × 2 quiz benchmarks of 60 samples against a fresh server: every request takes 25 ms, two workers per
 * model. Requests 3, 40 and 90 fail with a 5xx (retried, then answered), 120 with a 400 (not retried: an error).
 */
async function writeSuite(name: string): Promise<string> {
  const api = await startFakeOpenAI({ models: ['test-model', LONG_MODEL], latencyMs: 25, answer, faults: { 3: { status: 500 }, 40: { status: 500 }, 90: { status: 503 }, 120: { status: 400 } } })
  servers.push(api)
  const quizzes = ['quiz', 'quiz-extra'].map((b) => {
    const d = join(dir, name, b)
    mkdirSync(d, { recursive: true })
    return { b, path: writeQuiz(d, 60) }
  })
  const path = join(dir, `${name}.toml`)
  const models = ['test-model', LONG_MODEL].map((m) => `[[models]]\nname = "${m}"\nbase_url = "${api.url}/v1"\n`).join('\n')
  const benches = quizzes.map((q) => `[[benchmarks]]\nname = "${q.b}"\nscorer = "mcq"\n[benchmarks.dataset]\npath = "${q.path}"\nid_field = "id"\nchoices_field = "choices"\n`).join('\n')
  // A judge on the same server: MCQ answers the regex cannot read go to it (none here), and preflight finds it.
  writeFileSync(path, `[meta]\nname = "progress check"\n\n[judge]\nmodel = "test-model"\nbase_url = "${api.url}/v1"\n\n[run]\noutput_dir = "${join(dir, name, 'out')}"\nmax_workers = 2\nmax_retries = 2\n\n${models}\n${benches}`)
  return path
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-tmux-'))
})
afterAll(async () => {
  if (TMUX) tmux('kill-server')
  await Promise.all(servers.map((s) => s.close()))
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Runs the CLI in a width × 30 pane; returns the frames seen while it ran and the whole scrollback at the end. */
async function runInPane(width: number, suite: string): Promise<{ frames: string[]; final: string; artifacts: string }> {
  const session = `w${width}`
  const cmd = `cd ${REPO_ROOT} && JARVIS_RETRY_BASE_MS=5 node bin/jarvis.mjs eval run -c ${suite}; echo EXIT=$?; sleep 600`
  expect(tmux('new-session', '-d', '-s', session, '-x', String(width), '-y', '30', cmd).status).toBe(0)
  const frames: string[] = []
  const deadline = Date.now() + 150_000
  let final = ''
  while (Date.now() < deadline) {
    // -J joins lines the terminal wrapped, so a line that did not fit shows up longer than the pane.
    const pane = tmux('capture-pane', '-p', '-J', '-t', session).stdout
    if (/EXIT=\d+/.test(pane)) {
      final = tmux('capture-pane', '-p', '-J', '-S', '-', '-t', session).stdout
      break
    }
    if (/ETA \d+:\d\d/.test(pane)) frames.push(pane)
    await sleep(150)
  }
  tmux('kill-session', '-t', session)
  const artifacts = resolve('tmp/test-artifacts/progress')
  mkdirSync(artifacts, { recursive: true })
  writeFileSync(join(artifacts, `pane-${width}-running.txt`), frames[Math.floor(frames.length / 2)] ?? '')
  writeFileSync(join(artifacts, `pane-${width}-final.txt`), final)
  return { frames, final, artifacts }
}

const lines = (text: string) => text.split('\n').map((l) => l.trimEnd())
// Lines that carry a URL or a path wrap rather than lose characters someone copies; every other line must fit.
const COPYABLE = /^ {2}(model \S+: .* at http|results: \/|summary: \/)/
const fitting = (text: string) => lines(text).filter((l) => !COPYABLE.test(l))

describe.skipIf(!TMUX && !process.env.CI)('live progress in a terminal (tmux)', () => {
  test('100 columns: one aligned line per run redrawn in place, rate/ETA/retries/errors, header kept, table fits', async () => {
    const { frames, final } = await runInPane(100, await writeSuite('w100'))
    expect(final, 'the run did not finish').toMatch(/EXIT=0/)
    expect(frames.length, 'no frame was captured while the run was going').toBeGreaterThan(0)
    for (const f of [...frames, final]) for (const l of fitting(f)) expect(l.length, `wider than the pane: ${l}`).toBeLessThanOrEqual(100)
    const mid = frames[Math.floor(frames.length / 2)]
    // Vitest did not clear the screen: the header is still on it while samples run.
    expect(mid).toContain('Suite: progress check')
    expect(mid).toContain('Matrix: 2 model(s) x 2 benchmark(s) = 4 run(s)')
    expect(mid).toMatch(/^all 4 runs +\d+\/240 +\d+% +acc [\d.-]+ +[\d.]+\/s +\d+:\d\d +ETA \d+:\d\d +retried \d+ +errors \d+/m)
    expect(mid).toMatch(/^quiz · test-model +\d+\/60 /m)
    expect(mid).toMatch(/^quiz-extra · org\/some.*….*q4 +\d+\/60 /m) // the long model name shortened in the middle
    // Redrawn in place, not stacked: each run's line is on the screen once, in the whole scrollback.
    const all = lines(final)
    expect(all.filter((l) => l.startsWith('all 4 runs'))).toHaveLength(1)
    expect(all.filter((l) => l.startsWith('quiz · test-model '))).toHaveLength(1)
    expect(all.find((l) => l.startsWith('all 4 runs'))).toMatch(/240\/240 +100% .* done +retried 3 +errors 1( \(bad_request 1\))?$/)
    expect(final).toMatch(/errors by kind: bad_request 1|errors 1 \(bad_request 1\)/)
    expect(final).toMatch(/│ #1 +│ quiz +│ test-model +│/) // the closing table, narrowed to fit
    expect(final).toContain('Suite: progress check')
  }, 200_000)

  test('64 columns: fewer fields, shortened names, the closing table as one block per run', async () => {
    const { frames, final } = await runInPane(64, await writeSuite('w64'))
    expect(final).toMatch(/EXIT=0/)
    for (const f of [...frames, final]) for (const l of fitting(f)) expect(l.length, `wider than the pane: ${l}`).toBeLessThanOrEqual(64)
    const mid = frames[Math.floor(frames.length / 2)] ?? ''
    expect(mid).toMatch(/^all 4 runs +\d+\/240 .*[\d.]+\/s +ETA \d+:\d\d/m)
    expect(final).toMatch(/^quiz · test-model\n {2}accuracy [\d.]+ \(\d+\/\d+ scored\) {2}samples 60/m)
    expect(lines(final).filter((l) => l.startsWith('all 4 runs'))).toHaveLength(1)
  }, 200_000)
})

describe('progress in a log (no terminal)', () => {
  test('plain lines, no escape codes, with rate, elapsed, ETA, retried and errors by kind', async () => {
    const suite = await writeSuite('log')
    const r = await runJarvis(['eval', 'run', '-c', suite], { JARVIS_RETRY_BASE_MS: '5' })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).not.toMatch(/\x1b/)
    const progress = lines(r.stdout).filter((l) => /^ {2}quiz(-extra)? · /.test(l))
    // A line every 10 % (or 30 s) and the last one: at least 10 a run, far fewer than one a sample.
    expect(progress.length).toBeGreaterThanOrEqual(40)
    expect(progress.length).toBeLessThan(100)
    expect(progress.some((l) => /^ {2}quiz · test-model {2}\d+\/60 {2}\d+% {2}acc [\d.]+ {2}[\d.]+\/s {2}\d+:\d\d {2}(ETA \d+:\d\d|done) {2}retried \d+ {2}errors \d+/.test(l))).toBe(true)
    expect(progress.filter((l) => l.includes('60/60  100%')).every((l) => /done {2}retried \d+ {2}errors \d+/.test(l))).toBe(true)
    expect(r.stdout).toMatch(/errors 1 \(bad_request 1\)/)
    // A log has no width: the full closing table.
    expect(r.stdout).toMatch(/│ Benchmark +│ Model +│ Accuracy +│ Correct\/Scored +│ Samples +│ Errors +│ Latency s \(mean\) +│ Tokens in\/out +│/)
  }, 200_000)
})
