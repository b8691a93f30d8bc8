// `openclaw`: each sample runs the real OpenClaw agent (`openclaw agent exec`, its recommended headless entry) in a
// fresh process with a temp home, a pinned openclaw.json and the sample's work dir as --cwd; the prompt goes on
// stdin (a command-line argument breaks past 128 KiB). Its model calls go through the metering proxy to the run's
// endpoint, so tokens, latency, TTFT and cost are measured per call, as for every other backend.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ResolvedRun } from '../config/resolved-run.ts'
import { externalApiKey } from '../config/external.ts'
import type { Attempt, Backend, SampleTask, SolveContext } from '../core/backend.ts'
import { agentAttempt } from './external/agent-attempt.ts'
import { isTimeoutReason } from '../core/deadline.ts'
import { runAgentProcess } from './external/agent-process.ts'
import { checkEndpointModel, priceFor, requireEndpoint } from './external/endpoint.ts'
import { startMeteringProxy, type MeteringProxy } from './external/metering-proxy.ts'
import { singlePrompt } from './external/prompt.ts'
import { openClawConfig, toolsMode, type ToolsMode } from './openclaw-config.ts'
import { parseEnvelope, reportOf } from './openclaw-envelope.ts'
import { locateOpenClaw, type OpenClawInstall } from './openclaw-install.ts'

/** Without --query-timeout OpenClaw's own deadline applies (600 s); this only catches a process that hangs. */
const BACKSTOP_S = 7200
/** What OpenClaw may use when the run gives no context size (it plans compaction by it). */
const DEFAULT_CONTEXT_WINDOW = 131_072

/** Preflight: endpoint, install, Node, pin, and the model at the endpoint — before any sample. */
export async function probeOpenClaw(run: ResolvedRun, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  requireEndpoint(run)
  const install = locateOpenClaw(env)
  toolsMode(env)
  const where = await checkEndpointModel(run, env)
  return `openclaw ${install.label} at ${install.dir} (node ${install.nodeVersion}${install.drift ? ', version drift allowed' : ''}); model ${run.model} at ${where}`
}

export class OpenClawBackend implements Backend {
  readonly key = 'openclaw'
  /** Multi-turn attempts: the harness writes their traces. */
  readonly traced = true
  private install: OpenClawInstall | null = null
  private tools: ToolsMode = 'on'
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
      this.install = locateOpenClaw(this.env)
      if (this.install.drift) this.log(`warning: ${this.install.drift}`)
      this.tools = toolsMode(this.env)
      this.proxy = await startMeteringProxy({ upstream, apiKey: externalApiKey(this.env), price: priceFor(this.run) })
    })())
  }

  async solve(task: SampleTask, ctx: SolveContext): Promise<Attempt> {
    await this.ready()
    const install = this.install!
    const tmp = mkdtempSync(join(tmpdir(), 'jarvis-openclaw-'))
    const session = this.proxy!.session()
    try {
      const home = join(tmp, 'home')
      mkdirSync(home)
      const work = task.environment?.workDir ?? join(tmp, 'work')
      mkdirSync(work, { recursive: true })
      const config = join(tmp, 'openclaw.json')
      const cfg = openClawConfig({
        baseUrl: session.baseUrl,
        apiKey: session.token,
        model: this.run.model,
        temperature: task.generation.temperature,
        maxTokens: task.generation.maxTokens,
        contextWindow: this.run.contextSize ?? DEFAULT_CONTEXT_WINDOW,
        tools: this.tools,
      })
      writeFileSync(config, JSON.stringify(cfg, null, 2), { mode: 0o600 })
      const timeoutS = task.limits.timeoutS
      const args = [install.entry, 'agent', 'exec', '--config', config, '--cwd', work, '--json', '--message-file', '-']
      if (timeoutS) args.push('--timeout', String(Math.max(1, Math.ceil(timeoutS))))
      const proc = await runAgentProcess({
        command: install.node,
        args,
        // Nothing of ours is inherited: the child never sees an API key or token (it holds the proxy's only).
        env: { PATH: this.env.PATH ?? '/usr/bin:/bin', HOME: home, TMPDIR: tmp, LANG: this.env.LANG ?? 'C.UTF-8', NO_COLOR: '1', ...(this.env.TZ ? { TZ: this.env.TZ } : {}) },
        cwd: work,
        stdin: singlePrompt(task.messages),
        timeoutMs: ((timeoutS ?? BACKSTOP_S) + 30) * 1000,
        signal: ctx.signal,
      })
      const parsed = parseEnvelope(proc.stdout)
      return agentAttempt(task, {
        framework: { name: 'openclaw', version: install.label },
        proc,
        report: parsed.ok ? reportOf(parsed.envelope) : null,
        reportError: parsed.ok ? null : { kind: parsed.kind, message: parsed.message },
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
