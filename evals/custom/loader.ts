import { existsSync } from 'node:fs'
import { basename, dirname, isAbsolute, resolve } from 'node:path'
import type { LocalDatasetConfig } from '../../src/config/schema.ts'
import { readTableFile } from '../../src/datasets/read-file.ts'
import { stableHash } from '../../src/datasets/select.ts'
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import { LETTERS, renderOptions } from '../../src/scoring/mcq.ts'
import { cellRaw } from '../../src/datasets/cell.ts'

export const DEFAULT_MCQ_TEMPLATE = '{question}\nOptions:\n{choices}\nAnswer with the letter of the correct option, in the form: The answer is X.'
export const DEFAULT_OPEN_TEMPLATE = '{question}'

/** Options from a list column, a JSON array string, or "a | b | c". */
function parseChoices(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(cellRaw)
  const s = cellRaw(v).trim()
  if (s.startsWith('[')) {
    try {
      const a = JSON.parse(s)
      if (Array.isArray(a)) return a.map(cellRaw)
    } catch {}
  }
  return s ? s.split('|').map((x) => x.trim()) : []
}

/** The reference letter from a letter, a 0-based index, or the text of the right option. */
function referenceLetter(answer: string, choices: string[]): string | null {
  const a = answer.trim()
  if (/^[A-Za-z]$/.test(a) && LETTERS.indexOf(a.toUpperCase()) < choices.length) return a.toUpperCase()
  if (/^\d+$/.test(a) && Number(a) < choices.length) return LETTERS[Number(a)]
  const i = choices.findIndex((c) => c.trim() === a)
  return i >= 0 ? LETTERS[i] : null
}

/** A custom benchmark's local file → records, through the field mapping of its [benchmarks.dataset]. */
export async function loadLocalRecords(name: string, ds: LocalDatasetConfig, scorer: 'mcq' | 'exact' | 'judge', category: string): Promise<EvalRecord[]> {
  const where = `[[benchmarks]] "${name}" dataset`
  if (!existsSync(ds.path)) throw new JarvisError('JARVIS_DATASET', `${where}: file ${ds.path} not found. Fix [benchmarks.dataset] path (relative paths start at the TOML file's folder).`)
  const template = ds.prompt_template ?? (scorer === 'mcq' ? DEFAULT_MCQ_TEMPLATE : DEFAULT_OPEN_TEMPLATE)
  if (scorer === 'mcq' && !ds.choices_field) throw new JarvisError('JARVIS_BAD_CONFIG', `${where}: scorer "mcq" needs choices_field (the column holding the options).`)
  // Each row becomes its record as it is read (a JSON Lines file streams): a large file's rows are never all
  // held beside their records.
  let i = 0
  return readTableFile(ds.path, ds.format, (row) => {
    if (i === 0) checkColumns(row, ds, where)
    i++
    const question = cellRaw(row[ds.question_field])
    const choices = ds.choices_field ? parseChoices(row[ds.choices_field]) : []
    const answer = cellRaw(row[ds.answer_field])
    const reference = scorer === 'mcq' ? referenceLetter(answer, choices) : answer
    if (reference === null) throw new JarvisError('JARVIS_DATASET', `${where}: row ${i}: answer "${answer}" is neither a letter, an index nor one of the options.`)
    const id = ds.id_field ? cellRaw(row[ds.id_field]) : stableHash(question)
    const problem = template === '{question}' && !question.includes('{choices}') ? question : template.replaceAll('{question}', question).replaceAll('{choices}', renderOptions(choices))
    const files = ds.files_field ? attachments(row[ds.files_field], ds.path, `${where}: row ${i}`) : []
    return {
      record_id: `${name}-${id}`,
      problem,
      ...(ds.system_prompt ? { system: ds.system_prompt } : {}),
      reference,
      category,
      subject: ds.subject_field ? cellRaw(row[ds.subject_field]) || 'general' : name,
      metadata: { ...(choices.length ? { options: choices } : {}), question, ...(files.length ? { files } : {}) },
    }
  })
}

/** Every mapped field is a column of the file (checked on its first row). */
function checkColumns(first: Record<string, unknown>, ds: LocalDatasetConfig, where: string): void {
  for (const [key, field] of [['question_field', ds.question_field], ['answer_field', ds.answer_field], ['choices_field', ds.choices_field], ['id_field', ds.id_field], ['subject_field', ds.subject_field], ['files_field', ds.files_field]] as const) {
    if (field && !(field in first)) throw new JarvisError('JARVIS_DATASET', `${where}: ${key} = "${field}" is not a column of ${ds.path} (columns: ${Object.keys(first).join(', ')}).`)
  }
}

/** A row's attachments (a path, a list, or a JSON array string), checked to exist; relative to the dataset file. */
function attachments(v: unknown, datasetPath: string, where: string): { path: string; source: string }[] {
  const list = Array.isArray(v) ? v.map(cellRaw) : parseChoices(v)
  return list.filter(Boolean).map((p) => {
    const source = isAbsolute(p) ? p : resolve(dirname(datasetPath), p)
    if (!existsSync(source)) throw new JarvisError('JARVIS_DATASET', `${where}: attachment ${p} not found (looked at ${source}). Paths in files_field are relative to the dataset file.`)
    return { path: basename(p), source }
  })
}
