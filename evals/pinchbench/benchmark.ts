import { join } from 'node:path'
import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import type { EnvironmentFile, EnvironmentSpec } from '../../src/core/environment.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import { loadPinchBench } from './loader.ts'
import { rescorePinch, scorePinch } from './scorer.ts'
import type { WorkspaceFile } from './task-md.ts'

/**
 * Tasks of the pinned snapshot whose answer exists only on the live internet (OpenJarvis's notes count three:
 * stock, weather, market research; the weather task is graded on the script it writes and market research says
 * to use what the model knows without web tools, so only the stock price remains). They run when a live search
 * provider is configured (JARVIS_SEARXNG_URL and web tools); otherwise they are unscored without a model call.
 */
export const NEEDS_INTERNET: Record<string, string> = { task_02_stock: "today's AAPL stock price" }

/** The task's workspace: inline files and files of the repo's assets/ (upstream's workspace_files). */
export function workspace(record: EvalRecord): EnvironmentSpec {
  const repo = String(record.metadata.repo_dir)
  const files: EnvironmentFile[] = (record.metadata.workspace_files as WorkspaceFile[]).map((f) =>
    f.source ? { path: f.dest ?? f.path ?? f.source, source: join(repo, 'assets', f.source) } : { path: String(f.path ?? f.dest ?? 'file.txt'), content: f.content ?? '' },
  )
  return { kind: 'local', files }
}

export function skipReason(record: EvalRecord, env: NodeJS.ProcessEnv = process.env): string | null {
  const needs = NEEDS_INTERNET[String(record.metadata.task_id)]
  if (needs && !env.JARVIS_SEARXNG_URL) return `needs_internet: ${needs} (set JARVIS_SEARXNG_URL and offer web_search/web_fetch to run it)`
  if (record.metadata.multi_session) return 'multi_session: the task is several sessions on one workspace, which jarvis-evals does not run yet'
  return null
}

const pinchbench: BenchmarkDefinition = {
  key: 'pinchbench',
  load: loadPinchBench,
  environment: workspace,
  // What OpenClaw's agent has for a workspace (read, write, list); web tools join when the run offers them.
  defaultTools: ['file_read', 'file_write', 'ls'],
  requiresAgent: true,
  skipReason: (r) => skipReason(r),
  score: scorePinch,
  rescore: rescorePinch,
}
export default pinchbench
