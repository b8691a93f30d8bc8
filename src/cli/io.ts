// What a command writes to: injectable so tests can capture output without spawning.
export interface CliIO {
  out(line: string): void
  err(line: string): void
  /** True when stdout is a terminal (live progress redraws only then). */
  isTTY: boolean
  /** The terminal's width, when stdout is one (tables fit it); undefined in logs and pipes. */
  columns?: number
}

// `jarvis eval … | head` closes stdout early: stop writing instead of crashing with EPIPE.
let stdoutClosed = false
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') stdoutClosed = true
  else throw e
})

export const processIO = (): CliIO => ({
  out: (line) => {
    if (!stdoutClosed) process.stdout.write(`${line}\n`)
  },
  err: (line) => process.stderr.write(`${line}\n`),
  isTTY: Boolean(process.stdout.isTTY),
  get columns() {
    return process.stdout.isTTY ? process.stdout.columns : undefined
  },
})

/** A command: parses its own argv and returns the exit code (0 ok, 2 bad input, others its own). */
export type Command = (argv: string[], io: CliIO) => Promise<number>
