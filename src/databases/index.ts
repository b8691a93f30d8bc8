// The MySQL-compatible server of this process: JARVIS_MYSQL_URL when set (the user's server), else a throwaway
// mariadbd started on first use (throwaway-mariadb.ts) and stopped by stopSqlServer() or at process exit.
//
//   sqlServer(env?, log?): Promise<SqlServer>      stopSqlServer(): Promise<void>
//   probeSqlServer(env?): Promise<{ ok: true, where } | { ok: false, reason }>   (requirement probes; starts nothing)
import { JarvisError } from '../core/errors.ts'
import { parseMysqlUrl, redactedMysqlUrl, type MysqlTarget } from './mysql-url.ts'
import type { SqlServer } from './types.ts'

export type { SqlConnection, SqlField, SqlResult, SqlServer } from './types.ts'
export { SqlStatementError } from './types.ts'

let current: { key: string; server: Promise<SqlServer> } | null = null

export function sqlServer(env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = () => {}): Promise<SqlServer> {
  const key = env.JARVIS_MYSQL_URL?.trim() ?? ''
  if (current?.key === key) return current.server
  const old = current
  const server = (async () => {
    await old?.server.then((s) => s.close(), () => {})
    return key ? external(parseMysqlUrl(key)) : throwaway(env, log)
  })()
  current = { key, server }
  // A failed start is not cached: the next sample tries again (and says why again).
  server.catch(() => {
    if (current?.server === server) current = null
  })
  return server
}

export async function stopSqlServer(): Promise<void> {
  const c = current
  current = null
  await c?.server.then((s) => s.close(), () => {})
}

async function versionOf(t: MysqlTarget): Promise<string> {
  const { openConnection } = await import('./connection.ts')
  const c = await openConnection(t)
  try {
    const r = await c.query('SELECT VERSION()')
    return String(r.rows?.[0]?.[0] ?? '')
  } finally {
    await c.close()
  }
}

async function external(t: MysqlTarget): Promise<SqlServer> {
  const where = redactedMysqlUrl(t)
  let version: string
  try {
    version = await versionOf(t)
  } catch (e) {
    throw new JarvisError('JARVIS_REQUIREMENT', `MySQL-compatible server: JARVIS_MYSQL_URL=${where} did not answer (${(e as Error).message}). Start it, or unset JARVIS_MYSQL_URL to let jarvis-evals start a throwaway mariadbd.`)
  }
  const { openConnection } = await import('./connection.ts')
  return { where, kind: 'external', version, connect: (db) => openConnection(t, db), close: async () => {} }
}

async function throwaway(env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<SqlServer> {
  const { startThrowaway } = await import('./throwaway-mariadb.ts')
  const t = await startThrowaway(env, log)
  const { openConnection } = await import('./connection.ts')
  let version = ''
  try {
    version = await versionOf(t.target)
  } catch (e) {
    await t.stop()
    throw e
  }
  return { where: `throwaway mariadbd on ${t.socket}`, kind: 'throwaway', version, connect: (db) => openConnection(t.target, db), close: () => t.stop() }
}

export type SqlProbe = { ok: true; where: string } | { ok: false; reason: string }

/** What a run would get, without starting anything: the user's server answering, or a server binary to start. */
export async function probeSqlServer(env: NodeJS.ProcessEnv = process.env): Promise<SqlProbe> {
  const url = env.JARVIS_MYSQL_URL?.trim()
  if (url) {
    let t: MysqlTarget
    try {
      t = parseMysqlUrl(url)
    } catch (e) {
      return { ok: false, reason: (e as Error).message }
    }
    try {
      return { ok: true, where: `${redactedMysqlUrl(t)} (${await versionOf(t)})` }
    } catch (e) {
      return { ok: false, reason: `JARVIS_MYSQL_URL=${redactedMysqlUrl(t)} did not answer (${(e as Error).message}). Start it, or unset JARVIS_MYSQL_URL to let jarvis-evals start a throwaway mariadbd.` }
    }
  }
  const { findServerBinaries, INSTALL_HINT } = await import('./throwaway-mariadb.ts')
  const bins = findServerBinaries(env)
  if (typeof bins === 'string') return { ok: false, reason: bins }
  const { spawnSync } = await import('node:child_process')
  const v = spawnSync(bins.server, ['--version'], { encoding: 'utf8', timeout: 10_000, env: { PATH: env.PATH ?? '' } })
  if (v.status !== 0) return { ok: false, reason: `${bins.server} --version failed (${(v.stderr || v.error?.message || `exit ${v.status}`).trim().split('\n').pop()}). ${INSTALL_HINT}` }
  const version = /Ver\s+(\S+)/.exec(v.stdout)?.[1] ?? v.stdout.trim()
  return { ok: true, where: `${bins.server} ${version} (a throwaway server per run: unix socket, no TCP)` }
}
