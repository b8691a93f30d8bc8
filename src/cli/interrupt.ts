// Ctrl-C during `jarvis eval run`: finished lines are already on disk (one write(2) per line), so say so, say
// how to go on, and exit 130 (the shell's code for SIGINT). A second Ctrl-C exits at once.

/** Runs `onFirst` (bounded to 3 s) on the first SIGINT, then exits 130; returns the uninstaller. */
export function exitOnInterrupt(onFirst: () => Promise<void> | void): () => void {
  let fired = false
  const handler = () => {
    if (fired) process.exit(130)
    fired = true
    const bounded = new Promise<void>((resolve) => setTimeout(resolve, 3000).unref())
    void Promise.race([Promise.resolve().then(onFirst), bounded]).catch(() => {}).finally(() => process.exit(130))
  }
  process.on('SIGINT', handler)
  return () => void process.off('SIGINT', handler)
}

const quote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", `'\\''`)}'`)

/** The command that resumes this run: the same arguments plus --resume. */
export function resumeCommandLine(argv: string[]): string {
  const args = argv.filter((a) => a !== '--no-resume')
  return ['jarvis', 'eval', 'run', ...args.map(quote), ...(args.includes('--resume') ? [] : ['--resume'])].join(' ')
}
