// TerminalBench v2.1 scoring in the sample's container. Agentic (the attempt ran tool calls, i.e. the shell
// tool worked in this container): the verifier runs on the state the agent left. One-shot (jarvis-direct, or an
// agent that never called a tool): the reply's bash script is written to /app/solve.sh and run first (agent
// timeout + 30 s), as OpenJarvis does. Correct when the reward is at least 0.5; a harness failure (the container
// died, an exec failed) is unscored.
import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { isContainerEnvironment } from '../../src/environments/container.ts'
import { runVerifier } from './verifier.ts'

export const DEFAULT_AGENT_TIMEOUT_S = 900

/** The script of a one-shot reply: the first bash/sh/shell fence, else the first fence, else the whole reply. */
export function extractBash(answer: string): string {
  const text = answer.replace(/<think>[\s\S]*?<\/think>/g, '')
  for (const re of [/```(?:bash|sh|shell)[ \t]*\n([\s\S]*?)```/, /```[^\n`]*\n([\s\S]*?)```/]) {
    const m = re.exec(text)
    if (m) return m[1].trim()
  }
  return text.trim()
}

const tail = (b: Buffer, n: number) => b.toString('utf8').slice(-n)

export async function scoreTask(record: EvalRecord, answer: string, ctx: Pick<ScoreContext, 'attempt' | 'environment'>): Promise<Score> {
  const env = ctx.environment
  if (!isContainerEnvironment(env)) return { isCorrect: null, reason: 'no_container', metadata: {} }
  const m = record.metadata
  const agentic = (ctx.attempt?.turns ?? []).some((t) => t.toolCalls.length > 0)
  const meta: Record<string, unknown> = { mode: agentic ? 'agentic' : 'oneshot', container: env.container.name, runtime: env.runtime, image: m.docker_image }
  const expected = 'tests/test.sh reward >= 0.5'
  try {
    if (!agentic) {
      if (!answer.trim()) return { isCorrect: false, score: 0, expected, reason: 'empty_response', metadata: meta }
      const script = extractBash(answer)
      await env.container.putFiles([{ path: '/app/solve.sh', content: `${script}\n`, mode: 0o755 }])
      const limit = (Number(m.agent_timeout_sec) || DEFAULT_AGENT_TIMEOUT_S) + 30
      const run = await env.container.exec(['bash', '-c', 'cd /app && bash /app/solve.sh'], { timeoutMs: limit * 1000 })
      Object.assign(meta, { agent_exit_code: run.exitCode, agent_timed_out: run.timedOut, agent_stdout_tail: tail(run.stdout, 1500), agent_stderr_tail: tail(run.stderr, 1500) })
    }
    const v = await runVerifier(env.container, String(m.task_dir), Number(m.verifier_timeout_sec) || null)
    Object.assign(meta, v.metadata)
    const ok = v.reward >= 0.5
    return { isCorrect: ok, score: Math.min(1, Math.max(0, v.reward)), expected, extracted: `reward ${v.reward}`, ...(ok ? {} : { reason: v.metadata.reward_raw === null ? 'no_reward' : 'tests_failed' }), metadata: meta }
  } catch (e) {
    return { isCorrect: null, reason: 'harness_error', metadata: { ...meta, harness_error: (e as Error).message } }
  }
}
