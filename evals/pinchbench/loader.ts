// PinchBench tasks: tasks/task_*.md of pinchbench/skill at a pinned commit (evals/shared/git-snapshot.ts;
// PINCHBENCH_REPO_DIR names a checkout), with the files of its assets/ folder for the workspaces. Record ids:
// pinchbench-<task id>. --split train|test|all as OpenJarvis's apply_split (default: every task).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { gitSnapshot, type SnapshotSource } from '../shared/git-snapshot.ts'
import { applySplit } from '../shared/split.ts'
import { parseTaskMarkdown, type PinchTask } from './task-md.ts'

export const SOURCE: SnapshotSource = { key: 'pinchbench', url: 'https://github.com/pinchbench/skill.git', commit: '14b2993929d8c57197de6e364cbfa7a4fecedb7d', dirEnv: 'PINCHBENCH_REPO_DIR' }

export function toRecord(t: PinchTask, repo: string): EvalRecord {
  // A multi-session task's first prompt (OpenJarvis's record; such tasks are skipped, see benchmark.ts).
  const problem = t.multiSession && t.sessions.length ? t.sessions[0].prompt : t.prompt
  return {
    record_id: `pinchbench-${t.id}`,
    problem,
    reference: t.expectedBehavior,
    category: 'agentic',
    subject: t.category || 'general',
    metadata: {
      task_id: t.id,
      name: t.name,
      task_category: t.category,
      grading_type: t.gradingType,
      grading_weights: t.gradingWeights,
      timeout_seconds: t.timeoutSeconds,
      workspace_files: t.workspaceFiles,
      grade_code: t.gradeCode,
      rubric: t.rubric,
      grading_criteria: t.gradingCriteria,
      expected_behavior: t.expectedBehavior,
      multi_session: t.multiSession,
      sessions: t.sessions,
      repo_dir: repo,
    },
  }
}

export async function loadPinchBench(ctx: LoadContext, env: NodeJS.ProcessEnv = process.env): Promise<EvalRecord[]> {
  const repo = gitSnapshot(SOURCE, ctx.log, env)
  let files: string[]
  try {
    files = readdirSync(join(repo, 'tasks')).filter((f) => /^task_.*\.md$/.test(f)).sort()
  } catch {
    throw new JarvisError('JARVIS_DATASET', `pinchbench: ${repo} has no tasks/ folder; point ${SOURCE.dirEnv} at a checkout of ${SOURCE.url}.`)
  }
  const tasks: PinchTask[] = []
  for (const f of files) {
    try {
      tasks.push(parseTaskMarkdown(readFileSync(join(repo, 'tasks', f), 'utf8'), f))
    } catch (e) {
      ctx.log(`skipped ${(e as Error).message}`)
    }
  }
  if (!tasks.length) throw new JarvisError('JARVIS_DATASET', `pinchbench: no task files (tasks/task_*.md) in ${repo}.`)
  const records = tasks.map((t) => toRecord(t, repo))
  ctx.log(`${records.length} tasks from ${repo}`)
  return ctx.split ? applySplit(records, ctx.split, ctx.seed, 'pinchbench') : records
}
