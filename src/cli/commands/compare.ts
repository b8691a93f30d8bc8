import { didYouMean, JarvisError } from '../../core/errors.ts'
import { formatCompare, metricOf, pairRuns } from '../../report/compare-text.ts'
import { writeHtmlReport } from '../../report/html.ts'
import { loadRun, type RunData } from '../../report/run-data.ts'
import { resolveRunPaths } from '../../results/run-files.ts'
import { EVAL_SPECS } from '../command-specs.ts'
import type { Command } from '../io.ts'
import { parseCommandLine } from '../parse-command.ts'

export const COMPARE_USAGE = 'Usage: jarvis eval compare A.jsonl B.jsonl … [--metric accuracy] [--html OUT.html]'

export const compareCommand: Command = async (argv, io) => {
  const { values, positionals, help } = parseCommandLine(EVAL_SPECS.compare, argv)
  if (help) return io.out(help), 0
  if (positionals.length === 0) throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval compare: give at least one results file. ${COMPARE_USAGE}`)
  const metric = (values.metric as string | undefined) ?? 'accuracy'
  const runs: RunData[] = []
  for (const file of positionals) {
    const paths = resolveRunPaths(file)
    if (!paths) {
      io.err(`Skipping missing file ${file}`)
      continue
    }
    runs.push(await loadRun(paths, { lineMetric: metric === 'accuracy' ? undefined : metric }))
  }
  if (runs.length === 0) {
    io.err('No valid result files found.')
    return 2
  }
  if (metric !== 'accuracy' && runs.every((r) => metricOf(r, metric) === null)) {
    const keys = Object.entries(runs[0].summary).filter(([, v]) => typeof v === 'number').map(([k]) => k)
    throw new JarvisError('JARVIS_BAD_OPTION', `--metric ${metric}: no run has it, in its summary or its JSONL lines.${didYouMean(metric, keys)} Summary metrics: ${keys.join(', ')}.`)
  }
  const paired = runs.length === 2 ? pairRuns(runs[0], runs[1]) : null
  for (const line of formatCompare(runs, metric, paired)) io.out(line)
  for (const r of runs) for (const n of r.notes) io.err(`note: ${n}`)
  if (typeof values.html === 'string') {
    await writeHtmlReport(values.html, { runs, paired, title: `Comparison — ${runs.length} runs` })
    io.out('')
    io.out(`HTML report: ${values.html}`)
  }
  return 0
}
