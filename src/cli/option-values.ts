// Value checks for `jarvis eval run` flags, kept apart from the parser (commander, parse-command.ts, takes
// `--temperature -1` as the value): each returns the number or throws one clear line (exit 2).
//
//   temperatureValue(raw)      0 to 2, as [defaults] temperature
//   queryTimeoutValue(raw)     seconds, above 0, at most MAX_TIMEOUT_S
import { JarvisError } from '../core/errors.ts'

/** Node's timers hold at most 2^31 − 1 ms (24.8 days); a longer one fires at once, so every sample would time out. */
export const MAX_TIMEOUT_S = 2_147_483

const bad = (flag: string, raw: string, expected: string) => new JarvisError('JARVIS_BAD_OPTION', `${flag} ${JSON.stringify(raw)}: expected ${expected}.`)

const number = (raw: string): number => (raw.trim() === '' ? NaN : Number(raw))

export function temperatureValue(raw: string | undefined, flag = '--temperature'): number | undefined {
  if (raw === undefined) return undefined
  const n = number(raw)
  if (!(Number.isFinite(n) && n >= 0 && n <= 2)) throw bad(flag, raw, 'a number from 0 to 2')
  return n
}

export function queryTimeoutValue(raw: string | undefined, flag = '--query-timeout'): number | undefined {
  if (raw === undefined) return undefined
  const n = number(raw)
  if (!(Number.isFinite(n) && n > 0 && n <= MAX_TIMEOUT_S)) throw bad(flag, raw, `seconds, a number above 0 and at most ${MAX_TIMEOUT_S} (24.8 days)`)
  return n
}
