// One mysql2 connection as a SqlConnection: text protocol (query, never prepared statements), rows as arrays,
// DATE/DATETIME as the server's strings, big integers exactly, one statement per call.
import mysql from 'mysql2/promise'
import type { FieldPacket, ResultSetHeader } from 'mysql2'
import type { MysqlTarget } from './mysql-url.ts'
import { SqlStatementError, type SqlConnection, type SqlField, type SqlResult } from './types.ts'

// mysql2's Types maps both ways ("0": "DECIMAL" and DECIMAL: 0): keep number → name.
const TYPE_NAMES: Record<number, string> = Object.fromEntries(Object.entries(mysql.Types as unknown as Record<string, unknown>).filter(([, v]) => typeof v === 'string').map(([n, name]) => [Number(n), name as string]))

/**
 * Session settings that make MariaDB answer like the MySQL 8 the dataset was made on: MySQL 8's default
 * sql_mode (ONLY_FULL_GROUP_BY, strict), and its 1024-byte GROUP_CONCAT limit (MariaDB's default is 1 MiB),
 * which the benchmark's md5 query over GROUP_CONCAT depends on.
 */
export const MYSQL8_SESSION = [
  "SET SESSION sql_mode = 'ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'",
  'SET SESSION group_concat_max_len = 1024',
]

export async function openConnection(t: MysqlTarget, database?: string): Promise<SqlConnection> {
  const conn = await mysql.createConnection({
    ...(t.socketPath ? { socketPath: t.socketPath } : { host: t.host, port: t.port }),
    user: t.user,
    password: t.password,
    database,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    multipleStatements: false,
    connectTimeout: 10_000,
  })
  for (const s of MYSQL8_SESSION) await conn.query(s)
  return {
    async query(sql, o = {}) {
      try {
        const [result, fields] = await conn.query({ sql, rowsAsArray: true, timeout: o.timeoutMs ?? 60_000 })
        return toResult(result, fields as FieldPacket[] | undefined)
      } catch (e) {
        const err = e as { errno?: number; sqlState?: string; sqlMessage?: string; message: string; fatal?: boolean }
        if (err.sqlMessage !== undefined && !err.fatal) throw new SqlStatementError(err.sqlMessage, err.errno ?? null, err.sqlState ?? null)
        throw e
      }
    },
    async close() {
      await conn.end().catch(() => conn.destroy())
    },
  }
}

function toResult(result: unknown, fields: FieldPacket[] | undefined): SqlResult {
  if (Array.isArray(result) && fields) {
    const f: SqlField[] = fields.map((x) => ({ name: x.name, type: TYPE_NAMES[x.columnType ?? x.type ?? -1] ?? 'UNKNOWN' }))
    return { rows: result as unknown[][], fields: f, affectedRows: 0 }
  }
  const header = result as ResultSetHeader
  return { rows: null, fields: [], affectedRows: header?.affectedRows ?? 0 }
}
