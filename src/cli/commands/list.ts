import { BENCHMARKS, isReady, missingReason } from '../../../evals/registry.ts'
import { BACKENDS } from '../../backends/index.ts'
import { renderTable } from '../table.ts'
import type { Command } from '../io.ts'
import { EVAL_SPECS } from '../command-specs.ts'
import { parseCommandLine } from '../parse-command.ts'
import { JarvisError } from '../../core/errors.ts'

/** `jarvis eval list [--ready] [--json]`: the one registry, with what is ready and what each benchmark needs. */
export const listCommand: Command = async (argv, io) => {
  const { values, positionals, help } = parseCommandLine(EVAL_SPECS.list, argv)
  if (help) return io.out(help), 0
  if (positionals.length) throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval list: unexpected argument "${positionals[0]}". Run jarvis eval list --help.`)
  const json = values.json === true
  const readyOnly = values.ready === true
  const rows = BENCHMARKS.filter((b) => !readyOnly || isReady(b))
  if (json) {
    io.out(JSON.stringify(rows.map((b) => ({ key: b.key, category: b.category, description: b.description, needs: b.needs, status: isReady(b) ? 'ready' : 'missing' })), null, 2))
    return 0
  }
  const needs = (b: (typeof rows)[number]) =>
    [b.needs.judge !== 'never' && `judge${b.needs.judge === 'fallback' ? ' (fallback)' : ''}`, b.needs.gated && 'HF_TOKEN', b.needs.sandbox && 'sandbox', b.needs.docker && 'docker', b.needs.browser && 'browser', b.needs.agentTools && 'agent tools', b.needs.localData && 'local data']
      .filter(Boolean)
      .join(', ')
  io.out('Available Benchmarks')
  io.out(renderTable(['Name', 'Category', 'Status', 'Needs', 'Description'], rows.map((b) => [b.key, b.category, isReady(b) ? 'ready' : missingReason(b).replace('not implemented yet', 'missing'), needs(b), b.description])))
  io.out('')
  io.out('Available Backends')
  io.out(renderTable(['Backend', 'Description'], BACKENDS.map((b) => [b.key, b.create ? b.description : `${b.description} (not implemented yet)`])))
  return 0
}
