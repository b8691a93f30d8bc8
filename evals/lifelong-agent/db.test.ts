// db_bench on a real MariaDB (JARVIS_MYSQL_URL, CI's server; else a throwaway mariadbd): a database per sample
// with upstream's table, the sql tool's observations, md5 verdicts against the gold SQL run on the same server,
// direct answers, the one-shot format, and every database dropped when the sample ends.
import { afterAll, describe, expect, test } from 'vitest'
import type { Attempt } from '../../src/core/backend.ts'
import { sqlServer, stopSqlServer } from '../../src/databases/index.ts'
import { openEnvironment } from '../../src/environments/index.ts'
import type { MysqlEnvironment } from '../../src/environments/mysql.ts'
import { DB_ROWS, MEMBERS_MD5, PRODUCTS_MD5 } from '../../test/support/lifelong-fixtures.ts'
import { mariadbGate } from '../../test/support/mariadb.ts'
import benchmark from './benchmark.ts'
import { subsetRecords } from './loader.ts'
import { scoreDb } from './db-scorer.ts'
import { sqlTool } from './sql-tool.ts'

const db = await mariadbGate()
const { records } = subsetRecords('db_bench', DB_ROWS)
const [sumIt, raiseToys, addDana, olderThan30] = records

/** An attempt that made `calls` tool calls (agentic) and stopped how it says. */
const attempt = (calls: number, stop: Attempt['stop'] = 'answer'): Attempt =>
  ({ turns: Array.from({ length: calls }, (_, i) => ({ toolCalls: [{ id: `c${i}`, name: 'sql', arguments: {} }] })), stop }) as unknown as Attempt

async function withSample<T>(record: (typeof records)[number], fn: (env: MysqlEnvironment) => Promise<T>): Promise<{ value: T; databases: string[] }> {
  const env = (await openEnvironment(benchmark.environment!(record)!)) as MysqlEnvironment
  try {
    return { value: await fn(env), databases: [env.database] }
  } finally {
    await env.close()
  }
}

const existing = async () => {
  const c = await (await sqlServer()).connect()
  const r = await c.query("SHOW DATABASES LIKE 'jarvis\\_%'")
  await c.close()
  return r.rows!.map((x) => String(x[0]))
}

describe.skipIf(db.skip)(`db_bench on MariaDB${db.skip ? ` (skipped: ${db.skip})` : ''}`, () => {
  afterAll(() => stopSqlServer())
  const sql = sqlTool()
  const call = (env: MysqlEnvironment, query: string) => sql.call({ query }, { environment: env })

  test("the sql tool: rows as Python prints them, [] after a change, the server's error", async () => {
    await withSample(sumIt, async (env) => {
      expect(await call(env, "SELECT name, salary FROM employees WHERE department = 'IT' ORDER BY id")).toEqual({ content: "[('Alice', 5500.5), ('Carol', 6100.25)]", isError: false })
      expect(await call(env, 'SELECT SUM(salary) FROM employees WHERE department = "IT"')).toEqual({ content: '[(11600.75,)]', isError: false })
      expect(await call(env, "SELECT name FROM employees WHERE name LIKE 'D%'")).toEqual({ content: '[("D\'Arcy",)]', isError: false })
      expect(await call(env, 'UPDATE employees SET salary = salary + 1 WHERE id = 2')).toEqual({ content: '[]', isError: false })
      const bad = await call(env, 'SELEC name FROM employees')
      expect(bad.isError).toBe(true)
      expect(bad.content).toMatch(/^1064 \(42000\): You have an error in your SQL syntax/)
      // MySQL 8's sql_mode: a bare column next to an aggregate is refused, as the dataset's server did
      expect((await call(env, 'SELECT name, SUM(salary) FROM employees')).content).toMatch(/^1140 \(42000\)/)
    })
  })

  test('md5: the state the agent left against the gold SQL on a fresh copy on the same server', async () => {
    const right = await withSample(raiseToys, async (env) => {
      await call(env, "UPDATE products SET price = price + 10 WHERE category = 'toys'")
      return scoreDb(raiseToys, 'Action: Answer\nFinal Answer: done', { environment: env, attempt: attempt(1) })
    })
    expect(right.value).toMatchObject({ isCorrect: true, expected: `table md5 ${PRODUCTS_MD5}`, extracted: PRODUCTS_MD5, metadata: { mode: 'agentic', reference_source: 'gold_sql_same_server', gold_matches_dataset_md5: true, table_hash: PRODUCTS_MD5 } })
    const wrong = await withSample(raiseToys, async (env) => {
      await call(env, 'UPDATE products SET price = price + 10')
      return scoreDb(raiseToys, 'Final Answer: done', { environment: env, attempt: attempt(1) })
    })
    expect(wrong.value).toMatchObject({ isCorrect: false, reason: 'table_state_differs', metadata: { reference_hash: PRODUCTS_MD5 } })
    // Out of rounds, but the change was made: the state is what counts (upstream judges md5 tasks the same way).
    const stopped = await withSample(addDana, async (env) => {
      await call(env, "INSERT INTO members (name, age, tier) VALUES ('Dana', 34, 'gold')")
      return scoreDb(addDana, '', { environment: env, attempt: attempt(4, 'max_turns') })
    })
    expect(stopped.value).toMatchObject({ isCorrect: true, extracted: MEMBERS_MD5, metadata: { stop: 'max_turns' } })
    for (const d of [...right.databases, ...wrong.databases, ...stopped.databases]) expect(await existing()).not.toContain(d)
    expect((await existing()).filter((d) => d.includes('lifelong'))).toEqual([])
  })

  test('a gold SQL the server refuses: the dataset md5 decides', async () => {
    const broken = { ...addDana, metadata: { ...addDana.metadata, gold_sql: 'INSRT INTO members VALUES (1)' } }
    const r = await withSample(broken, async (env) => {
      await call(env, "INSERT INTO members VALUES ('Dana', 34, 'gold')")
      return scoreDb(broken, 'Final Answer: ok', { environment: env, attempt: attempt(1) })
    })
    expect(r.value).toMatchObject({ isCorrect: true, metadata: { reference_source: 'dataset_md5', gold_sql_error: expect.stringMatching(/^1064/) } })
  })

  test("direct: the Final Answer against the dataset's rows", async () => {
    const ok = await withSample(olderThan30, (env) => scoreDb(olderThan30, "Action: Answer\nFinal Answer: [('Eve', 41), ('Gus', 35)]", { environment: env, attempt: attempt(1) }))
    expect(ok.value).toMatchObject({ isCorrect: true, extracted: "[('Eve', 41), ('Gus', 35)]" })
    const order = await withSample(olderThan30, (env) => scoreDb(olderThan30, "Final Answer: [('Gus', 35), ('Eve', 41)]", { environment: env, attempt: attempt(1) }))
    expect(order.value).toMatchObject({ isCorrect: false, reason: 'answer_differs' })
    const none = await withSample(olderThan30, (env) => scoreDb(olderThan30, 'Eve and Gus.', { environment: env, attempt: attempt(1) }))
    expect(none.value).toMatchObject({ isCorrect: false, reason: 'no_final_answer' })
    const stopped = await withSample(olderThan30, (env) => scoreDb(olderThan30, "Final Answer: [('Eve', 41), ('Gus', 35)]", { environment: env, attempt: attempt(4, 'max_turns') }))
    expect(stopped.value).toMatchObject({ isCorrect: false, reason: 'max_turns' })
  })

  test("one-shot (no tool call): upstream's Operation format is run once, its rows are the answer", async () => {
    const select = await withSample(sumIt, (env) => scoreDb(sumIt, "Action: Operation\n```sql\nSELECT SUM(salary) FROM employees WHERE department = 'IT';\n```", { environment: env, attempt: attempt(0) }))
    expect(select.value).toMatchObject({ isCorrect: true, metadata: { mode: 'oneshot', oneshot_observation: '[(11600.75,)]' } })
    const update = await withSample(raiseToys, (env) => scoreDb(raiseToys, "Action: Operation\n```sql\nUPDATE products SET price = price + 10 WHERE category = 'toys';\n```", { environment: env, attempt: attempt(0) }))
    expect(update.value).toMatchObject({ isCorrect: true, metadata: { mode: 'oneshot' } })
    const nothing = await withSample(raiseToys, (env) => scoreDb(raiseToys, 'I would raise the prices.', { environment: env, attempt: attempt(0) }))
    expect(nothing.value).toMatchObject({ isCorrect: false, reason: 'table_state_differs' })
  })
})
