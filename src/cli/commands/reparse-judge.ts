import { parseArgs } from 'node:util'
import { JarvisError } from '../../core/errors.ts'
import { reparseFile } from '../reparse.ts'
import type { Command } from '../io.ts'

const USAGE = `usage: jarvis eval reparse-judge RESULTS.jsonl [--out PATH | --in-place]

Re-reads the judge replies stored in a results file with the current parsers and rewrites is_correct,
score and scoring_metadata; no model is called. Writes RESULTS.reparsed.jsonl unless --out or --in-place
is given (--in-place keeps the original as RESULTS.jsonl.bak, made once), and the new summary beside it.
Running it again on its own output changes nothing.`

/** `jarvis eval reparse-judge FILE [--out P] [--in-place]` */
export const reparseJudgeCommand: Command = async (argv, io) => {
  let parsed
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { out: { type: 'string', short: 'o' }, 'in-place': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } })
  } catch (e) {
    io.err(`jarvis eval reparse-judge: ${(e as Error).message}`)
    io.err(USAGE)
    return 2
  }
  const { values, positionals } = parsed
  if (values.help) {
    io.out(USAGE)
    return 0
  }
  if (positionals.length !== 1) {
    io.err(USAGE)
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
