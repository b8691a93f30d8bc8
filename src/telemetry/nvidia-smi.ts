// The fallback source when NVML cannot be loaded: a long-running `nvidia-smi --query-gpu … -lms 50` found on
// PATH. Readings are the latest tick it printed; it has no energy counter, so the sampler integrates power.
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { DeviceReading, DeviceSource, OpenResult } from './device-source.ts'
import { SMI_FIELDS, SmiTickAssembler, summariseTick } from './parse-nvidia-smi.ts'

export interface StartNvidiaSmiOptions {
  numGpus: number
  metrics: boolean
  pollMs?: number
  /** Environment for the child (PATH decides which nvidia-smi runs); process.env by default. */
  env?: NodeJS.ProcessEnv
  /** How long to wait for the first reading before giving up. */
  startTimeoutMs?: number
}

export function nvidiaSmiArgs(pollMs = 50): string[] {
  return [`--query-gpu=${SMI_FIELDS.join(',')}`, '--format=csv,noheader,nounits', '-lms', String(pollMs)]
}

export function startNvidiaSmi(opts: StartNvidiaSmiOptions): Promise<OpenResult> {
  const numGpus = Math.max(1, opts.numGpus)
  const child = spawn('nvidia-smi', nvidiaSmiArgs(opts.pollMs), { env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] })
  const source = new NvidiaSmiSource(child, numGpus, opts.metrics)
  const output: string[] = []
  return new Promise<OpenResult>((resolve) => {
    let settled = false
    const settle = (r: OpenResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (!r.ok) void source.close()
      resolve(r)
    }
    const timer = setTimeout(() => settle({ ok: false, reason: `nvidia-smi printed no reading within ${(opts.startTimeoutMs ?? 10_000) / 1000} s` }), opts.startTimeoutMs ?? 10_000)
    child.on('error', (e: NodeJS.ErrnoException) =>
      settle({ ok: false, reason: e.code === 'ENOENT' ? 'nvidia-smi not found on PATH' : `nvidia-smi could not start (${e.message})` }))
    child.on('exit', (code, signal) => {
      // "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. …" on a machine without one
      const said = output.map((l) => l.trim()).find((l) => l !== '')
      settle({ ok: false, reason: `nvidia-smi exited (${signal ?? `code ${code}`})${said ? `: ${said}` : ''}` })
    })
    child.stderr!.on('data', (d: Buffer) => output.push(...d.toString().split('\n')))
    source.onUnparsed = (line) => output.push(line)
    source.onFirstTick = () => settle({ ok: true, source })
  })
}

class NvidiaSmiSource implements DeviceSource {
  readonly kind = 'nvidia-smi' as const
  readonly hasEnergyCounter = false
  readonly deviceNames: string[] = []
  lastError: string | null = null
  onFirstTick: () => void = () => {}
  onUnparsed: (line: string) => void = () => {}
  private latest: Omit<DeviceReading, 'energyMj'> | null = null
  private exited = false

  constructor(private readonly child: ChildProcess, numGpus: number, private readonly metrics: boolean) {
    const ticks = new SmiTickAssembler(numGpus)
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const tick = ticks.push(line)
      if (!tick) return this.onUnparsed(line)
      if (this.deviceNames.length === 0) this.deviceNames.push(...tick.map((l) => `GPU ${l.index}`))
      const first = this.latest === null
      this.latest = summariseTick(tick)
      if (first) this.onFirstTick()
    })
    child.on('exit', (code, signal) => {
      this.exited = true
      this.lastError = `nvidia-smi exited (${signal ?? `code ${code}`}); no more readings`
    })
    // A forgotten close() must not keep a Vitest worker alive: the loop child and its pipes are unref'd.
    child.unref()
    ;(child.stdout as unknown as { unref?: () => void }).unref?.()
    ;(child.stderr as unknown as { unref?: () => void }).unref?.()
  }

  read(): DeviceReading {
    const r: DeviceReading = { energyMj: null, powerMw: null, utilizationPct: null, memoryUsedBytes: null }
    if (this.exited || !this.latest) return r
    r.powerMw = this.latest.powerMw
    if (this.metrics) {
      r.utilizationPct = this.latest.utilizationPct
      r.memoryUsedBytes = this.latest.memoryUsedBytes
    }
    return r
  }

  async close(): Promise<void> {
    if (this.exited || this.child.pid === undefined || this.child.exitCode !== null) return
    // Referenced again while we wait, or an otherwise idle process would exit in the middle of close().
    this.child.ref()
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()))
    this.child.kill('SIGTERM')
    let timer: NodeJS.Timeout | undefined
    await Promise.race([gone, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))])
    clearTimeout(timer)
  }
}
