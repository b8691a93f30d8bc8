import { JarvisError } from '../../core/errors.ts'
import { readResults } from '../../results/read-results.ts'
import { writeSummary } from '../../results/summary.ts'
import { moveAside, serializeResult, writeFileAtomic } from '../../results/write.ts'
import { EVAL_SPECS } from '../command-specs.ts'
import type { Command } from '../io.ts'
import { parseCommandLine } from '../parse-command.ts'

/**
 * `jarvis eval merge -o OUT.jsonl SHARD1.jsonl SHARD2.jsonl …`: the shards of one run (e.g. `--shard` on several
 * machines) → one JSONL with each record once, and its summary. Two shards with the same record id and
 * different verdicts are refused: they are not shards of one run.
 */
export const mergeCommand: Command = async (argv, io) => {
  const parsed = parseCommandLine(EVAL_SPECS.merge, argv)
  if (parsed.help) return io.out(parsed.help), 0
  const values = parsed.values as { output?: string }
  const positionals = parsed.positionals
  if (!values.output || positionals.length < 1) throw new JarvisError('JARVIS_BAD_OPTION', 'jarvis eval merge needs -o OUT.jsonl and at least one shard. Usage: jarvis eval merge -o OUT.jsonl A.jsonl B.jsonl …')
  const seen = new Map<string, string>()
  const lines: string[] = []
  let duplicates = 0
  for (const file of positionals) {
    for await (const r of readResults(file, (i) => io.err(`warning: ${file} line ${i.line}: ${i.reason}`))) {
      const line = serializeResult(r)
      const prev = seen.get(r.record_id)
      if (prev !== undefined) {
        const a = JSON.parse(prev)
        if (a.is_correct !== r.is_correct || a.benchmark !== r.benchmark || a.model !== r.model)
          throw new JarvisError('JARVIS_RESULTS', `${file}: record ${r.record_id} is also in an earlier file with another verdict or model; these are not shards of one run.`)
        duplicates++
        continue
      }
      seen.set(r.record_id, line)
      lines.push(line)
    }
  }
  const moved = moveAside(values.output)
  if (moved) io.out(`kept the previous ${values.output} as ${moved}`)
  writeFileAtomic(values.output, lines.join(''))
  const now = Date.now() / 1000
  const s = await writeSummary({ outputPath: values.output, startedAt: now, endedAt: now })
  io.out(`merged ${positionals.length} files: ${lines.length} records${duplicates ? ` (${duplicates} duplicate lines dropped)` : ''}, accuracy ${s.accuracy.toFixed(4)} → ${values.output}`)
  return 0
}
