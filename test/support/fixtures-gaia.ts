// GAIA's repo as the fake Hub serves it (fixtures-agentic.ts has the whole agentic set): 2023/<split>/ with the
// metadata parquet files (the real columns and types) beside the attachments. Questions and files are ours.
import { writeRepoFile } from './dataset-fixtures.ts'
import { nestedParquet, type Row, type Schema } from './fixtures-wave1.ts'

export const GAIA_REPO = 'gaia-benchmark/GAIA'

const ANNOTATOR: Schema = { Steps: 'STRING', 'Number of steps': 'STRING', 'How long did this take?': 'STRING', Tools: 'STRING', 'Number of tools': 'STRING' }
export const GAIA_SCHEMA: Schema = { task_id: 'STRING', Question: 'STRING', Level: 'INT64', 'Final answer': 'STRING', file_name: 'STRING', file_path: 'STRING', 'Annotator Metadata': { struct: ANNOTATOR } }

export interface GaiaTask {
  task_id: string
  Question: string
  Level: number
  'Final answer': string
  /** The attachment's content (written beside the metadata as <task_id>.<ext>). */
  file?: { ext: string; content: string | Buffer }
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

export const GAIA_TASKS: GaiaTask[] = [
  {
    task_id: 'c3a79cfe-8206-451f-aca8-3fec8ebe51d3',
    Question: 'The attached depot notes say how many crates of lemons arrived on Monday and on Tuesday. How many crates arrived on the two days together?',
    Level: 1,
    'Final answer': '4417',
    file: { ext: 'txt', content: 'Depot inventory notes\nMonday: 1,204 crates of lemons received.\nTuesday: 3,213 crates of lemons received.\n' },
  },
  {
    task_id: '5d0080cb-90d7-4712-bc33-848150e917d3',
    Question: 'The attached spreadsheet export lists the staff of a small lab with their salaries. Who earns the most? Give the first name only.',
    Level: 2,
    'Final answer': 'Pavel',
    file: { ext: 'csv', content: 'name,salary\nOlga,5100\nPavel,7300\nRita,6200\n' },
  },
  { task_id: 'a1e91b78-d3d8-4675-bb8d-62741b4c3aa4', Question: 'How many sides does a hexagon have?', Level: 1, 'Final answer': '6' },
  { task_id: 'e0ac8e7f-3b95-4d8c-9f2e-41c1d5b2a806', Question: 'List the first three prime numbers in increasing order.', Level: 3, 'Final answer': '2, 3, 5' },
  {
    task_id: '9318445f-fe6a-4e1b-acbf-c68228c9906a',
    Question: 'What colour is the square in the attached image?',
    Level: 2,
    'Final answer': 'red',
    file: { ext: 'png', content: PNG },
  },
  { task_id: '2d83110e-a098-4ebb-9987-066c06fa42d0', Question: 'Which city is the capital of Australia?', Level: 1, 'Final answer': 'Canberra' },
]

const fileName = (t: GaiaTask) => (t.file ? `${t.task_id}.${t.file.ext}` : '')

function gaiaRow(t: GaiaTask, split: string): Row {
  return {
    task_id: t.task_id,
    Question: t.Question,
    Level: t.Level,
    'Final answer': split === 'test' ? '?' : t['Final answer'],
    file_name: fileName(t),
    file_path: t.file ? `2023/${split}/${fileName(t)}` : '',
    'Annotator Metadata': { Steps: '1. Read the question.\n2. Answer it.', 'Number of steps': '2', 'How long did this take?': '2 minutes', Tools: 'None', 'Number of tools': '0' },
  }
}

/** The repo as it is since the parquet move: 2023/<split>/metadata(.levelN).parquet beside the attachments. */
export async function writeGaia(root: string, tasks: GaiaTask[] = GAIA_TASKS): Promise<void> {
  await writeRepoFile(root, GAIA_REPO, 'README.md', '---\nconfigs:\n- config_name: 2023_all\n---\n# GAIA (test fixture)\n')
  for (const split of ['validation', 'test']) {
    const rows = tasks.map((t) => gaiaRow(t, split))
    await writeRepoFile(root, GAIA_REPO, `2023/${split}/metadata.parquet`, nestedParquet(rows, GAIA_SCHEMA))
    for (const level of [1, 2, 3]) {
      await writeRepoFile(root, GAIA_REPO, `2023/${split}/metadata.level${level}.parquet`, nestedParquet(rows.filter((r) => r.Level === level), GAIA_SCHEMA))
    }
    for (const t of tasks) if (t.file) await writeRepoFile(root, GAIA_REPO, `2023/${split}/${fileName(t)}`, t.file.content)
  }
}

