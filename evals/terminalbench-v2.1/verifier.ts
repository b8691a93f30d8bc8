// The verifier, as Harbor runs it: the task's tests/ go into /tests once the agent is done, `bash
// /tests/test.sh` runs (verifier timeout + 60 s, like OpenJarvis), and the reward is read from
// /logs/verifier/reward.txt (or reward.json {"reward": x}); no reward file is a reward of 0.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Container, ContainerFile } from '../../src/containers/types.ts'

export const DEFAULT_VERIFIER_TIMEOUT_S = 900
const tail = (b: Buffer, n: number) => b.toString('utf8').slice(-n)

export interface Verdict {
  reward: number
  metadata: Record<string, unknown>
}

function testFiles(dir: string): ContainerFile[] {
  const out: ContainerFile[] = []
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.isFile()) out.push({ path: `/tests/${relative(dir, p)}`, content: readFileSync(p), mode: statSync(p).mode & 0o777 })
    }
  }
  walk(dir)
  return out
}

export async function readReward(c: Container): Promise<{ reward: number; raw: string | null }> {
  const txt = await c.readFile('/logs/verifier/reward.txt')
  if (txt) {
    const raw = txt.toString('utf8').trim()
    const v = Number.parseFloat(raw)
    return { reward: Number.isFinite(v) ? v : 0, raw }
  }
  const json = await c.readFile('/logs/verifier/reward.json')
  if (json) {
    const raw = json.toString('utf8').trim()
    try {
      const v = Number((JSON.parse(raw) as { reward?: unknown }).reward)
      return { reward: Number.isFinite(v) ? v : 0, raw }
    } catch {
      return { reward: 0, raw }
    }
  }
  return { reward: 0, raw: null }
}

export async function runVerifier(c: Container, taskDir: string, timeoutS: number | null): Promise<Verdict> {
  await c.putFiles(testFiles(join(taskDir, 'tests')))
  const limit = (timeoutS ?? DEFAULT_VERIFIER_TIMEOUT_S) + 60
  const t = await c.exec(['bash', '/tests/test.sh'], { timeoutMs: limit * 1000 })
  const { reward, raw } = await readReward(c)
  return {
    reward,
    metadata: {
      tests_exit_code: t.exitCode,
      tests_timed_out: t.timedOut,
      tests_stdout_tail: tail(t.stdout, 2000),
      tests_stderr_tail: tail(t.stderr, 1500),
      reward_raw: raw,
      reward,
    },
  }
}
