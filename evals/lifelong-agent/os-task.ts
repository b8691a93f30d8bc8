// os_interaction in a container per sample, as upstream's OSInteraction: the image (upstream builds
// local-os/default from ubuntu, scripts/dockerfile/os_interaction/default), the initialization command run
// before the agent starts, commands with upstream's 20 s timeout, and the evaluation command (exit 0 = pass).
// Containers never have a network here (upstream's had docker's default bridge).
//
//   osImage(env), osEnvironment(record), commandArgv(item), bashBlocks(reply), scoreOs(record, answer, ctx)
import { randomBytes } from 'node:crypto'
import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { isContainerEnvironment, type ContainerEnvironmentSpec } from '../../src/environments/container.ts'

export const DEFAULT_OS_IMAGE = 'local-os/default'
/** upstream's command_execution_timeout for os_interaction. */
export const COMMAND_TIMEOUT_S = 20

export const osImage = (env: NodeJS.ProcessEnv = process.env): string => env.JARVIS_LIFELONG_OS_IMAGE?.trim() || DEFAULT_OS_IMAGE

interface CommandItem {
  command_name: string
  script: string
}

const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/** argv for a command item, as upstream's execute_independent (bash -c, python3 -c). */
export function commandArgv(c: CommandItem): string[] {
  return c.command_name === 'python' ? ['python3', '-c', c.script] : ['bash', '-c', c.script]
}

export function osEnvironment(record: EvalRecord): ContainerEnvironmentSpec {
  const init = record.metadata.init as CommandItem | null
  return {
    kind: 'container',
    image: osImage(),
    name: `lifelong-os-${record.metadata.sample_index}-${randomBytes(4).toString('hex')}`,
    // A failing initialization is upstream's TaskEnvironmentException: the sample is an environment error.
    setup: init?.script ? [commandArgv(init).map((a, i) => (i === 0 ? a : shq(a))).join(' ')] : [],
  }
}

/** The commands of a one-shot reply: upstream's "Act: bash" with every ```bash fence joined. */
export function bashBlocks(reply: string): string | null {
  const t = reply.replace(/<think>[\s\S]*?<\/think>/g, '')
  const blocks = [...t.matchAll(/```bash\n([\s\S]*?)\n```/g)].map((m) => m[1])
  return blocks.length ? blocks.join('\n\n') : null
}

const tail = (b: Buffer) => b.toString('utf8').slice(-1500)

export async function scoreOs(record: EvalRecord, answer: string, ctx: Pick<ScoreContext, 'attempt' | 'environment'>): Promise<Score> {
  const env = ctx.environment
  if (!isContainerEnvironment(env)) return { isCorrect: null, reason: 'no_container', metadata: {} }
  const agentic = (ctx.attempt?.turns ?? []).some((t) => t.toolCalls.length > 0)
  const stop = ctx.attempt?.stop ?? 'answer'
  const evaluation = record.metadata.evaluation as CommandItem
  const meta: Record<string, unknown> = { mode: agentic ? 'agentic' : 'oneshot', runtime: env.runtime, image: osImage(), container: env.container.name, skills: record.metadata.skills, ...(stop !== 'answer' ? { stop } : {}) }
  const timeoutMs = COMMAND_TIMEOUT_S * 1000
  try {
    if (!agentic && stop === 'answer') {
      const script = bashBlocks(answer)
      if (script) {
        const r = await env.container.exec(['bash', '-c', script], { timeoutMs })
        Object.assign(meta, { oneshot_exit_code: r.exitCode, oneshot_timed_out: r.timedOut, oneshot_output: tail(Buffer.concat([r.stdout, r.stderr])) })
      }
    }
    // Whatever stopped the agent (finish, out of rounds), the container's state is judged (upstream _complete).
    const r = await env.container.exec(commandArgv(evaluation), { timeoutMs })
    Object.assign(meta, { eval_exit_code: r.exitCode, eval_timed_out: r.timedOut, eval_output: tail(Buffer.concat([r.stdout, r.stderr])) })
    const ok = r.exitCode === 0 && !r.timedOut
    return { isCorrect: ok, expected: 'evaluation command exits 0', extracted: r.timedOut ? 'timed out' : `exit ${r.exitCode}`, ...(ok ? {} : { reason: r.timedOut ? 'evaluation_timeout' : 'evaluation_failed' }), metadata: meta }
  } catch (e) {
    return { isCorrect: null, reason: 'harness_error', metadata: { ...meta, harness_error: (e as Error).message } }
  }
}
