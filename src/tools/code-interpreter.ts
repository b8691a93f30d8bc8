// `code_interpreter`: Python the model writes, run only through the sandbox (src/sandbox: a pooled uid, no
// network, private /tmp, rlimits, an explicit environment without the harness's secrets). The program runs in a
// fresh directory holding a copy of the sample's files; what it writes there is not kept.
import { lstat, readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import type { Environment } from '../core/environment.ts'
import type { Tool } from '../core/tool.ts'
import { runSandboxed } from '../sandbox/index.ts'
import { capText, stringArg } from './args.ts'

export interface CodeInterpreterLimits {
  timeoutMs: number
  memoryBytes: number
  maxOutputBytes: number
  maxProcesses: number
}

const num = (v: string | undefined, fallback: number) => (v && Number(v) > 0 ? Number(v) : fallback)

/** Defaults; JARVIS_CODE_TOOL_TIMEOUT_S and JARVIS_CODE_TOOL_MEMORY_MB change them. */
export const codeLimits = (env: NodeJS.ProcessEnv = process.env): CodeInterpreterLimits => ({
  timeoutMs: num(env.JARVIS_CODE_TOOL_TIMEOUT_S, 30) * 1000,
  memoryBytes: num(env.JARVIS_CODE_TOOL_MEMORY_MB, 1024) * 2 ** 20,
  maxOutputBytes: 256 * 1024,
  maxProcesses: 32,
})

const FILE_MAX = 20 * 2 ** 20
const TOTAL_MAX = 64 * 2 ** 20
const RESULT_MAX = 20_000

/** The sample's regular files (no links), up to the caps, keyed by their path in the work dir. */
async function sampleFiles(environment: Environment | null): Promise<Record<string, Uint8Array>> {
  const out: Record<string, Uint8Array> = {}
  if (!environment) return out
  let total = 0
  const walk = async (dir: string) => {
    for (const name of await readdir(dir)) {
      const p = join(dir, name)
      const st = await lstat(p)
      if (st.isDirectory()) await walk(p)
      else if (st.isFile() && st.size <= FILE_MAX && total + st.size <= TOTAL_MAX) {
        total += st.size
        out[relative(environment.workDir, p)] = await readFile(p)
      }
    }
  }
  await walk(environment.workDir)
  return out
}

export function codeInterpreterTool(limits: CodeInterpreterLimits = codeLimits()): Tool {
  return {
    spec: {
      name: 'code_interpreter',
      description: `Run a Python 3 program and get its stdout and stderr (print what you need). The task's files are in the current directory. No network; ${limits.timeoutMs / 1000} s and ${Math.round(limits.memoryBytes / 2 ** 20)} MB at most; nothing is kept between calls.`,
      parameters: { type: 'object', properties: { code: { type: 'string', description: 'The Python program' } }, required: ['code'] },
    },
    async call(args, { environment, signal }) {
      const code = stringArg(args, 'code', { max: 200_000 })
      const files = { ...(await sampleFiles(environment)), '__main__.py': code }
      const r = await runSandboxed({ command: ['python3', '-I', '__main__.py'], files, ...limits, network: false, signal })
      const parts = [
        r.timedOut ? `timed out after ${limits.timeoutMs / 1000} s` : `exit code ${r.exitCode ?? r.signal}`,
        ...(r.outputTruncated ? ['(output cut at the limit)'] : []),
        ...(r.oom ? ['(out of memory)'] : []),
        r.stdout ? `stdout:\n${capText(r.stdout, RESULT_MAX)}` : 'stdout: (empty)',
        ...(r.stderr ? [`stderr:\n${capText(r.stderr, RESULT_MAX / 2)}`] : []),
      ]
      return { content: parts.join('\n'), isError: r.exitCode !== 0 }
    },
  }
}
