// One writer per results file: two runs on one output path would interleave their lines into one file (and
// both "succeed"). The lock is a listening Unix socket in the abstract namespace named for the file's path:
// binding is exclusive machine-wide and the kernel drops it when the process dies, even on kill -9, so a
// crashed run never leaves a stale lock behind. `{output}.lock` says who holds it (for the message only).
//
//   lockOutputs(paths): Promise<OutputLocks>   throws JarvisError (exit 2) naming the holder when one is taken
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { dirname, resolve } from 'node:path'
import { JarvisError } from '../core/errors.ts'
import { lockPathFor } from './run-files.ts'

export interface OutputLocks {
  release(): void
}

const socketName = (path: string) => `\0jarvis-output-${createHash('sha256').update(resolve(path)).digest('hex').slice(0, 40)}`

function bind(path: string): Promise<Server | null> {
  return new Promise((ok) => {
    const server = createServer()
    server.once('error', () => ok(null))
    server.listen(socketName(path), () => ok(server.unref()))
  })
}

function holder(path: string): string {
  try {
    const h = JSON.parse(readFileSync(lockPathFor(path), 'utf8')) as { pid?: number; started?: string }
    return ` (pid ${h.pid}, since ${h.started})`
  } catch {
    return ''
  }
}

export async function lockOutputs(paths: string[]): Promise<OutputLocks> {
  const held: { path: string; server: Server; wrote: boolean }[] = []
  const release = () => {
    for (const h of held.splice(0)) {
      h.server.close()
      if (h.wrote) rmSync(lockPathFor(h.path), { force: true })
    }
  }
  for (const path of [...new Set(paths.map((p) => resolve(p)))]) {
    const server = await bind(path)
    if (!server) {
      release()
      throw new JarvisError('JARVIS_OUTPUT', `${path} is being written by another jarvis run${holder(path)}. Wait for it to finish, or give this run another -o/--output-dir.`)
    }
    const h = { path, server, wrote: false }
    held.push(h)
    try {
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(lockPathFor(path), `${JSON.stringify({ pid: process.pid, started: new Date().toISOString() })}\n`)
      h.wrote = true
    } catch {
      // Informational only; the socket is the lock.
    }
  }
  return { release }
}
