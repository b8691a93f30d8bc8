// No imports on purpose: the launchers run this first, before Vite and the CLI are even loaded.
/**
 * Keys out of argv: /proc/<pid>/cmdline is readable by every user on the machine for as long as the run lasts.
 * `--api-key KEY` moves to the environment (JARVIS_BACKEND_API_KEY, which the flag stands for), leaves the argv
 * the commands see, and the command line the kernel shows is overwritten without it. (Node's own start-up, tens of ms, still shows
 * it: JARVIS_BACKEND_API_KEY in the environment avoids even that.) Idempotent.
 */
export function takeSecretArgs(argv, env = process.env) {
  const out = []
  let found = false
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--api-key' && i + 1 < argv.length && !argv[i + 1].startsWith('-')) {
      env.JARVIS_BACKEND_API_KEY = argv[++i]
      found = true
    } else if (a.startsWith('--api-key=')) {
      env.JARVIS_BACKEND_API_KEY = a.slice('--api-key='.length)
      found = true
    } else out.push(a)
  }
  if (found) process.title = [process.argv[0], process.argv[1], ...out, '--api-key', '[REDACTED]'].join(' ')
  return out
}

