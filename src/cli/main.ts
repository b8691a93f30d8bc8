import { isJarvisError } from '../core/errors.ts'
import { redactSecrets } from '../core/redact.ts'
import { processIO, type CliIO, type Command } from './io.ts'

const EVAL_COMMANDS: Record<string, { describe: string; load: () => Promise<Command> }> = {
  list: { describe: 'list benchmarks and backends', load: async () => (await import('./commands/list.ts')).listCommand },
  run: { describe: 'run benchmarks on models (flags or -c suite.toml)', load: async () => (await import('./commands/run.ts')).runCommand },
  'run-all': { describe: 'run every ready benchmark on one model', load: async () => (await import('./commands/run-all.ts')).runAllCommand },
  summarize: { describe: 'print the totals of a results JSONL', load: async () => (await import('./commands/summarize.ts')).summarizeCommand },
  compare: { describe: 'compare result files side by side, with confidence intervals', load: async () => (await import('./commands/compare.ts')).compareCommand },
  report: { describe: 'detailed report of one run (text or --html)', load: async () => (await import('./commands/report.ts')).reportCommand },
  gate: { describe: 'fail when a candidate regresses significantly against a baseline', load: async () => (await import('./commands/gate.ts')).gateCommand },
  merge: { describe: 'merge shard JSONLs of one run into one file + summary', load: async () => (await import('./commands/merge.ts')).mergeCommand },
  cache: { describe: 'show or clear the --cache response cache', load: async () => (await import('./commands/cache.ts')).cacheCommand },
  'reparse-judge': { describe: 're-parse stored judge replies and rescore, no model calls', load: async () => (await import('./commands/reparse-judge.ts')).reparseJudgeCommand },
}

const TOP_COMMANDS: Record<string, { describe: string; load: () => Promise<Command> }> = {
  serve: { describe: 'serve a GGUF model over OpenAI- and Ollama-compatible HTTP', load: async () => (await import('./commands/serve.ts')).serveCommand },
}

function usage(io: CliIO): void {
  io.out('usage: jarvis eval <command> [options]     (also: jarvis-eval <command>)')
  io.out('')
  for (const [name, c] of Object.entries(EVAL_COMMANDS)) io.out(`  jarvis eval ${name.padEnd(14)} ${c.describe}`)
  for (const [name, c] of Object.entries(TOP_COMMANDS)) io.out(`  jarvis ${name.padEnd(19)} ${c.describe}`)
  io.out('')
  io.out('Run `jarvis eval <command> --help` for its options.')
}

/** Entry point: returns the exit code (0 ok, 2 bad input, 1 crash, 3 gate failed). */
export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  try {
    const [first, second, ...rest] = argv
    if (!first || first === '--help' || first === '-h') return usage(io), first ? 0 : 2
    if (first in TOP_COMMANDS) return await (await TOP_COMMANDS[first].load())([second, ...rest].filter((x) => x !== undefined), io)
    if (first !== 'eval') {
      io.err(`jarvis: unknown command "${first}". Run jarvis --help.`)
      return 2
    }
    if (!second || second === '--help' || second === '-h') return usage(io), second ? 0 : 2
    const cmd = EVAL_COMMANDS[second]
    if (!cmd) {
      const { didYouMean } = await import('../core/errors.ts')
      io.err(`jarvis eval: unknown command "${second}".${didYouMean(second, Object.keys(EVAL_COMMANDS))} Run jarvis eval --help.`)
      return 2
    }
    return await (await cmd.load())(rest, io)
  } catch (e) {
    if (isJarvisError(e)) {
      io.err(`jarvis: ${redactSecrets(e.message)}`)
      return e.exitCode
    }
    io.err(`jarvis: internal error: ${redactSecrets((e as Error)?.stack ?? String(e))}`)
    return 1
  }
}
