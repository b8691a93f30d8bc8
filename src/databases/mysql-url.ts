// JARVIS_MYSQL_URL: a MySQL-compatible server the user runs. mysql://user[:password]@host[:port] for TCP, or
// mysql://user[:password]@localhost?socket=/run/mysqld/mysqld.sock for a unix socket.
//
//   parseMysqlUrl(text): MysqlTarget        redactedMysqlUrl(target): string (no password, for logs)
import { JarvisError } from '../core/errors.ts'

export interface MysqlTarget {
  user: string
  password?: string
  host?: string
  port?: number
  socketPath?: string
}

export function parseMysqlUrl(text: string): MysqlTarget {
  let u: URL
  try {
    u = new URL(text)
  } catch {
    throw new JarvisError('JARVIS_BAD_OPTION', 'JARVIS_MYSQL_URL is not a URL; use mysql://user:password@host:port or mysql://user@localhost?socket=/path/to/mysqld.sock.')
  }
  if (u.protocol !== 'mysql:' && u.protocol !== 'mariadb:') throw new JarvisError('JARVIS_BAD_OPTION', `JARVIS_MYSQL_URL: scheme "${u.protocol.replace(/:$/, '')}" is not mysql; use mysql://user:password@host:port or mysql://user@localhost?socket=/path/to/mysqld.sock.`)
  const socketPath = u.searchParams.get('socket') ?? undefined
  const user = decodeURIComponent(u.username) || 'root'
  const password = u.password ? decodeURIComponent(u.password) : undefined
  if (socketPath) return { user, password, socketPath }
  if (!u.hostname) throw new JarvisError('JARVIS_BAD_OPTION', 'JARVIS_MYSQL_URL names no host; use mysql://user:password@host:port or mysql://user@localhost?socket=/path/to/mysqld.sock.')
  return { user, password, host: u.hostname, port: u.port ? Number(u.port) : 3306 }
}

export const redactedMysqlUrl = (t: MysqlTarget): string =>
  t.socketPath ? `mysql://${t.user}@localhost?socket=${t.socketPath}` : `mysql://${t.user}${t.password ? ':***' : ''}@${t.host}:${t.port}`
