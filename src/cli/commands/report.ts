import { JarvisError } from '../../core/errors.ts'
import { writeHtmlReport } from '../../report/html.ts'
import { formatReport } from '../../report/report-text.ts'
import { loadRun } from '../../report/run-data.ts'
import { requireRunPaths } from '../../results/run-files.ts'
import { EVAL_SPECS } from '../command-specs.ts'
import type { Command } from '../io.ts'
import { parseCommandLine } from '../parse-command.ts'

export const REPORT_USAGE = 'Usage: jarvis eval report FILE.jsonl [--html OUT.html]'

export const reportCommand: Command = async (argv, io) => {
  const { values, positionals, help } = parseCommandLine(EVAL_SPECS.report, argv)
  if (help) return io.out(help), 0
  if (positionals.length !== 1) throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval report: give exactly one results file (got ${positionals.length}). ${REPORT_USAGE}`)
  const run = await loadRun(requireRunPaths(positionals[0]))
  for (const line of formatReport(run)) io.out(line)
  if (typeof values.html === 'string') {
    await writeHtmlReport(values.html, { runs: [run], paired: null, title: `Evaluation report — ${run.summary.benchmark} / ${run.summary.model}` })
    io.out('')
    io.out(`HTML report: ${values.html}`)
  }
  return 0
}
