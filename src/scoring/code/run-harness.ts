// Runs harness.py on one sample's code and tests in ONE sandbox: the harness supervises, each test runs in a
// child process of its own, and the event lines come back on the sandbox's result channel (fd 3), which the
// model's code never holds (harness.py says how).
//
//   runHarness(job: HarnessJob): Promise<HarnessReport>
//
// Trust rule: the model's code starts running only after the harness reported "ready". So "bad_tests" and
// a missing "ready" (the sandbox or harness failed) are believed and leave the sample unscored; after
// "ready" the code can only make its own tests fail (kill the supervisor, say), never pass one or make the
// sample unscored.
import { readFileSync } from 'node:fs'
import { runSandboxed } from '../../sandbox/index.ts'
import type { SandboxIsolation } from '../../sandbox/index.ts'

const HARNESS = readFileSync(new URL('./harness.py', import.meta.url), 'utf8')

export type HarnessMode = 'stdin' | 'functional' | 'asserts' | 'testfns'

export interface HarnessJob {
  mode: HarnessMode
  code: string
  /** stdin: each test's stdin (written to in/<i>.txt); functional: each test's JSON-lines arguments. */
  inputs?: string[]
  /** asserts: one Python statement per test; testfns: the names of the test functions, in the order to run. */
  tests?: string[]
  /** testfns: the test module (imports from `solution`, helpers, `def test_…():` functions). */
  testCode?: string
  /** Largest output kept per test (stdin text or the JSON of the return value). */
  caps?: number[]
  fnName?: string
  /** Prepend LiveCodeBench's import block (LiveCodeBench does, for both stdin and functional problems). */
  prelude?: boolean
  perTestTimeoutMs: number
  memoryBytes: number
  maxProcesses?: number
  signal?: AbortSignal
}

export interface HarnessTestEvent {
  i: number
  status: 'ok' | 'timeout' | 'error' | 'failed' | 'output_limit' | 'unserializable'
  error?: string | null
  out?: string
  truncated?: boolean
  ms?: number
}

export interface HarnessReport {
  phase: 'sandbox_error' | 'bad_tests' | 'compile_error' | 'load_error' | 'missing_entry_point' | 'ran'
  error?: string
  /** Why the process ended before reporting every test ('ran' only): the total time limit, a crash, a flood. */
  ended?: { timedOut: boolean; outputTruncated: boolean; exit: string; harnessError?: string; finished?: boolean }
  /** Indexed by test; undefined = the test never ran (an earlier timeout, a crash, the total time limit). */
  results: (HarnessTestEvent | undefined)[]
  durationMs: number
  isolation?: SandboxIsolation
}

const count = (job: HarnessJob) => (job.mode === 'asserts' || job.mode === 'testfns' ? job.tests?.length : job.inputs?.length) ?? 0

export async function runHarness(job: HarnessJob): Promise<HarnessReport> {
  const n = count(job)
  const caps = job.caps ?? Array.from({ length: n }, () => 0)
  const files: Record<string, string> = { 'harness.py': HARNESS, 'solution.py': job.code }
  const cfg = { mode: job.mode, timeout_s: job.perTestTimeoutMs / 1000, caps, fn_name: job.fnName ?? null, prelude: job.prelude ?? false, inputs: job.mode === 'functional' ? job.inputs : undefined, tests: job.tests, test_code: job.testCode }
  files['tests.json'] = JSON.stringify(cfg)
  if (job.mode === 'stdin') job.inputs!.forEach((input, i) => (files[`in/${i}.txt`] = input))
  const maxCap = Math.max(0, ...caps)
  let sandbox
  try {
    sandbox = await runSandboxed({
      command: ['python3', '-I', 'harness.py'],
      files,
      // LiveCodeBench's budget for a sample: (timeout + 1) * tests + 5 seconds; a functional or assert test may
      // take the timeout twice (loading the code in its own process, then the call).
      timeoutMs: ((job.mode === 'stdin' ? 1 : 2) * job.perTestTimeoutMs + 1000) * Math.max(1, n) + 5000,
      memoryBytes: job.memoryBytes,
      maxOutputBytes: 2 * caps.reduce((a, b) => a + b, 0) + 4096 * n + 65536,
      maxFileBytes: Math.max(1 << 20, maxCap + 1),
      maxProcesses: job.maxProcesses ?? 16,
      network: false,
      resultChannel: true,
      signal: job.signal,
    })
  } catch (e) {
    return { phase: 'sandbox_error', error: (e as Error).message, results: [], durationMs: 0 }
  }
  const events = (sandbox.result ?? '')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>
      } catch {
        return null
      }
    })
    .filter((e): e is Record<string, unknown> => e !== null && typeof e.event === 'string')
  const base = { durationMs: sandbox.durationMs, isolation: sandbox.isolation }
  const ready = events.findIndex((e) => e.event === 'ready')
  const pre = ready < 0 ? events : events.slice(0, ready)
  const early = pre.find((e) => e.event === 'compile_error' || e.event === 'bad_tests')
  if (early) return { phase: early.event as 'compile_error' | 'bad_tests', error: String(early.error ?? ''), results: [], ...base }
  if (ready < 0) {
    const why = sandbox.timedOut ? 'timed out before the tests started' : `exit ${sandbox.exitCode ?? sandbox.signal}`
    return { phase: 'sandbox_error', error: `harness did not start (${why}): ${sandbox.stderr.slice(-500)}`, results: [], ...base }
  }
  const post = events.slice(ready + 1)
  const stop = post.find((e) => e.event === 'load_error' || e.event === 'missing_entry_point')
  if (stop) return { phase: stop.event as 'load_error' | 'missing_entry_point', error: String(stop.error ?? stop.status ?? ''), results: [], ...base }
  const results: (HarnessTestEvent | undefined)[] = Array.from({ length: n }, () => undefined)
  for (const e of post) {
    const i = e.i
    if (e.event === 'test' && typeof i === 'number' && Number.isInteger(i) && i >= 0 && i < n) results[i] = e as unknown as HarnessTestEvent
  }
  const harnessError = post.find((e) => e.event === 'harness_error')
  const ended = {
    timedOut: sandbox.timedOut,
    outputTruncated: sandbox.outputTruncated,
    exit: sandbox.signal ? `signal ${sandbox.signal}` : `exit ${sandbox.exitCode}`,
    ...(harnessError ? { harnessError: String(harnessError.error ?? '') } : {}),
    // The supervisor reported to the end: tests without a line were not run on purpose (after a timeout or a crash).
    finished: post.some((e) => e.event === 'done'),
  }
  return { phase: 'ran', results, ended, ...base }
}
