import { describe, expect, test } from 'vitest'
import { loadCtx } from '../../test/support/fixtures-wave1.ts'
import { DB_ROWS, LIFELONG_REPO, MEMBERS_MD5, OS_ROWS, writeLifelongHub } from '../../test/support/lifelong-fixtures.ts'
import { writeRepoFile, parquetBuffer } from '../../test/support/dataset-fixtures.ts'
import { useFakeHub } from '../../test/support/use-fake-hub.ts'
import { pyJsonDumps } from './cells.ts'
import { dbRecord, loadLifelong, parseSubsets, subsetRecords } from './loader.ts'
import { lifelongMessages } from './prompt.ts'
import benchmark from './benchmark.ts'

const hub = useFakeHub(writeLifelongHub)

describe('lifelong-agent loader', () => {
  test('db_bench by default, from its Hub folder, in sample_index order', async () => {
    const ctx = loadCtx()
    const records = await loadLifelong(ctx)
    expect(records.map((r) => r.record_id)).toEqual(['lifelong-agent-db_bench-0', 'lifelong-agent-db_bench-1', 'lifelong-agent-db_bench-2', 'lifelong-agent-db_bench-3'])
    expect(ctx.logs).toEqual(['db_bench: 4 tasks in sample_index order'])
    expect(hub.hub().requests.some((r) => r.path.includes('/tree/') && r.path.includes('db_bench'))).toBe(true)
    const [sum, raise, insert] = records
    expect(sum).toMatchObject({ category: 'agentic', subject: 'db_direct', metadata: { subset: 'db_bench', sample_index: 0, table_name: 'employees', answer_type: 'direct', answer_direct: [[11600.75]], answer_md5: null, gold_sql: "SELECT SUM(salary) FROM employees WHERE department = 'IT';", skills: ['select', 'where_single_condition'] } })
    expect(raise.metadata).toMatchObject({ answer_type: 'md5', columns: [{ name: 'sku', type: 'VARCHAR(10)' }, { name: 'category', type: 'TEXT' }, { name: 'price', type: 'DECIMAL(6,2)' }, { name: 'stock', type: 'INT' }] })
    expect(insert).toMatchObject({ subject: 'db_md5', reference: MEMBERS_MD5 })
    // upstream's instruction: the question, then "Table information: " + json.dumps(TableInfo.model_dump())
    expect(sum.problem).toBe(
      'What is the total salary of the employees in the IT department?\nTable information: {"name": "employees", "row_list": [[1, "Alice", "IT", 5500.5], [2, "Bob", "HR", 4200], [3, "Carol", "IT", 6100.25], [4, "D\'Arcy", "Sales", 3900.75]], "column_info_list": [{"name": "id", "type": "INT"}, {"name": "name", "type": "TEXT"}, {"name": "department", "type": "TEXT"}, {"name": "salary", "type": "FLOAT"}]}',
    )
  })

  test('subsets: a list, all, and an unknown one; the one split is train', async () => {
    const all = await loadLifelong(loadCtx({ subset: 'all' }))
    expect(all.map((r) => r.record_id)).toEqual([
      'lifelong-agent-db_bench-0', 'lifelong-agent-db_bench-1', 'lifelong-agent-db_bench-2', 'lifelong-agent-db_bench-3',
      'lifelong-agent-os_interaction-0', 'lifelong-agent-os_interaction-1', 'lifelong-agent-knowledge_graph-0',
    ])
    const os = await loadLifelong(loadCtx({ subset: 'os_interaction' }))
    expect(os[1].metadata).toMatchObject({
      init: { command_name: 'python', script: expect.stringContaining("os.makedirs('/tmp/data', exist_ok=True)") },
      evaluation: { command_name: 'bash', script: '[ "$(cat /tmp/data/count.txt)" = "2" ]' },
      ground_truth: { command_name: 'bash', script: 'grep -c ERROR /tmp/data/log.txt > /tmp/data/count.txt' },
      skills: ['grep', 'wc'],
    })
    expect(all.at(-1)).toMatchObject({ subject: 'knowledge_graph', metadata: { qid: 'grailqa-test-000117', entity_dict: { telephone: 'm.07k8x' }, answer_list: ['m.01w5m'] } })
    expect(() => parseSubsets('db_bench,webshop')).toThrow('lifelong-agent: unknown subset "webshop"; use db_bench, os_interaction, knowledge_graph, a comma-separated list of them, or all.')
    await expect(loadLifelong(loadCtx({ split: 'test' }))).rejects.toThrow('split "test" does not exist')
  })

  test('rows without sample_index keep their file order; rows without a task are left out and counted', async () => {
    const noIndex = DB_ROWS.map(({ sample_index: _, ...r }) => r)
    const { records, dropped } = subsetRecords('db_bench', [...noIndex, { instruction: '', table_info: '{}', answer_info: '{}', skill_list: '[]' }])
    expect(records.map((r) => r.metadata.sample_index)).toEqual([0, 1, 2, 3])
    expect(records[0].metadata.table_name).toBe('members')
    expect(dropped).toBe(1)
    expect(dbRecord({ ...DB_ROWS[0], table_info: 'not a literal' }, 0)).toBeNull()
  })

  test('JSON cells read like Python reprs', async () => {
    await writeRepoFile(hub.root() + '/hub', LIFELONG_REPO, 'os_interaction/train-00000-of-00001.parquet', parquetBuffer([{ ...OS_ROWS[1], initialization_command_item: '{"command_name": "bash", "script": "true"}' }], { sample_index: 'INT64', instruction: 'STRING', initialization_command_item: 'STRING', evaluation_info: 'STRING', skill_list: 'STRING', raw_entry_hash: 'STRING' }))
    const [r] = await loadLifelong(loadCtx({ subset: 'os_interaction' }))
    expect(r.metadata.init).toEqual({ command_name: 'bash', script: 'true' })
    expect(pyJsonDumps({ a: 'é', b: [1, null, true] })).toBe('{"a": "\\u00e9", "b": [1, null, true]}')
  })
})

describe('lifelong-agent prompt and protocol', () => {
  test("upstream's conversation: the requirement, the agent's OK., the question", () => {
    const r = dbRecord(DB_ROWS[1], 0)!
    const [req, ok, q] = lifelongMessages(r)
    expect(req.role).toBe('user')
    expect(req.content).toMatch(/^I will ask you a question, then you should help me operate a MySQL database with SQL to answer the question\./)
    expect(req.content).toContain('call the `sql` tool with one SQL statement')
    expect(req.content).toContain('Action: Answer\nFinal Answer: [(1, \'John Doe\', \'HR\'), (2, \'Jane Smith\', \'IT\'), ...]')
    expect(req.content).toMatch(/Now, I will give you the question that you need to solve\.$/)
    expect(ok).toEqual({ role: 'assistant', content: 'OK.' })
    expect(q).toEqual({ role: 'user', content: r.problem })
    const os = lifelongMessages({ ...r, metadata: { subset: 'os_interaction' } })[0].content
    expect(os).toMatch(/^I will provide you with a task to perform on a Linux \(Ubuntu\) system\./)
    expect(os).toContain('call the `shell` tool')
  })

  test('never shuffled, one episode per subset, upstream round limits, the state judged after a limit', () => {
    const r = dbRecord(DB_ROWS[1], 0)!
    expect(benchmark).toMatchObject({ ordered: true, scoresStoppedAttempts: true })
    expect(benchmark.episode!(r)).toBe('db_bench')
    expect(benchmark.defaultMaxTurns!(r)).toBe(4)
    expect(benchmark.defaultMaxTurns!({ ...r, metadata: { subset: 'os_interaction' } })).toBe(6)
    expect(benchmark.sampleTools!(r).map((t) => t.spec.name)).toEqual(['sql'])
    expect(benchmark.sampleTools!({ ...r, metadata: { subset: 'os_interaction' } }).map((t) => t.spec.name)).toEqual(['shell'])
    expect(benchmark.environment!(r)).toMatchObject({ kind: 'mysql', label: 'lifelong_db_0', init: ['CREATE TABLE IF NOT EXISTS `employees` (`id` INT,`name` TEXT,`department` TEXT,`salary` FLOAT)', "INSERT INTO `employees` (`id`,`name`,`department`,`salary`) VALUES ('1','Alice','IT','5500.5'),('2','Bob','HR','4200'),('3','Carol','IT','6100.25'),('4','D''Arcy','Sales','3900.75')", 'COMMIT'] })
  })
})
