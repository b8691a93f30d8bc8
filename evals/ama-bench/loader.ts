// AMA-Bench: AMA-bench/AMA-bench, split test (the Hub's parquet conversion). Each row is an episode: episode_id,
// task, task_type, domain, source, success, num_turns, total_tokens, trajectory [{turn_idx, action, observation}]
// and qa_pairs [{question, answer, question_uuid, type A–D}]. One record per QA pair, id
// ama-bench-<episode_id>-<question_uuid> (q<index> without a uuid), subject from the type (A recall,
// B causal_inference, C state_updating, D state_abstraction). The trajectory is cut to
// JARVIS_AMA_MAX_TRAJECTORY_TOKENS (default 20 000) × 4 characters, first and last halves kept.
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { cellText } from '../../src/datasets/cell.ts'
import { loadHubRows } from '../../src/datasets/hub.ts'
import type { Row } from '../../src/datasets/parquet.ts'
import { buildPrompt, renderTrajectory, truncateTrajectory, type Turn } from './prompt.ts'

export const DATASET = { repo: 'AMA-bench/AMA-bench', split: 'test' } as const
export const SUBJECTS: Record<string, string> = { A: 'recall', B: 'causal_inference', C: 'state_updating', D: 'state_abstraction' }
const CHARS_PER_TOKEN = 4

export function maxTrajectoryChars(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.JARVIS_AMA_MAX_TRAJECTORY_TOKENS?.trim()
  const tokens = raw ? Number(raw) : 20_000
  if (!Number.isInteger(tokens) || tokens < 1) throw new JarvisError('JARVIS_BAD_OPTION', `JARVIS_AMA_MAX_TRAJECTORY_TOKENS="${raw}" is not a positive whole number.`)
  return tokens * CHARS_PER_TOKEN
}

const list = (v: unknown): Row[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Row[]) : [])

export function episodeRecords(row: Row, maxChars: number): EvalRecord[] {
  const episode = cellText(row.episode_id).trim()
  if (!episode) return []
  const task = cellText(row.task).trim()
  const { text, truncated } = truncateTrajectory(renderTrajectory(list(row.trajectory) as Turn[]), maxChars)
  return list(row.qa_pairs).flatMap((qa, i) => {
    const question = cellText(qa.question).trim()
    const answer = cellText(qa.answer).trim()
    if (!question || !answer) return []
    const uuid = cellText(qa.question_uuid).trim()
    const type = cellText(qa.type).trim().toUpperCase()
    return [
      {
        record_id: `ama-bench-${episode}-${uuid || `q${i}`}`,
        problem: buildPrompt(task, text, question),
        reference: answer,
        category: 'agentic',
        subject: SUBJECTS[type] ?? 'unknown',
        metadata: {
          episode_id: episode,
          question,
          question_index: i,
          question_uuid: uuid,
          question_type: type,
          task,
          task_type: cellText(row.task_type),
          domain: cellText(row.domain) || 'general',
          source: cellText(row.source),
          success: row.success === true,
          num_turns: Number(row.num_turns ?? 0) || 0,
          trajectory_truncated: truncated,
        },
      },
    ]
  })
}

export async function loadAmaBench(ctx: LoadContext): Promise<EvalRecord[]> {
  if (ctx.subset && ctx.subset !== 'default') throw new JarvisError('JARVIS_BAD_OPTION', `ama-bench: unknown subset "${ctx.subset}"; it has only "default".`)
  const maxChars = maxTrajectoryChars()
  const rows = await loadHubRows({ ...DATASET, split: ctx.split ?? DATASET.split }, undefined, { signal: ctx.signal })
  const records = rows.flatMap((r) => episodeRecords(r, maxChars))
  const cut = new Set(records.filter((r) => r.metadata.trajectory_truncated).map((r) => r.metadata.episode_id)).size
  ctx.log(`${rows.length} episodes, ${records.length} questions${cut ? `; ${cut} trajectories cut to ${maxChars} characters` : ''}`)
  return records
}
