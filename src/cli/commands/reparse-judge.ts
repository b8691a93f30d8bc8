import { JarvisError } from '../../core/errors.ts'
import { reparseFile } from '../reparse.ts'
import { EVAL_SPECS } from '../command-specs.ts'
import type { Command } from '../io.ts'
import { parseCommandLine } from '../parse-command.ts'

/** `jarvis eval reparse-judge FILE [--out P] [--in-place]` */
export const reparseJudgeCommand: Command = async (argv, io) => {
  const { values: v0, positionals, help } = parseCommandLine(EVAL_SPECS['reparse-judge'], argv)
  if (help) return io.out(help), 0
  const values = v0 as { out?: string; 'in-place'?: boolean }
  if (positionals.length !== 1) {
    io.err(`jarvis: jarvis eval reparse-judge: give exactly one results file (got ${positionals.length}). Usage: jarvis eval reparse-judge RESULTS.jsonl [--out PATH | --in-place]`)
    return 2
  }
  const input = positionals[0]
  if (values.out && values['in-place']) throw new JarvisError('JARVIS_BAD_OPTION', 'reparse-judge: give --out PATH or --in-place, not both.')
  const output = values['in-place'] ? input : (values.out ?? input.replace(/(\.jsonl)?$/, '.reparsed.jsonl'))
  const r = await reparseFile({ input, output })
  for (const i of r.issues) io.err(`warning: ${input} line ${i.line}: ${i.reason}`)
  io.out(`Input:   ${r.input}`)
  io.out(`Output:  ${r.output}${r.backup ? ` (original kept as ${r.backup})` : ''}`)
  io.out(`Summary: ${r.summaryPath}`)
  io.out(`${r.reparsed} records re-scored, accuracy ${r.accuracyBefore.toFixed(4)} → ${r.accuracyAfter.toFixed(4)}`)
  io.out(`${r.changed} verdicts changed; ${r.summary.total_samples - r.summary.scored_samples} records unscored${r.skipped ? `; ${r.skipped} records of benchmarks without stored judge replies left as they were` : ''}`)
  return 0
}
