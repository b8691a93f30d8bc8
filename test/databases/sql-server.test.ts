// The server db_bench samples get databases on. The throwaway mariadbd: its own temp datadir and unix socket,
// no TCP, gone (process and folder) after stop(). JARVIS_MYSQL_URL: parsed, never printed with its password.
import { existsSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { probeSqlServer, sqlServer, stopSqlServer, SqlStatementError } from '../../src/databases/index.ts'
import { parseMysqlUrl, redactedMysqlUrl } from '../../src/databases/mysql-url.ts'
import { startThrowaway } from '../../src/databases/throwaway-mariadb.ts'
import { mariadbGate, throwawayGate } from '../support/mariadb.ts'

const throwaway = await throwawayGate()
const server = await mariadbGate()

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2].startsWith('Z')
  } catch {
    return false
  }
}

describe('JARVIS_MYSQL_URL', () => {
  test('tcp and socket forms; the password never shows', () => {
    expect(parseMysqlUrl('mysql://bench:s3cr%40t@db.local:3307')).toEqual({ user: 'bench', password: 's3cr@t', host: 'db.local', port: 3307 })
    expect(parseMysqlUrl('mysql://root@localhost?socket=/run/mysqld/mysqld.sock')).toEqual({ user: 'root', password: undefined, socketPath: '/run/mysqld/mysqld.sock' })
    expect(redactedMysqlUrl(parseMysqlUrl('mysql://bench:s3cr%40t@db.local'))).toBe('mysql://bench:***@db.local:3306')
    expect(() => parseMysqlUrl('postgres://x@y')).toThrow(/scheme "postgres" is not mysql/)
  })

  test('a server that does not answer is one line saying how to fix it', async () => {
    const p = await probeSqlServer({ JARVIS_MYSQL_URL: 'mysql://root:pw@localhost?socket=/nonexistent/mysqld.sock', PATH: process.env.PATH })
    expect(p).toEqual({ ok: false, reason: expect.stringMatching(/^JARVIS_MYSQL_URL=mysql:\/\/root@localhost\?socket=\/nonexistent\/mysqld\.sock did not answer \(.*ENOENT.*\)\. Start it, or unset JARVIS_MYSQL_URL/) })
    expect(JSON.stringify(p)).not.toContain(':pw@')
  })

  test('without a URL or a mariadbd: how to get one', async () => {
    // /usr/sbin is searched even off PATH (a user's PATH often lacks it), mariadb-install-db only on PATH.
    expect(await probeSqlServer({ PATH: '/nonexistent' })).toEqual({ ok: false, reason: expect.stringMatching(/^no JARVIS_MYSQL_URL, and .*Install mariadb-server \(apt-get install mariadb-server\) or set JARVIS_MYSQL_URL=mysql:\/\/root:pw@127\.0\.0\.1:3306\.$/) })
  })
})

describe.skipIf(throwaway.skip)(`a throwaway mariadbd${throwaway.skip ? ` (skipped: ${throwaway.skip})` : ''}`, () => {
  test('takes connections on its unix socket only, and leaves nothing behind when stopped', async () => {
    const t = await startThrowaway({ PATH: process.env.PATH })
    const dir = dirname(t.socket)
    try {
      const { openConnection } = await import('../../src/databases/connection.ts')
      const c = await openConnection(t.target)
      const vars = await c.query("SHOW VARIABLES WHERE Variable_name IN ('skip_networking', 'group_concat_max_len', 'sql_mode')")
      expect(Object.fromEntries(vars.rows!.map(([k, v]) => [k, v]))).toMatchObject({ skip_networking: 'ON', group_concat_max_len: '1024', sql_mode: expect.stringContaining('ONLY_FULL_GROUP_BY') })
      await expect(c.query('SELEC 1')).rejects.toMatchObject({ name: 'SqlStatementError', errno: 1064, sqlState: '42000' })
      await c.close()
      expect(alive(t.pid)).toBe(true)
    } finally {
      await t.stop()
    }
    expect(alive(t.pid)).toBe(false)
    expect(existsSync(dir)).toBe(false)
  }, 60_000)
})

describe.skipIf(server.skip)(`the process's server${server.skip ? ` (skipped: ${server.skip})` : ''}`, () => {
  afterAll(() => stopSqlServer())

  test('one per process, reused; statements one at a time', async () => {
    const a = await sqlServer()
    expect(await sqlServer()).toBe(a)
    expect(a.version).toMatch(/MariaDB|^\d/)
    const c = await a.connect()
    await expect(c.query('SELECT 1; SELECT 2')).rejects.toBeInstanceOf(SqlStatementError)
    expect((await c.query('SELECT 1 + 1 AS two')).rows).toEqual([[2]])
    await c.close()
  })
})
