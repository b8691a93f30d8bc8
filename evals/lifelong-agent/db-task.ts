// db_bench's database side, as upstream's DBBench does it: the table a sample starts from (one CREATE TABLE and
// one INSERT with every value quoted, _build_init_sql), the statements an operation runs (split on ";", the
// last result shown), and the table-state hash md5 tasks are judged by.
//
//   initStatements(meta), runOperation(conn, sql) → observation, tableHash(conn, meta), extractOperationSql(reply),
//   finalAnswer(reply)
import { SqlStatementError, type SqlConnection } from '../../src/databases/index.ts'
import type { Column } from './loader.ts'
import { pyReprRows } from './py-repr.ts'

export interface DbMeta {
  table_name: string
  columns: Column[]
  rows: unknown[][]
}

const q = (name: string) => `\`${name.replace(/`/g, '``')}\``

/** Python's '%s' % value inside quotes: str() of the value, ' doubled (backslashes left to MySQL, as upstream). */
function sqlValue(v: unknown): string {
  if (v === null || v === undefined) return 'NULL'
  const s = typeof v === 'boolean' ? (v ? 'True' : 'False') : String(v)
  return `'${s.replace(/'/g, "''")}'`
}

export function initStatements(m: DbMeta): string[] {
  const cols = m.columns.map((c) => `${q(c.name)} ${c.type}`).join(',')
  const names = m.columns.map((c) => q(c.name)).join(',')
  const out = [`CREATE TABLE IF NOT EXISTS ${q(m.table_name)} (${cols})`]
  if (m.rows.length) out.push(`INSERT INTO ${q(m.table_name)} (${names}) VALUES ${m.rows.map((r) => `(${r.map(sqlValue).join(',')})`).join(',')}`)
  out.push('COMMIT')
  return out
}

/** upstream's md5 query: md5 of the sorted 5-hex-digit row hashes of CONCAT_WS(',', every column). */
export const md5Query = (m: DbMeta): string =>
  `select md5(group_concat(rowhash order by rowhash)) as hash from( SELECT substring(MD5(CONCAT_WS(',', ${m.columns.map((c) => q(c.name)).join(',')})), 1, 5) AS rowhash FROM ${q(m.table_name)}) as sub`

export async function tableHash(conn: SqlConnection, m: DbMeta): Promise<string | null> {
  const r = await conn.query(md5Query(m))
  const v = r.rows?.[0]?.[0]
  return v === null || v === undefined ? null : String(v)
}

/** An error as mysql.connector prints it: "1064 (42000): You have an error in your SQL syntax; …". */
export const errorText = (e: unknown): string =>
  e instanceof SqlStatementError ? `${e.errno ?? ''}${e.sqlState ? ` (${e.sqlState})` : ''}: ${e.message}`.replace(/^: /, '') : (e as Error).message

/**
 * One operation: the statements split on ";" (upstream splits the same naive way), run in order, committed;
 * the observation is the last one's rows as Python prints them ("[]" without rows), or the error text.
 */
export async function runOperation(conn: SqlConnection, sql: string): Promise<{ observation: string; ok: boolean }> {
  const statements = sql.split(';').map((s) => s.trim()).filter(Boolean)
  let observation = '[]'
  try {
    for (const s of statements) {
      observation = pyReprRows(await conn.query(s, { timeoutMs: 60_000 }))
      await conn.query('COMMIT')
    }
    return { observation, ok: true }
  } catch (e) {
    if (!(e instanceof SqlStatementError)) throw e
    return { observation: errorText(e), ok: false }
  }
}

const stripThink = (t: string) => t.replace(/<think>[\s\S]*?<\/think>/g, '')

/** The SQL of a one-shot reply: upstream's "```sql\n…\n```" after "Action: Operation", else the first sql fence. */
export function extractOperationSql(reply: string): string | null {
  const t = stripThink(reply)
  const m = /```sql\n([\s\S]*?)\n```/.exec(t) ?? /```sql\s*([\s\S]*?)```/i.exec(t)
  return m ? m[1].trim().replace(/\n/g, ' ') : null
}

/** The text after the last "Final Answer:" (the rest of its line), or null. */
export function finalAnswer(reply: string): string | null {
  const all = [...stripThink(reply).matchAll(/(?:^|\n)[ \t*]*Final Answer:[ \t*]*(.*)/g)]
  return all.length ? all[all.length - 1][1].trim() : null
}
