// Red team, disk class (issue 17): a results file system that fills up mid-run. The run must say so in one
// line, stop (no new sample starts), keep only whole lines, write no summary and exit 1 — never report success.
// The full disk is a 96 KiB tmpfs mounted in a private mount namespace of the CLI's own, so nothing is mounted
// on the machine and nothing is left behind; the results are copied out before the namespace goes.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { quizAnswer, writeQuiz, writeQuizSuite } from '../support/quiz-suite.ts'
import { REPO_ROOT } from '../support/run-process.ts'

const canMount =
  process.getuid?.() === 0 && spawnSync('unshare', ['--mount', '--propagation', 'private', '--', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs /mnt'], { timeout: 10_000 }).status === 0
const why = canMount ? '' : 'needs root and a mount namespace to mount a small tmpfs'

let dir: string
let api: FakeOpenAI
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-rt-disk-'))
  // 20 ms a request, 4 in flight: ≈ 200 answers a second, so what finishes while the cancel travels stays small.
  api = await startFakeOpenAI({ latencyMs: 20, answer: quizAnswer })
})
afterAll(async () => {
  await api?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The CLI with its output dir on a fresh tmpfs of `size`; what it wrote is copied to `copy` afterwards. */
function runOnTinyDisk(args: string[], mnt: string, copy: string, size: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = 'mnt=$1 copy=$2 size=$3; shift 3; mount -t tmpfs -o "size=$size" tmpfs "$mnt" || exit 99; "$@"; rc=$?; cp -a "$mnt/." "$copy/"; exit $rc'
  return new Promise((resolve) => {
    const child = spawn('unshare', ['--mount', '--propagation', 'private', '--', 'sh', '-c', script, 'sh', mnt, copy, size, process.execPath, 'bin/jarvis.mjs', ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, JARVIS_QUIET: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    const t = setTimeout(() => child.kill('SIGKILL'), 120_000)
    child.on('close', (code) => (clearTimeout(t), resolve({ code, stdout, stderr })))
  })
}

describe.skipIf(why)('a full disk', () => {
  test('fails loudly in one line, stops the run, keeps whole lines, writes no summary, exits 1', async () => {
    const quiz = writeQuiz(dir, 300)
    const mnt = join(dir, 'mnt')
    const copy = join(dir, 'copy')
    mkdirSync(mnt)
    mkdirSync(copy)
    const out = join(mnt, 'out')
    const suite = writeQuizSuite(dir, { name: 'disk', baseUrl: `${api.url}/v1`, quiz, out, run: 'max_workers = 4' })
    const res = await runOnTinyDisk(['eval', 'run', '-c', suite], mnt, copy, '96k')
    expect(res.code, res.stderr).toBe(1)
    const errors = res.stderr.split('\n').filter((l) => l.startsWith('jarvis:'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^jarvis: could not write .*quiz_test-model\.jsonl: ENOSPC \(no space left on the device\)\. The run stopped; .* rerun with --resume\.$/)
    expect(res.stderr).not.toMatch(/internal error|\n\s+at /)
    expect(res.stdout).not.toMatch(/Accuracy:/)
    expect(res.stdout).toMatch(/Stopped: \d+ finished sample\(s\) could not be written\./)
    const file = join(copy, 'out', 'quiz_test-model.jsonl')
    const text = readFileSync(file, 'utf8')
    expect(text.endsWith('\n')).toBe(true)
    const ls = text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { record_id: string })
    expect(ls.length).toBeGreaterThan(0)
    expect(ls.length).toBeLessThan(300)
    expect(existsSync(`${file}.summary.json`)).toBe(false)
    // Stopped: far fewer requests than samples. The ones in flight when the disk filled finish, and those that start
    // before the cancel reaches the worker (Vitest reports results in batches): a fraction of a second's worth.
    const chats = api.requests.filter((r) => r.path === '/v1/chat/completions').length
    expect(chats).toBeLessThan(ls.length + 60)
    expect(chats).toBeLessThan(240)
  }, 150_000)
})
