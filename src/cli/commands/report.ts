import { parseArgs } from 'node:util'
import { JarvisError } from '../../core/errors.ts'
import { writeHtmlReport } from '../../report/html.ts'
import { formatReport } from '../../report/report-text.ts'
import { loadRun } from '../../report/run-data.ts'
import { requireRunPaths } from '../../results/run-files.ts'
import type { Command } from '../io.ts'

export const REPORT_USAGE = 'Usage: jarvis eval report FILE.jsonl [--html OUT.html]'

export const reportCommand: Command = async (argv, io) => {
  let values, positionals
  try {
    ;({ values, positionals } = parseArgs({ args: argv, options: { html: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } }, strict: true, allowPositionals: true }))
  } catch (e) {
    throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval report: ${(e as Error).message}. ${REPORT_USAGE}`)
  }
  if (values.help) {
    io.out(REPORT_USAGE)
    return 0
  }
  if (positionals.length !== 1) throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval report: give exactly one results file (got ${positionals.length}). ${REPORT_USAGE}`)
  const run = await loadRun(requireRunPaths(positionals[0]))
  for (const line of formatReport(run)) io.out(line)
  if (values.html) {
    await writeHtmlReport(values.html, { runs: [run], paired: null, title: `Evaluation report — ${run.summary.benchmark} / ${run.summary.model}` })
    io.out('')
    io.out(`HTML report: ${values.html}`)
  }
  return 0
}
