// csyq/LifelongAgentBench as the Hub serves it: one parquet folder per subset (db_bench/, os_interaction/,
// knowledge_graph/) whose structured columns are Python reprs (the upstream convert_data.py reads them with
// ast.literal_eval). The rows are written for these tests; their shapes are upstream's DBBench,
// OSInteraction and KnowledgeGraph dataset items. Stored out of sample_index order, as nothing promises order.
//
//   LIFELONG_REPO, DB_ROWS, OS_ROWS, KG_ROWS, writeLifelongHub(root)
import { parquetBuffer, writeRepoFile, type ParquetSchema, type Row } from './dataset-fixtures.ts'

export const LIFELONG_REPO = 'csyq/LifelongAgentBench'

/** Python's repr of a value built from dicts, lists, strings and numbers (what str(dict) writes). */
export function pyRepr(v: unknown): string {
  if (v === null) return 'None'
  if (typeof v === 'string') {
    const body = v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')
    return v.includes("'") && !v.includes('"') ? `"${body}"` : `'${body.replace(/'/g, "\\'")}'`
  }
  if (typeof v === 'number') return String(v)
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`
  return `{${Object.entries(v as Record<string, unknown>).map(([k, x]) => `${pyRepr(k)}: ${pyRepr(x)}`).join(', ')}}`
}

const EMPLOYEES = {
  name: 'employees',
  row_list: [[1, 'Alice', 'IT', 5500.5], [2, 'Bob', 'HR', 4200.0], [3, 'Carol', 'IT', 6100.25], [4, "D'Arcy", 'Sales', 3900.75]],
  column_info_list: [{ name: 'id', type: 'INT' }, { name: 'name', type: 'TEXT' }, { name: 'department', type: 'TEXT' }, { name: 'salary', type: 'FLOAT' }],
}
const PRODUCTS = {
  name: 'products',
  row_list: [['T-100', 'toys', 19.99, 12], ['B-200', 'books', 8.5, 40], ['T-300', 'toys', 5.25, 0]],
  column_info_list: [{ name: 'sku', type: 'VARCHAR(10)' }, { name: 'category', type: 'TEXT' }, { name: 'price', type: 'DECIMAL(6,2)' }, { name: 'stock', type: 'INT' }],
}
const MEMBERS = {
  name: 'members',
  row_list: [['Eve', 41, 'silver'], ['Finn', 29, 'bronze'], ['Gus', 35, 'gold']],
  column_info_list: [{ name: 'name', type: 'TEXT' }, { name: 'age', type: 'INT' }, { name: 'tier', type: 'TEXT' }],
}

/** The dataset's md5 of the table after the gold SQL (upstream's query; the same digits come out of Python's hashlib over the rendered rows). */
export const PRODUCTS_MD5 = '054b5f4d46000c7c57ddaee94a4c8fb0'
export const MEMBERS_MD5 = '6b1c9efea0d05e7f170a7143c54c0ee1'

const db = (sample_index: number, instruction: string, table: unknown, answer: { md5: string | null; direct: unknown[][] | null; sql: string }, skills: string[]): Row => ({
  sample_index,
  instruction,
  table_info: pyRepr(table),
  answer_info: pyRepr(answer),
  skill_list: pyRepr(skills),
})

export const DB_ROWS: Row[] = [
  db(2, 'Add a new member named Dana, aged 34, with the gold tier to the members table.', MEMBERS, { md5: MEMBERS_MD5, direct: null, sql: "INSERT INTO members (name, age, tier) VALUES ('Dana', 34, 'gold');" }, ['insert']),
  db(0, 'What is the total salary of the employees in the IT department?', EMPLOYEES, { md5: null, direct: [[11600.75]], sql: "SELECT SUM(salary) FROM employees WHERE department = 'IT';" }, ['select', 'where_single_condition']),
  db(3, 'List the name and age of every member older than 30, oldest first.', MEMBERS, { md5: null, direct: [['Eve', 41], ['Gus', 35]], sql: 'SELECT name, age FROM members WHERE age > 30 ORDER BY age DESC;' }, ['select', 'where_single_condition', 'order_by_single_column']),
  db(1, "Raise the price of every product in the 'toys' category by 10.", PRODUCTS, { md5: PRODUCTS_MD5, direct: null, sql: "UPDATE products SET price = price + 10 WHERE category = 'toys';" }, ['update', 'where_single_condition']),
]
export const DB_SCHEMA: ParquetSchema = { sample_index: 'INT64', instruction: 'STRING', table_info: 'STRING', answer_info: 'STRING', skill_list: 'STRING' }

const cmd = (command_name: string, script: string) => ({ command_name, script })

export const OS_ROWS: Row[] = [
  {
    sample_index: 1,
    instruction: 'Count the lines of /tmp/data/log.txt that contain ERROR and write that number, and nothing else, to /tmp/data/count.txt.',
    initialization_command_item: pyRepr(cmd('python', "import os\nos.makedirs('/tmp/data', exist_ok=True)\nopen('/tmp/data/log.txt', 'w').write('INFO start\\nERROR disk full\\nINFO retry\\nERROR disk full\\n')")),
    evaluation_info: pyRepr({ ground_truth_command_item: cmd('bash', 'grep -c ERROR /tmp/data/log.txt > /tmp/data/count.txt'), evaluation_command_item: cmd('bash', '[ "$(cat /tmp/data/count.txt)" = "2" ]') }),
    skill_list: pyRepr(['grep', 'wc']),
    raw_entry_hash: 'c3f1a9e2b7d04a65',
  },
  {
    sample_index: 0,
    instruction: 'Create the directory /tmp/reports and, inside it, a file summary.txt that contains the word done.',
    initialization_command_item: pyRepr(cmd('bash', 'mkdir -p /tmp/workspace')),
    evaluation_info: pyRepr({ ground_truth_command_item: cmd('bash', 'mkdir -p /tmp/reports && echo done > /tmp/reports/summary.txt'), evaluation_command_item: cmd('bash', 'grep -q done /tmp/reports/summary.txt') }),
    skill_list: pyRepr(['mkdir', 'echo']),
    raw_entry_hash: '5d2e8b1c9a7f3e40',
  },
]
export const OS_SCHEMA: ParquetSchema = { sample_index: 'INT64', instruction: 'STRING', initialization_command_item: 'STRING', evaluation_info: 'STRING', skill_list: 'STRING', raw_entry_hash: 'STRING' }

export const KG_ROWS: Row[] = [
  {
    sample_index: 0,
    question: 'which university did the mentor of the inventor of the telephone attend?',
    qid: 'grailqa-test-000117',
    source: 'grail_qa',
    entity_dict: pyRepr({ telephone: 'm.07k8x' }),
    s_expression: '(JOIN education.education.institution (JOIN people.person.education m.07k8x))',
    action_list: pyRepr(['get_relations(m.07k8x)', 'get_neighbors(m.07k8x, people.person.education)']),
    answer_list: pyRepr(['m.01w5m']),
    skill_list: pyRepr(['get_relations', 'get_neighbors']),
  },
]
export const KG_SCHEMA: ParquetSchema = { sample_index: 'INT64', question: 'STRING', qid: 'STRING', source: 'STRING', entity_dict: 'STRING', s_expression: 'STRING', action_list: 'STRING', answer_list: 'STRING', skill_list: 'STRING' }

export async function writeLifelongHub(root: string): Promise<void> {
  await writeRepoFile(root, LIFELONG_REPO, 'db_bench/train-00000-of-00001.parquet', parquetBuffer(DB_ROWS, DB_SCHEMA))
  await writeRepoFile(root, LIFELONG_REPO, 'os_interaction/train-00000-of-00001.parquet', parquetBuffer(OS_ROWS, OS_SCHEMA))
  await writeRepoFile(root, LIFELONG_REPO, 'knowledge_graph/train-00000-of-00001.parquet', parquetBuffer(KG_ROWS, KG_SCHEMA))
  await writeRepoFile(root, LIFELONG_REPO, 'README.md', '---\nlicense: apache-2.0\n---\n# LifelongAgentBench\n')
}
