// Every sandbox this process has running, so that no exit path leaves one behind: a normal end runs each
// call's own cleanup; process exit, Ctrl-C (SIGINT), SIGTERM and SIGHUP run this synchronous sweep first.
// (kill -9 cannot be caught: there the parent-death signal (chain.ts) kills the sandbox and the next
// sandbox process removes the dead process's work dirs, work-dir.ts.)
//
// A signal handler must not change what the signal does: when this is the only listener, it re-raises
// the signal after cleaning up, so the process still dies of it.
import { spawnSync } from 'node:child_process'
import { killGroup } from './processes.ts'
import { removeWorkDirSync } from './work-dir.ts'

export interface LiveSandbox {
  /** The spawned chain's pid (its process group). */
  pid?: number
  uid?: number
  dir?: string
}

const live = new Set<LiveSandbox>()
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
let installed = false

function sweep(): void {
  for (const s of live) {
    if (s.pid) killGroup(s.pid)
    if (s.uid !== undefined) spawnSync('/bin/kill', ['-9', '-1'], { uid: s.uid, gid: s.uid, stdio: 'ignore', timeout: 2000 })
    if (s.dir) {
      try {
        removeWorkDirSync(s.dir)
      } catch {
        // Best effort on the way out.
      }
    }
  }
  live.clear()
}

function onSignal(signal: NodeJS.Signals): void {
  sweep()
  if (process.listenerCount(signal) === 1) {
    process.off(signal, onSignal)
    process.kill(process.pid, signal)
  }
}

function install(): void {
  if (installed) return
  installed = true
  process.on('exit', sweep)
  for (const s of SIGNALS) process.on(s, onSignal)
}

/** Registers a sandbox; fill in pid/uid/dir as they exist, and call the returned function when it is cleaned up. */
export function trackSandbox(entry: LiveSandbox): () => void {
  install()
  live.add(entry)
  return () => {
    live.delete(entry)
  }
}

/** How many sandboxes this process has running (tests). */
export const liveSandboxCount = (): number => live.size
