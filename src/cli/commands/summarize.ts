import { readAllResults } from '../../results/read-results.ts'
import { summarizeResults } from '../../results/summary.ts'
import { JarvisError } from '../../core/errors.ts'
import { EVAL_SPECS } from '../command-specs.ts'
import type { Command } from '../io.ts'
import { parseCommandLine } from '../parse-command.ts'

/** `jarvis eval summarize FILE`: the spec's printout (File, Benchmark, Model, Total, Scored, Correct, Accuracy, Errors). */
export const summarizeCommand: Command = async (argv, io) => {
  const { positionals, help } = parseCommandLine(EVAL_SPECS.summarize, argv)
  if (help) return io.out(help), 0
  if (positionals.length !== 1) throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval summarize: give exactly one results file (got ${positionals.length}). Usage: jarvis eval summarize RESULTS.jsonl`)
  const file = positionals[0]
  const issues: string[] = []
  const results = await readAllResults(file, (i) => issues.push(`line ${i.line}: ${i.reason}`))
  for (const i of issues) io.err(`warning: ${file} ${i}`)
  if (results.length === 0) {
    io.out('No records found.')
    return 0
  }
  const s = summarizeResults(results, { outputPath: file, startedAt: 0, endedAt: 0 })
  io.out(`File:      ${file}`)
  io.out(`Benchmark: ${s.benchmark}`)
  io.out(`Model:     ${s.model}`)
  io.out(`Total:     ${s.total_samples}`)
  io.out(`Scored:    ${s.scored_samples}`)
  io.out(`Correct:   ${s.correct}`)
  io.out(`Accuracy:  ${s.accuracy.toFixed(4)}`)
  io.out(`Errors:    ${s.errors}`)
  return 0
}
