// Red team, sandbox class through the real CLI (issue 17): what a user sees when model code attacks the run —
// Ctrl-C mid-sandbox leaves no program running and no work dir behind; code hunting for the run's key finds
// nothing in /proc and cannot carry a key it found elsewhere into the results.
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sandboxEnvironment } from '../../src/sandbox/index.ts'
import { startFakeOpenAI } from '../support/fake-openai.ts'
import { REPO_ROOT, runJarvis } from '../support/run-process.ts'

const sandbox = await sandboxEnvironment()
const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const fenced = (code: string) => `\`\`\`python\n${code}\n\`\`\``
const FIZZBUZZ = 'def fizzbuzz(n):\n    return ["FizzBuzz" if i % 15 == 0 else "Fizz" if i % 3 == 0 else "Buzz" if i % 5 == 0 else str(i) for i in range(1, n + 1)]'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-rt-sbx-cli-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function codingSuite(name: string, url: string, out: string): string {
  const suite = join(dir, `${name}.toml`)
  writeFileSync(suite, `[run]\noutput_dir = "${out}"\nmax_retries = 0\n\n[[models]]\nname = "test-model"\nbase_url = "${url}/v1"\n\n[[benchmarks]]\nname = "coding_task"\nrecord_ids = ["coding_task-fizzbuzz"]\n`)
  return suite
}

/** Host pids whose command line is exactly `argv`. */
function pidsRunning(argv: string[]): number[] {
  const want = `${argv.join('\0')}\0`
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8') === want
      } catch {
        return false
      }
    })
    .map(Number)
}

describe('Ctrl-C', () => {
  test('mid-sandbox: the CLI ends, and no sandboxed program or work dir is left', async () => {
    const marker = ['sleep', String(900_000 + process.pid)] // a command line no one else runs
    const code = `import subprocess, time\nsubprocess.Popen(${JSON.stringify(marker)})\ntime.sleep(600)\n${FIZZBUZZ}`
    const api = await startFakeOpenAI({ answer: () => fenced(code) })
    const tmp = mkdtempSync(join(dir, 'tmp-'))
    try {
      const suite = codingSuite('ctrl-c', api.url, join(dir, 'ctrl-c'))
      // Detached = its own process group, as a shell gives a foreground job; Ctrl-C signals the whole group.
      const child = spawn(process.execPath, ['bin/jarvis.mjs', 'eval', 'run', '-c', suite], {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: tmp, JARVIS_QUIET: '1' },
        detached: true,
        stdio: 'ignore',
      })
      const exited = new Promise<void>((r) => child.on('close', () => r()))
      for (let i = 0; i < 600 && pidsRunning(marker).length === 0; i++) await sleep(50)
      expect(pidsRunning(marker).length).toBe(1)
      expect(readdirSync(tmp).filter((f) => f.startsWith('jarvis-sbx-')).length).toBeGreaterThan(0)
      process.kill(-child.pid!, 'SIGINT')
      await Promise.race([exited, sleep(30_000)])
      expect(child.exitCode !== null || child.signalCode !== null).toBe(true)
      for (let i = 0; i < 60 && pidsRunning(marker).length > 0; i++) await sleep(50)
      expect(pidsRunning(marker)).toEqual([])
      expect(readdirSync(tmp).filter((f) => f.startsWith('jarvis-sbx-'))).toEqual([])
    } finally {
      for (const p of pidsRunning(marker)) process.kill(p, 'SIGKILL')
      await api.close()
    }
  }, 90_000)
})

describe.skipIf(!sandbox.root ? 'the harness is not root: the sandbox runs as the harness user' : '')('code hunting for the key', () => {
  test('finds no --api-key in /proc, and a key it reads from a file is redacted from the results', async () => {
    const KEY = 'sk-test-REDTEAM-hunt-0123456789abcdef'
    // A world-readable file holding the key (a stray config or history file): the one place the code can find it.
    // Under /var/cache, which the sandbox shows as it is: not in a world-writable dir (the sandbox hides those, so a
    // checkout under /tmp could not plant it beside itself) and not under a 0700 home (the sandbox's uid could not
    // reach it). This test runs as root only.
    const leakDir = mkdtempSync('/var/cache/jarvis-rt-leak-')
    chmodSync(leakDir, 0o755)
    writeFileSync(join(leakDir, 'key.txt'), KEY, { mode: 0o644 })
    const hunt = `import os, re
found = []
for p in os.listdir('/proc'):
    for f in ('cmdline', 'environ'):
        try:
            found += re.findall(r'sk-test-[A-Za-z0-9-]+', open(f'/proc/{p}/{f}', errors='replace').read())
        except OSError:
            pass
from_proc = sorted(set(found))
from_file = open(${JSON.stringify(join(leakDir, 'key.txt'))}).read()
raise SystemExit(f"proc={from_proc} file={from_file}")
${FIZZBUZZ}`
    const api = await startFakeOpenAI({ answer: () => fenced(hunt) })
    try {
      const out = join(dir, 'hunt')
      const res = await runJarvis(['eval', 'run', '-c', codingSuite('hunt', api.url, out), '--api-key', KEY], { JARVIS_QUIET: '1' })
      expect(res.code, res.stderr).toBe(0)
      const text = readFileSync(join(out, 'coding_task_test-model.jsonl'), 'utf8')
      expect(text).not.toContain(KEY)
      const [line] = lines(join(out, 'coding_task_test-model.jsonl'))
      expect(line.is_correct).toBe(false)
      expect(JSON.stringify(line.scoring_metadata)).toContain('proc=[] file=[REDACTED]')
    } finally {
      await api.close()
      rmSync(leakDir, { recursive: true, force: true })
    }
  }, 90_000)
})
