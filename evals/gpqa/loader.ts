import { loadHubRows } from '../../src/datasets/hub.ts'
import { seededShuffle, stableHash } from '../../src/datasets/select.ts'
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { LETTERS } from '../../src/scoring/mcq.ts'
import { buildPrompt } from './prompt.ts'
import { cellText } from '../../src/datasets/cell.ts'

export const VARIANTS = ['gpqa_diamond', 'gpqa_main', 'gpqa_extended', 'gpqa_experts'] as const
export const DATASET = { repo: 'Idavidrein/gpqa', config: 'gpqa_diamond', split: 'train' } as const

const col = (row: Record<string, unknown>, name: string): string => cellText(row[name] ?? row[name.toLowerCase().replace(/ /g, '_')])

/**
 * One GPQA row → record. OpenJarvis always put the correct answer first (a model answering "A" scored 100 %);
 * here the four options are shuffled per record, seeded by (run seed, record id), so runs are reproducible.
 */
export function toRecord(row: Record<string, unknown>, seed: number): EvalRecord | null {
  const question = col(row, 'Question')
  const correct = col(row, 'Correct Answer')
  const wrong = [1, 2, 3].map((i) => col(row, `Incorrect Answer ${i}`)).filter(Boolean)
  if (!question || !correct || wrong.length === 0) return null
  const id = col(row, 'Record ID') || stableHash(question)
  const record_id = `gpqa-${id}`
  const options = seededShuffle([correct, ...wrong], `${seed}:${record_id}`)
  const reference = LETTERS[options.indexOf(correct)]
  return {
    record_id,
    problem: buildPrompt(question, options),
    reference,
    category: 'reasoning',
    subject: col(row, 'Subdomain') || col(row, 'High-level domain') || 'general',
    metadata: { correct_option: reference, answer_text: correct, options, subdomain: col(row, 'Subdomain'), domain: col(row, 'High-level domain') },
  }
}

export async function loadGpqa(ctx: LoadContext): Promise<EvalRecord[]> {
  const config = ctx.subset ?? DATASET.config
  if (!(VARIANTS as readonly string[]).includes(config))
    throw new JarvisError('JARVIS_BAD_CONFIG', `gpqa: subset "${config}" is not a GPQA variant; use one of ${VARIANTS.join(', ')}.`)
  const rows = await loadHubRows({ repo: DATASET.repo, config, split: ctx.split ?? DATASET.split }, undefined, { signal: ctx.signal })
  const records = rows.map((r) => toRecord(r, ctx.seed)).filter((r): r is EvalRecord => r !== null)
  if (records.length < rows.length) ctx.log(`${rows.length - records.length} rows without question or answers were dropped`)
  return records
}
