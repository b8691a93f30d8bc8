// A throwaway MariaDB (or MySQL) server for one process: a fresh data directory in a temp folder, a unix socket
// there, no TCP port (--skip-networking), stopped and deleted by stop(), at process exit, and — when setpriv is
// there — killed by the kernel if this process dies first (--pdeathsig), so no run leaves a server behind.
//
//   findServerBinaries(env): { server, installDb } | string (why not)      startThrowaway(env, log): Promise<Throwaway>
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { JarvisError } from '../core/errors.ts'
import type { MysqlTarget } from './mysql-url.ts'

const SBIN = ['/usr/sbin', '/usr/local/sbin', '/usr/local/mysql/bin']

function which(names: string[], env: NodeJS.ProcessEnv): string | null {
  const dirs = [...(env.PATH ?? '').split(delimiter).filter(Boolean), ...SBIN]
  for (const name of names)
    for (const dir of dirs) {
      try {
        accessSync(join(dir, name), constants.X_OK)
        return join(dir, name)
      } catch {}
    }
  return null
}

export const INSTALL_HINT = 'Install mariadb-server (apt-get install mariadb-server) or set JARVIS_MYSQL_URL=mysql://root:pw@127.0.0.1:3306.'

export function findServerBinaries(env: NodeJS.ProcessEnv = process.env): { server: string; installDb: string } | string {
  const server = which(['mariadbd', 'mysqld'], env)
  const installDb = which(['mariadb-install-db', 'mysql_install_db'], env)
  if (!server) return `no JARVIS_MYSQL_URL, and mariadbd was not found to start one. ${INSTALL_HINT}`
  if (!installDb) return `no JARVIS_MYSQL_URL, and mariadb-install-db (to make a data directory for ${server}) is not on PATH. ${INSTALL_HINT}`
  return { server, installDb }
}

export interface Throwaway {
  target: MysqlTarget
  socket: string
  pid: number
  stop(): Promise<void>
}

const isRoot = () => process.getuid?.() === 0

export async function startThrowaway(env: NodeJS.ProcessEnv, log: (line: string) => void = () => {}): Promise<Throwaway> {
  const bins = findServerBinaries(env)
  if (typeof bins === 'string') throw new JarvisError('JARVIS_REQUIREMENT', `MySQL-compatible server: ${bins}`)
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-mariadb-'))
  const data = join(dir, 'data')
  const socket = join(dir, 'mysqld.sock')
  const errLog = join(dir, 'error.log')
  const small = ['--innodb-log-file-size=8M', '--innodb-buffer-pool-size=32M']
  const user = isRoot() ? ['--user=root'] : []
  try {
    const init = spawnSync(bins.installDb, ['--no-defaults', `--datadir=${data}`, ...user, '--auth-root-authentication-method=normal', '--skip-test-db', ...small], { encoding: 'utf8', timeout: 120_000, env: { PATH: env.PATH ?? '', HOME: dir } })
    if (init.status !== 0) throw new Error(`${bins.installDb} failed (${(init.stderr || init.error?.message || `exit ${init.status}`).trim().split('\n').slice(-2).join(' ')})`)
    const args = ['--no-defaults', `--datadir=${data}`, `--socket=${socket}`, '--skip-networking', `--pid-file=${join(dir, 'mysqld.pid')}`, `--log-error=${errLog}`, ...user, ...small]
    // setpriv --pdeathsig: the kernel kills the server when the process (thread) that started it goes away.
    const setpriv = which(['setpriv'], env)
    const [cmd, argv]: [string, string[]] = setpriv ? [setpriv, ['--pdeathsig', 'KILL', '--', bins.server, ...args]] : [bins.server, args]
    const child = spawn(cmd, argv, { stdio: 'ignore', env: { PATH: env.PATH ?? '', HOME: dir } })
    child.unref()
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    const atExit = () => killNow(child, dir)
    process.once('exit', atExit)
    const target: MysqlTarget = { user: 'root', socketPath: socket }
    try {
      await waitReady(target, exited, 30_000)
    } catch (e) {
      killNow(child, dir)
      process.removeListener('exit', atExit)
      throw new Error(`${(e as Error).message}${tail(errLog)}`)
    }
    log(`started a throwaway ${bins.server} (pid ${child.pid}, socket ${socket}, no TCP)`)
    let stopped: Promise<void> | null = null
    return {
      target,
      socket,
      pid: child.pid!,
      stop: () =>
        (stopped ??= (async () => {
          if (child.exitCode === null && child.signalCode === null) {
            // Keep the process alive until the server is gone (the child was unref'd so it never holds a run open).
            child.ref()
            child.kill('SIGTERM')
            let timer: NodeJS.Timeout | undefined
            const gone = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), 15_000)))])
            clearTimeout(timer)
            if (!gone) child.kill('SIGKILL'), await exited
          }
          process.removeListener('exit', atExit)
          rmSync(dir, { recursive: true, force: true })
        })()),
    }
  } catch (e) {
    rmSync(dir, { recursive: true, force: true })
    throw new JarvisError('JARVIS_REQUIREMENT', `could not start a throwaway MariaDB server: ${(e as Error).message}. ${INSTALL_HINT}`)
  }
}

function killNow(child: ChildProcess, dir: string): void {
  try {
    if (child.exitCode === null) child.kill('SIGKILL')
  } catch {}
  rmSync(dir, { recursive: true, force: true })
}

const tail = (file: string): string => {
  try {
    const lines = readFileSync(file, 'utf8').trim().split('\n').filter((l) => /ERROR|error/.test(l))
    return lines.length ? ` (${lines.slice(-2).join(' ')})` : ''
  } catch {
    return ''
  }
}

async function waitReady(target: MysqlTarget, exited: Promise<number | null>, timeoutMs: number): Promise<void> {
  const { openConnection } = await import('./connection.ts')
  const deadline = Date.now() + timeoutMs
  let done: number | null | undefined
  void exited.then((c) => (done = c))
  for (;;) {
    if (done !== undefined) throw new Error(`the server exited (code ${done}) before it took connections`)
    try {
      const c = await openConnection(target)
      await c.close()
      return
    } catch (e) {
      if (Date.now() > deadline) throw new Error(`the server did not take connections within ${timeoutMs / 1000} s (${(e as Error).message})`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}
