import { Command as Commander, CommanderError, Option } from 'commander'
import { didYouMean, JarvisError } from '../core/errors.ts'
import type { Command } from './io.ts'

// One parser for every command: each command is a table of options (command-specs.ts, run-spec.ts); commander
// parses it and writes its help. Errors become one JarvisError line (exit 2) in the house style, with our own
// did-you-mean, so every command reports a typo the same way.

export interface OptionSpec {
  /** commander flags: '-c, --config <path>' or '--cache'. */
  flags: string
  help: string
  /** Also accept --no-<name> (the value is then false; neither given: undefined, so the suite decides). */
  negatable?: boolean
  /** Accepted by name and refused with this reason: a flag the harness does not implement yet is never ignored. */
  notYet?: string
}

export interface CommandSpec {
  /** 'jarvis eval run' */
  path: string
  summary: string
  /** What follows the command in the usage line: '(-c SUITE.toml | -b KEY -m MODEL) [options]'. */
  usage: string
  options: OptionSpec[]
  /** Text after the options in --help. */
  epilog?: string
  load: () => Promise<Command>
}

export interface ParsedCommandLine {
  /** By long name without dashes ('max-samples'); undefined when not given. */
  values: Record<string, string | boolean | undefined>
  positionals: string[]
  /** The generated help text when -h/--help was given (the command prints it and exits 0). */
  help: string | null
}

const longName = (flags: string) => /--([a-z0-9-]+)/.exec(flags)![1]

function buildCommander(spec: CommandSpec, sink: { out: string }): Commander {
  const c = new Commander(spec.path)
    .usage(spec.usage)
    .description(spec.summary)
    .helpOption('-h, --help', 'show this help')
    .allowExcessArguments(true)
    .showSuggestionAfterError(false)
    .exitOverride()
    .configureOutput({ writeOut: (s) => (sink.out += s), writeErr: () => {}, getOutHelpWidth: () => 100 })
  for (const o of spec.options) {
    c.addOption(new Option(o.flags, o.notYet ? `${o.help} (not implemented yet)` : o.help))
    if (o.negatable) c.addOption(new Option(`--no-${longName(o.flags)}`).hideHelp())
  }
  if (spec.epilog) c.addHelpText('after', `\n${spec.epilog}`)
  return c
}

/** The generated --help of a command. */
export function helpText(spec: CommandSpec): string {
  return buildCommander(spec, { out: '' }).helpInformation().trimEnd()
}

/** Parses a command's argv by its table; bad input throws one JarvisError line naming the command. */
export function parseCommandLine(spec: CommandSpec, argv: string[]): ParsedCommandLine {
  const sink = { out: '' }
  const c = buildCommander(spec, sink)
  const run = `Run ${spec.path} --help.`
  try {
    c.parse(argv, { from: 'user' })
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.help') return { values: {}, positionals: [], help: sink.out.trimEnd() }
    if (e.code === 'commander.unknownOption') {
      const flag = /'([^']+)'/.exec(e.message)?.[1]?.replace(/=.*$/, '') ?? ''
      const longs = spec.options.map((o) => longName(o.flags))
      const hint = flag.startsWith('--') ? didYouMean(flag.slice(2), longs).replace(/"([^"]+)"/g, '"--$1"') : ''
      throw new JarvisError('JARVIS_BAD_OPTION', `${spec.path}: unknown option ${flag}.${hint} ${run}`)
    }
    if (e.code === 'commander.optionMissingArgument') {
      const m = /option '(?:(-\w), )?(--[\w-]+)/.exec(e.message)
      const flags = m ? [m[1], m[2]].filter(Boolean).join('/') : 'an option'
      throw new JarvisError('JARVIS_BAD_OPTION', `${spec.path}: ${flags} needs a value. ${run}`)
    }
    throw new JarvisError('JARVIS_BAD_OPTION', `${spec.path}: ${e.message.replace(/^error: /, '').replace(/\.?$/, '.')} ${run}`)
  }
  const opts = c.opts()
  const values: Record<string, string | boolean | undefined> = {}
  for (const o of c.options) if (!o.negate) values[o.name()] = opts[o.attributeName()] as string | boolean | undefined
  for (const o of spec.options) {
    if (o.notYet && values[longName(o.flags)] !== undefined) throw new JarvisError('JARVIS_UNSUPPORTED', `--${longName(o.flags)}: ${o.notYet}.`)
  }
  return { values, positionals: c.args, help: null }
}
