// `shell`: runs a command line inside the sample's environment (its container for terminalbench-v2.1) and
// returns the exit code, stdout and stderr. It refuses to run without an environment that can exec: it is
// never a shell on the harness's own machine. OpenJarvis's `docker_shell_exec` with the same parameters.
import type { Tool, ToolContext, ToolResult } from '../core/tool.ts'

export const DEFAULT_TIMEOUT_S = 60
export const MAX_TIMEOUT_S = 600
/** What goes back to the model per stream: the head and the tail of long output. */
export const MAX_STREAM_CHARS = 16_000

function clip(s: string): string {
  if (s.length <= MAX_STREAM_CHARS) return s
  const half = MAX_STREAM_CHARS / 2
  return `${s.slice(0, half)}\n… [${s.length - MAX_STREAM_CHARS} characters cut] …\n${s.slice(-half)}`
}

export interface ShellToolOptions {
  /** Where commands run unless working_dir says otherwise; null: the image's own working directory. Default /app. */
  cwd?: string | null
  /** Default per-command timeout, seconds (the model may ask for another, up to MAX_TIMEOUT_S). */
  timeoutS?: number
}

export function createShellTool(o: ShellToolOptions = {}): Tool {
  const home = o.cwd === undefined ? '/app' : o.cwd
  const defaultTimeoutS = o.timeoutS ?? DEFAULT_TIMEOUT_S
  const where = home ? `working directory ${home} unless working_dir says otherwise` : "in the container's working directory unless working_dir says otherwise"
  return {
    spec: {
      name: 'shell',
      description: `Run a shell command inside the task's Linux container (bash -c; ${where}). Use it for all file operations, running scripts and installing packages. Returns the exit code, stdout and stderr.`,
      parameters: {
        type: 'object',
        properties: {
          command: { type: 'string', description: 'The command line, run through bash -c inside the container.' },
          timeout: { type: 'integer', description: `Timeout in seconds (default ${defaultTimeoutS}, max ${MAX_TIMEOUT_S}).` },
          working_dir: { type: 'string', description: `Working directory inside the container${home ? ` (default ${home})` : ''}.` },
        },
        required: ['command'],
      },
    },
    async call(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
      const env = ctx.environment
      if (!env?.exec) return { content: "No task container: the shell tool runs only inside a sample's container environment.", isError: true }
      const command = typeof args.command === 'string' ? args.command : ''
      if (!command.trim()) return { content: 'No command given.', isError: true }
      const asked = Number(args.timeout)
      const timeoutS = Number.isFinite(asked) && asked > 0 ? Math.min(Math.round(asked), MAX_TIMEOUT_S) : defaultTimeoutS
      const cwd = typeof args.working_dir === 'string' && args.working_dir.startsWith('/') ? args.working_dir : (home ?? undefined)
      let r
      try {
        r = await env.exec(command, { timeoutS, cwd, signal: ctx.signal })
      } catch (e) {
        return { content: `The command could not run: ${(e as Error).message}`, isError: true }
      }
      if (r.timedOut) return { content: `Command timed out after ${timeoutS}s and was killed.${r.stdout ? `\n--- stdout ---\n${clip(r.stdout)}` : ''}${r.stderr ? `\n--- stderr ---\n${clip(r.stderr)}` : ''}`, isError: true }
      const body = [`[exit ${r.exitCode}]`, r.stdout && `--- stdout ---\n${clip(r.stdout)}`, r.stderr && `--- stderr ---\n${clip(r.stderr)}`, r.truncated && '[output past the cap was dropped]'].filter(Boolean).join('\n')
      return { content: body, isError: r.exitCode !== 0 }
    },
  }
}
