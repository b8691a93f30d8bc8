import { readAllResults } from '../../results/read-results.ts'
import { summarizeResults } from '../../results/summary.ts'
import type { Command } from '../io.ts'

/** `jarvis eval summarize FILE`: the spec's printout (File, Benchmark, Model, Total, Scored, Correct, Accuracy, Errors). */
export const summarizeCommand: Command = async (argv, io) => {
  const files = argv.filter((a) => !a.startsWith('-'))
  if (files.length !== 1 || argv.length !== 1) {
    io.err('usage: jarvis eval summarize RESULTS.jsonl')
    return 2
  }
  const file = files[0]
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
