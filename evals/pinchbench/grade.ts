// The task's own grade(transcript, workspace_path) run in the sandbox (src/sandbox: no network, a pooled uid,
// rlimits, none of the harness's secrets) on a copy of the workspace the agent left — the code is the dataset's,
// but what it reads the model wrote. Upstream exec()s it in the harness process.
//
//   runGrade(code, transcript, workspaceDir) → { ok: true, scores } | { ok: false, error }
import { lstat, readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { runSandboxed } from '../../src/sandbox/index.ts'
import type { TranscriptEvent } from './transcript.ts'

export const GRADE_TIMEOUT_MS = 60_000
const FILE_MAX = 20 * 2 ** 20

const RUNNER = `import json, os, sys, traceback
src = open('grade_task.py', encoding='utf-8').read()
for d in json.load(open('dirs.json')):
    os.makedirs(os.path.join('workspace', d), exist_ok=True)
try:
    ns = {}
    exec(compile(src, 'grade_task.py', 'exec'), ns)
    scores = ns['grade'](json.load(open('transcript.json', encoding='utf-8')), os.path.abspath('workspace'))
    if not isinstance(scores, dict):
        scores = {}
    out = {}
    for k, v in scores.items():
        try:
            out[str(k)] = float(v)
        except (TypeError, ValueError):
            pass
    print('\\n@@JARVIS@@' + json.dumps({'scores': out}))
except Exception:
    print('\\n@@JARVIS@@' + json.dumps({'error': traceback.format_exc()[-2000:]}))
`

async function workspaceFiles(root: string): Promise<{ files: Record<string, Uint8Array>; dirs: string[] }> {
  const files: Record<string, Uint8Array> = {}
  const dirs: string[] = []
  const walk = async (dir: string) => {
    for (const name of await readdir(dir)) {
      const p = join(dir, name)
      const st = await lstat(p)
      if (st.isDirectory()) {
        dirs.push(relative(root, p))
        await walk(p)
      } else if (st.isFile() && st.size <= FILE_MAX) files[`workspace/${relative(root, p)}`] = await readFile(p)
    }
  }
  await walk(root)
  return { files, dirs }
}

export type GradeResult = { ok: true; scores: Record<string, number> } | { ok: false; error: string }

export async function runGrade(code: string, transcript: TranscriptEvent[], workspaceDir: string, signal?: AbortSignal): Promise<GradeResult> {
  const ws = await workspaceFiles(workspaceDir)
  const r = await runSandboxed({
    command: ['python3', '-I', 'runner.py'],
    files: { ...ws.files, 'runner.py': RUNNER, 'grade_task.py': code, 'transcript.json': JSON.stringify(transcript), 'dirs.json': JSON.stringify(ws.dirs) },
    timeoutMs: GRADE_TIMEOUT_MS,
    memoryBytes: 1024 * 2 ** 20,
    maxOutputBytes: 2 ** 20,
    maxProcesses: 32,
    maxFileBytes: 64 * 2 ** 20,
    network: false,
    signal,
  })
  const line = r.stdout.split('\n').reverse().find((l) => l.startsWith('@@JARVIS@@'))
  if (!line) return { ok: false, error: r.timedOut ? `grade() timed out after ${GRADE_TIMEOUT_MS / 1000} s` : `the grader exited ${r.exitCode ?? r.signal}: ${r.stderr.slice(-800)}` }
  const v = JSON.parse(line.slice('@@JARVIS@@'.length)) as { scores?: Record<string, number>; error?: string }
  return v.error !== undefined ? { ok: false, error: v.error } : { ok: true, scores: v.scores ?? {} }
}
