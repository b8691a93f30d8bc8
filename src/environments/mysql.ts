// `mysql`: a fresh database per sample on the process's MySQL-compatible server (src/databases: the user's
// JARVIS_MYSQL_URL, or a throwaway mariadbd on a unix socket), set up by the spec's statements, dropped when the
// sample ends whatever happened. Scorers can make more fresh databases on the same server (a reference state
// computed by the gold SQL) through `scratch`; those are dropped with the sample too.
//
// Spec: { kind: 'mysql', label?, init: string[] }
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sqlServer, type SqlConnection, type SqlServer } from '../databases/index.ts'
import type { Environment, EnvironmentSpec } from '../core/environment.ts'

export interface MysqlEnvironmentSpec extends EnvironmentSpec {
  kind: 'mysql'
  /** Part of the database name, for someone looking at the server ("lifelong_db_17"). */
  label?: string
  /** Statements run one by one in the new database (CREATE TABLE …, INSERT …); a failure fails the sample's setup. */
  init: string[]
}

export interface ScratchDatabase {
  database: string
  connection: SqlConnection
}

export interface MysqlEnvironment extends Environment {
  readonly kind: 'mysql'
  readonly server: SqlServer
  readonly database: string
  /** The sample's connection, its database selected: what the agent's SQL runs on. */
  readonly connection: SqlConnection
  /** Another fresh database on the same server, set up by `init`; dropped when the sample ends. */
  scratch(init: string[], label?: string): Promise<ScratchDatabase>
}

export const isMysqlEnvironment = (e: Environment | null | undefined): e is MysqlEnvironment => e?.kind === 'mysql' && 'connection' in e

const dbName = (label: string) => `jarvis_${label.replace(/[^a-zA-Z0-9_]/g, '_').slice(0, 40)}_${randomBytes(4).toString('hex')}`

export async function openMysqlEnvironment(raw: EnvironmentSpec): Promise<Environment> {
  const spec = raw as MysqlEnvironmentSpec
  const server = await sqlServer(process.env, (l) => process.stderr.write(`[jarvis] ${l}\n`))
  const admin = await server.connect()
  const made: string[] = []
  const opened: SqlConnection[] = []
  const workDir = mkdtempSync(join(tmpdir(), 'jarvis-env-'))
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    await Promise.allSettled(opened.map((c) => c.close()))
    for (const d of made) await admin.query(`DROP DATABASE IF EXISTS \`${d}\``).catch(() => {})
    await admin.close()
    rmSync(workDir, { recursive: true, force: true })
  }
  const create = async (init: string[], label: string): Promise<ScratchDatabase> => {
    const database = dbName(label)
    await admin.query(`CREATE DATABASE \`${database}\``)
    made.push(database)
    const connection = await server.connect(database)
    opened.push(connection)
    for (const stmt of init) await connection.query(stmt)
    return { database, connection }
  }
  try {
    const label = spec.label ?? 'sample'
    const main = await create(spec.init ?? [], label)
    const env: MysqlEnvironment = {
      kind: 'mysql',
      workDir,
      server,
      database: main.database,
      connection: main.connection,
      scratch: (init, l) => create(init, `${l ?? label}_ref`),
      close,
    }
    return env
  } catch (e) {
    await close()
    throw e
  }
}
