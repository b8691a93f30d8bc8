import { readFileSync } from 'node:fs'
import { Command as Commander, CommanderError } from 'commander'
import { didYouMean, JarvisError } from '../core/errors.ts'
import { EVAL_SPECS, SERVE_SPEC } from './command-specs.ts'
import type { CliIO } from './io.ts'
import type { CommandSpec } from './parse-command.ts'

export const VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version

/**
 * `jarvis` → `eval <command>` | `serve`, built from the command tables. The leaves pass their argv through
 * untouched: each command parses it with its own table (parse-command.ts), so a command called directly
 * (tests, run-all) parses exactly as from the shell. Returns what to run, or the exit code when done.
 */
export function routeCommandLine(argv: string[], io: CliIO): { spec: CommandSpec; argv: string[] } | { exitCode: number } {
  let picked: { spec: CommandSpec; argv: string[] } | null = null
  const out = { text: '' }
  const program = new Commander('jarvis')
    .usage('<command> [options]')
    .description('Vitest-native LLM evaluations: accuracy, latency and energy per sample (also: jarvis-eval <command>)')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show this help')
    .helpCommand(false)
    .enablePositionalOptions()
    .showSuggestionAfterError(false)
    .exitOverride()
    .configureOutput({ writeOut: (s) => (out.text += s), writeErr: (s) => (out.text += s), getOutHelpWidth: () => 100, getErrHelpWidth: () => 100 })
  const leaf = (parent: Commander, name: string, spec: CommandSpec) =>
    parent
      .command(name)
      .description(spec.summary)
      .usage(spec.usage)
      .helpOption(false)
      .allowUnknownOption()
      .allowExcessArguments()
      .passThroughOptions()
      .action((_o, cmd: Commander) => void (picked = { spec, argv: cmd.args }))
  const evalGroup = program.command('eval').description('evaluation commands (jarvis eval <command> --help)').usage('<command> [options]').helpCommand(false).enablePositionalOptions().exitOverride()
  evalGroup.configureOutput(program.configureOutput())
  for (const [name, spec] of Object.entries(EVAL_SPECS)) leaf(evalGroup, name, spec)
  leaf(program, 'serve', SERVE_SPEC)
  program.addHelpText('after', `\nCommands of jarvis eval:\n${Object.entries(EVAL_SPECS).map(([n, s]) => `  jarvis eval ${n.padEnd(14)} ${s.summary}`).join('\n')}\n\nRun \`jarvis eval <command> --help\` for its options.`)
  try {
    program.parse(argv, { from: 'user' })
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e
    const text = out.text.trimEnd()
    if (e.code === 'commander.version' || e.code === 'commander.helpDisplayed') return io.out(text), { exitCode: 0 }
    // No command given: the usage, and exit 2 (a script that forgot its command should not pass).
    if (e.code === 'commander.help') return io.out(text), { exitCode: 2 }
    if (e.code === 'commander.unknownCommand') {
      const name = /'([^']+)'/.exec(e.message)?.[1] ?? ''
      if (argv[0] === 'eval') throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval: unknown command "${name}".${didYouMean(name, Object.keys(EVAL_SPECS))} Run jarvis eval --help.`)
      throw new JarvisError('JARVIS_BAD_OPTION', `unknown command "${name}".${didYouMean(name, ['eval', 'serve'])} Run jarvis --help.`)
    }
    if (e.code === 'commander.unknownOption') throw new JarvisError('JARVIS_BAD_OPTION', `${e.message.replace(/^error: /, '')}. Run jarvis --help.`)
    throw e
  }
  return picked ?? { exitCode: 0 }
}
