// DeepResearchBench (Ayanami0730/deep_research_bench) at a pinned commit: data/prompt_data/query.jsonl
// {id, topic, language, prompt} — 100 research tasks, 50 English and 50 Chinese — and, when present,
// data/criteria_data/criteria.jsonl {id, prompt, dimension_weight, criterions: {dimension: [{criterion,
// explanation, weight}]}}. DRB_REPO_DIR names a checkout. --split en|zh filters by language; train|test|all is
// OpenJarvis's apply_split. Record ids: liveresearch-<id> (for the deepresearch alias too: the same tasks).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { gitSnapshot, type SnapshotSource } from '../shared/git-snapshot.ts'
import { applySplit } from '../shared/split.ts'
import { buildPrompt } from './prompt.ts'

export const SOURCE: SnapshotSource = { key: 'deep_research_bench', url: 'https://github.com/Ayanami0730/deep_research_bench.git', commit: '214741e474a5347ea7f869ab79d27e7c8734ede7', dirEnv: 'DRB_REPO_DIR' }

export interface Criterion {
  criterion: string
  explanation?: string
  weight?: number
}

function jsonl(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l) as Record<string, unknown>
      } catch {
        throw new JarvisError('JARVIS_DATASET', `${path} line ${i + 1} is not JSON.`)
      }
    })
}

export async function loadDeepResearch(ctx: LoadContext, env: NodeJS.ProcessEnv = process.env): Promise<EvalRecord[]> {
  const repo = gitSnapshot(SOURCE, ctx.log, env)
  const queryPath = join(repo, 'data/prompt_data/query.jsonl')
  if (!existsSync(queryPath)) throw new JarvisError('JARVIS_DATASET', `liveresearch: ${queryPath} is missing; point ${SOURCE.dirEnv} at a checkout of ${SOURCE.url}.`)
  const criteriaPath = join(repo, 'data/criteria_data/criteria.jsonl')
  const criteria = new Map((existsSync(criteriaPath) ? jsonl(criteriaPath) : []).map((c) => [String(c.id), c]))
  let queries = jsonl(queryPath).filter((q) => String(q.prompt ?? '').trim())
  const split = ctx.split
  if (split === 'en' || split === 'zh') queries = queries.filter((q) => q.language === split)
  else if (split) queries = applySplit(queries, split, ctx.seed, 'liveresearch (or en, zh)')
  const records = queries.map((q): EvalRecord => {
    const c = criteria.get(String(q.id))
    return {
      record_id: `liveresearch-${q.id}`,
      problem: buildPrompt(String(q.prompt)),
      reference: '',
      category: 'agentic',
      subject: String(q.topic ?? '') || 'general',
      metadata: {
        original_id: q.id,
        topic: q.topic,
        language: q.language ?? 'en',
        task_prompt: q.prompt,
        ...(c ? { dimension_weight: c.dimension_weight, criterions: c.criterions } : {}),
      },
    }
  })
  ctx.log(`${records.length} research tasks (${records.filter((r) => r.metadata.criterions).length} with their own criteria)`)
  return records
}
