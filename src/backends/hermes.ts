// `hermes`: each sample runs Hermes Agent (NousResearch) through hermes_runner.py, OpenJarvis's runner contract,
// in a fresh Python process with a temp home and the sample's work dir. The task and system prompt go in files
// (an argument breaks past 128 KiB); the model calls go through the metering proxy to the run's endpoint.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ResolvedRun } from '../config/resolved-run.ts'
import { externalApiKey } from '../config/external.ts'
import type { Attempt, Backend, SampleTask, SolveContext } from '../core/backend.ts'
import { agentAttempt } from './external/agent-attempt.ts'
import { isTimeoutReason } from '../core/deadline.ts'
import { runAgentProcess } from './external/agent-process.ts'
import { checkEndpointModel, priceFor, requireEndpoint } from './external/endpoint.ts'
import { startMeteringProxy, type MeteringProxy } from './external/metering-proxy.ts'
import { splitPrompt } from './external/prompt.ts'
import { hermesReport, readHermesOutput } from './hermes-output.ts'
import { locateHermes, type HermesInstall } from './hermes-install.ts'

export const HERMES_RUNNER = fileURLToPath(new URL('./hermes_runner.py', import.meta.url))
/** OpenJarvis's defaults: 90 agent iterations, 2 hours per task. */
export const HERMES_MAX_ITERATIONS = 90
const BACKSTOP_S = 7200

export async function probeHermes(run: ResolvedRun, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  requireEndpoint(run)
  const install = locateHermes(env)
  const where = await checkEndpointModel(run, env)
  return `hermes ${install.label} at ${install.dir} (python ${install.pythonVersion} at ${install.python}${install.drift ? ', commit drift allowed' : ''}); model ${run.model} at ${where}`
}

export class HermesBackend implements Backend {
  readonly key = 'hermes'
  readonly traced = true
  private install: HermesInstall | null = null
  private proxy: MeteringProxy | null = null
  private starting: Promise<void> | null = null

  constructor(
    private readonly run: ResolvedRun,
    private readonly log: (line: string) => void = () => {},
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  ready(): Promise<void> {
    return (this.starting ??= (async () => {
      const upstream = requireEndpoint(this.run)
      this.install = locateHermes(this.env)
      if (this.install.drift) this.log(`warning: ${this.install.drift}`)
      this.proxy = await startMeteringProxy({ upstream, apiKey: externalApiKey(this.env), price: priceFor(this.run) })
    })())
  }

  async solve(task: SampleTask, ctx: SolveContext): Promise<Attempt> {
    await this.ready()
    const install = this.install!
    const tmp = mkdtempSync(join(tmpdir(), 'jarvis-hermes-'))
    const session = this.proxy!.session()
    try {
      const home = join(tmp, 'home')
      mkdirSync(home)
      const work = task.environment?.workDir ?? join(tmp, 'work')
      mkdirSync(work, { recursive: true })
      const { system, task: text } = splitPrompt(task.messages)
      const taskFile = join(tmp, 'task.txt')
      const output = join(tmp, 'output.json')
      writeFileSync(taskFile, text)
      const args = [
        HERMES_RUNNER, '--task-file', taskFile, '--model', this.run.model,
        // The proxy's URL and this sample's token: the real key never leaves this process.
        '--base-url', session.baseUrl, '--api-key', session.token, '--api-mode', 'chat_completions',
        '--max-iterations', String(this.run.maxTurns ?? HERMES_MAX_ITERATIONS), '--output-json', output, '--workspace', work,
        '--temperature', String(task.generation.temperature), '--max-tokens', String(task.generation.maxTokens),
      ]
      if (system) {
        writeFileSync(join(tmp, 'system.txt'), system)
        args.push('--system-prompt-file', join(tmp, 'system.txt'))
      }
      const timeoutS = task.limits.timeoutS
      const proc = await runAgentProcess({
        command: install.python,
        args,
        env: { PATH: this.env.PATH ?? '/usr/bin:/bin', HOME: home, TMPDIR: tmp, LANG: this.env.LANG ?? 'C.UTF-8', HERMES_AGENT_PATH: install.dir, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8', ...(this.env.TZ ? { TZ: this.env.TZ } : {}) },
        cwd: work,
        timeoutMs: (timeoutS ?? BACKSTOP_S) * 1000,
        // OpenJarvis: SIGTERM, then 30 s for the agent to finish before SIGKILL.
        graceMs: 30_000,
        signal: ctx.signal,
      })
      const read = readHermesOutput(output)
      return agentAttempt(task, {
        framework: { name: 'hermes', version: install.label },
        proc,
        report: read.ok ? hermesReport(read.output) : null,
        reportError: read.ok ? null : { kind: read.kind, message: read.message },
        session,
        timedOut: !!ctx.signal?.aborted && isTimeoutReason(ctx.signal.reason),
      })
    } finally {
      session.close()
      rmSync(tmp, { recursive: true, force: true })
    }
  }

  async close(): Promise<void> {
    await this.proxy?.close()
  }
}
