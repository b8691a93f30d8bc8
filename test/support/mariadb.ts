// The MySQL-compatible server the db_bench tests use: JARVIS_MYSQL_URL when set (CI starts a mariadbd of its own
// on a unix socket, .ci/run), else a throwaway mariadbd the code under test starts itself. Outside CI, a
// machine with neither skips those tests with the reason; in CI that is a failure (gate()).
import { probeSqlServer } from '../../src/databases/index.ts'
import { gate, type Gate } from './container-image.ts'

export async function mariadbGate(env: NodeJS.ProcessEnv = process.env): Promise<Gate> {
  const p = await probeSqlServer(env)
  return gate(p.ok ? null : p.reason)
}

/** Is a mariadbd here to start throwaway servers (whatever JARVIS_MYSQL_URL says)? */
export async function throwawayGate(): Promise<Gate> {
  const p = await probeSqlServer({ PATH: process.env.PATH })
  return gate(p.ok ? null : p.reason)
}
