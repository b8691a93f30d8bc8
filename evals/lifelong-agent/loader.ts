// LifelongAgentBench (csyq/LifelongAgentBench): three subsets stored as parquet folders on the Hub, read as the
// upstream download_data.py does (load_dataset(data_dir=<subset>), split train). --subset picks db_bench
// (default, what OpenJarvis's EvalRunner always ran), os_interaction, knowledge_graph, a comma list, or all.
// Within a subset rows are ordered by sample_index (else their file order) and never shuffled: the sequence
// is the lifelong protocol. Record ids: lifelong-agent-<subset>-<sample_index>.
//
//   SUBSETS, parseSubsets(text), loadLifelong(ctx), dbRecord / osRecord / kgRecord(row, index)
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { cellText } from '../../src/datasets/cell.ts'
import { loadHubRows } from '../../src/datasets/hub.ts'
import { listOf, pyJsonDumps, recordOf, stringList } from './cells.ts'

export const REPO = 'csyq/LifelongAgentBench'
export const SUBSETS = ['db_bench', 'os_interaction', 'knowledge_graph'] as const
export type Subset = (typeof SUBSETS)[number]
export const DEFAULT_SUBSET: Subset = 'db_bench'

export function parseSubsets(text: string | undefined): Subset[] {
  const asked = (text ?? DEFAULT_SUBSET).split(',').map((s) => s.trim()).filter(Boolean)
  if (asked.includes('all')) return [...SUBSETS]
  const bad = asked.find((s) => !(SUBSETS as readonly string[]).includes(s))
  if (bad) throw new JarvisError('JARVIS_BAD_OPTION', `lifelong-agent: unknown subset "${bad}"; use ${SUBSETS.join(', ')}, a comma-separated list of them, or all.`)
  return [...new Set(asked)] as Subset[]
}

type Row = Record<string, unknown>

const indexOf = (row: Row, position: number): number => {
  const n = Number(row.sample_index)
  return row.sample_index !== undefined && row.sample_index !== null && Number.isFinite(n) ? n : position
}

const base = (subset: Subset, index: number, problem: string, subject: string, reference: string, metadata: Record<string, unknown>): EvalRecord => ({
  record_id: `lifelong-agent-${subset}-${index}`,
  problem,
  reference,
  category: 'agentic',
  subject,
  metadata: { subset, sample_index: index, ...metadata },
})

export interface Column {
  name: string
  type: string
}

/** A db_bench row; null when it cannot be a task (no instruction, no table). */
export function dbRecord(row: Row, index: number): EvalRecord | null {
  const instruction = cellText(row.instruction)
  const table = recordOf(row.table_info)
  const answer = recordOf(row.answer_info)
  if (!instruction || !table || !answer) return null
  const columns: Column[] = listOf(table.column_info_list).map((c) => ({ name: String((c as Row).name), type: String((c as Row).type) }))
  const rows = listOf(table.row_list).map((r) => (Array.isArray(r) ? r : [r]))
  const name = String(table.name ?? '')
  if (!name || !columns.length) return null
  const md5 = answer.md5 === null || answer.md5 === undefined || ['', 'None', 'null'].includes(String(answer.md5)) ? null : String(answer.md5)
  const direct = Array.isArray(answer.direct) ? answer.direct.map((r) => (Array.isArray(r) ? r : [r])) : null
  const answerType = md5 ? 'md5' : 'direct'
  // The upstream instruction: the question, then the whole table as json.dumps(TableInfo.model_dump()).
  const tableJson = pyJsonDumps({ name, row_list: rows, column_info_list: columns })
  return base('db_bench', index, `${instruction}\nTable information: ${tableJson}`, `db_${answerType}`, md5 ?? JSON.stringify(direct), {
    table_name: name,
    columns,
    rows,
    answer_type: answerType,
    answer_md5: md5,
    answer_direct: direct,
    gold_sql: String(answer.sql ?? '').trim(),
    skills: stringList(row.skill_list),
  })
}

interface CommandItem {
  command_name: string
  script: string
}

const commandItem = (v: unknown): CommandItem | null => {
  const c = recordOf(v)
  return c && typeof c.script === 'string' ? { command_name: String(c.command_name ?? 'bash'), script: c.script } : null
}

/** An os_interaction row: the instruction, the initialization command, the evaluation command (exit 0 = pass). */
export function osRecord(row: Row, index: number): EvalRecord | null {
  const instruction = cellText(row.instruction)
  const info = recordOf(row.evaluation_info)
  const evaluation = commandItem(info?.evaluation_command_item)
  if (!instruction || !evaluation) return null
  return base('os_interaction', index, instruction, 'os_interaction', `${evaluation.command_name}: ${evaluation.script}`, {
    init: commandItem(row.initialization_command_item),
    evaluation,
    ground_truth: commandItem(info?.ground_truth_command_item),
    skills: stringList(row.skill_list),
  })
}

/** A knowledge_graph row (loaded so a run can say what it needs: a Freebase SPARQL endpoint). */
export function kgRecord(row: Row, index: number): EvalRecord | null {
  const question = cellText(row.question)
  if (!question) return null
  const entities = recordOf(row.entity_dict) ?? {}
  const answers = stringList(row.answer_list)
  return base('knowledge_graph', index, question, 'knowledge_graph', JSON.stringify(answers), {
    qid: cellText(row.qid),
    entity_dict: entities,
    s_expression: cellText(row.s_expression),
    action_list: stringList(row.action_list),
    answer_list: answers,
    skills: stringList(row.skill_list),
  })
}

const CONVERT = { db_bench: dbRecord, os_interaction: osRecord, knowledge_graph: kgRecord } as const

export function subsetRecords(subset: Subset, rows: Row[]): { records: EvalRecord[]; dropped: number } {
  const indexed = rows.map((row, i) => ({ row, index: indexOf(row, i) })).sort((a, b) => a.index - b.index)
  const records = indexed.map(({ row, index }) => CONVERT[subset](row, index)).filter((r): r is EvalRecord => r !== null)
  return { records, dropped: rows.length - records.length }
}

export async function loadLifelong(ctx: LoadContext): Promise<EvalRecord[]> {
  const subsets = parseSubsets(ctx.subset)
  if (ctx.split && ctx.split !== 'train') throw new JarvisError('JARVIS_BAD_OPTION', `lifelong-agent: split "${ctx.split}" does not exist; the dataset has one split, train (leave --split out).`)
  const out: EvalRecord[] = []
  for (const subset of subsets) {
    const rows = await loadHubRows({ repo: REPO, split: 'train', dataDir: subset }, undefined, { signal: ctx.signal })
    const { records, dropped } = subsetRecords(subset, rows)
    ctx.log(`${subset}: ${records.length} tasks in sample_index order${dropped ? ` (${dropped} rows without a task left out)` : ''}`)
    out.push(...records)
  }
  return out
}
