import { parseArgs } from 'node:util'
import { gate } from '../../results/gate.ts'
import { JarvisError } from '../../core/errors.ts'
import { formatGateVerdict } from '../../report/gate-text.ts'
import type { Command } from '../io.ts'

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
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        baseline: { type: 'string' },
        candidate: { type: 'string' },
        'max-drop': { type: 'string' },
        alpha: { type: 'string' },
        'allow-mismatch': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (e) {
    throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval gate: ${(e as Error).message}. ${GATE_USAGE}`)
  }
  if (values.help) {
    io.out(GATE_USAGE)
    return 0
  }
  if (!values.baseline || !values.candidate) throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval gate: --baseline and --candidate are required. ${GATE_USAGE}`)
  const v = await gate(values.baseline, values.candidate, {
    maxDrop: fraction('max-drop', values['max-drop'], 0.02),
    alpha: fraction('alpha', values.alpha, 0.05),
    allowMismatch: values['allow-mismatch'],
  })
  if (values.json) io.out(JSON.stringify(v, null, 2))
  else for (const line of formatGateVerdict(v)) io.out(line)
  return GATE_EXIT[v.verdict]
}
