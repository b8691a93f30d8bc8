// Ctrl-C during `jarvis eval run`: finished lines are already on disk (one write(2) per line), so say so, say
// how to go on, and exit 130 (the shell's code for SIGINT). Synchronous on purpose: Vitest's own SIGINT
// listener exits the process a millisecond later. The summary is written by the resumed run.

/** Runs `onInterrupt` on SIGINT, then exits 130; returns the uninstaller. */
export function exitOnInterrupt(onInterrupt: () => void): () => void {
  const handler = () => {
    try {
      onInterrupt()
    } finally {
      process.exit(130)
    }
  }
  process.on('SIGINT', handler)
  return () => void process.off('SIGINT', handler)
}

const quote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", `'\\''`)}'`)

/** The command that resumes this run: the same command and arguments plus --resume. */
export function resumeCommandLine(command: string, argv: string[]): string {
  const args = argv.filter((a) => a !== '--no-resume')
  return [command, ...args.map(quote), ...(args.includes('--resume') ? [] : ['--resume'])].join(' ')
}
