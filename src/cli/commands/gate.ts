import { gate } from '../../results/gate.ts'
import { JarvisError } from '../../core/errors.ts'
import { formatGateVerdict } from '../../report/gate-text.ts'
import { EVAL_SPECS } from '../command-specs.ts'
import type { Command } from '../io.ts'
import { parseCommandLine } from '../parse-command.ts'

export const GATE_USAGE = 'Usage: jarvis eval gate --baseline BASE.jsonl --candidate CAND.jsonl [--max-drop 0.02] [--alpha 0.05] [--allow-mismatch] [--json]'

/** Exit codes: 0 pass, 3 fail (a regression), 2 bad input; the printed verdict follows the same rule. */
export const GATE_EXIT = { pass: 0, fail: 3 } as const

function fraction(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback
  const v = Number(raw)
  if (!Number.isFinite(v)) throw new JarvisError('JARVIS_BAD_OPTION', `--${name} "${raw}": not a number. Give a fraction such as ${fallback}.`)
  return v
}

export const gateCommand: Command = async (argv, io) => {
  const { values: v0, positionals, help } = parseCommandLine(EVAL_SPECS.gate, argv)
  if (help) return io.out(help), 0
  if (positionals.length) throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval gate: unexpected argument "${positionals[0]}" (files go after --baseline/--candidate). ${GATE_USAGE}`)
  const values = v0 as { baseline?: string; candidate?: string; 'max-drop'?: string; alpha?: string; 'allow-mismatch'?: boolean; json?: boolean }
  if (!values.baseline || !values.candidate) throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval gate: --baseline and --candidate are required. ${GATE_USAGE}`)
  const v = await gate(values.baseline, values.candidate, {
    maxDrop: fraction('max-drop', values['max-drop'], 0.02),
    alpha: fraction('alpha', values.alpha, 0.05),
    allowMismatch: values['allow-mismatch'] === true,
  })
  if (values.json) io.out(JSON.stringify(v, null, 2))
  else for (const line of formatGateVerdict(v)) io.out(line)
  return GATE_EXIT[v.verdict]
}
