// How tau2 (Python) turns a tool's return value into the text the model reads, and a canonical hash of a
// database. Tool text follows `Environment.to_json_str`: strings as they are, numbers and booleans through
// Python's str() ("True", "None"), everything else through json.dumps (", " and ": " separators, non-ASCII
// escaped). Python keeps 100.0 and 100 apart; JavaScript cannot, so a whole-number float prints as 100 here.
import { createHash } from 'node:crypto'
import { cloneOrdered, orderedKeys } from './ordered-json.ts'

/** Python's json.dumps(value) with its default separators and ensure_ascii. */
export function pyJson(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return asciiString(value)
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : value > 0 ? 'Infinity' : value < 0 ? '-Infinity' : 'NaN'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (Array.isArray(value)) return `[${value.map(pyJson).join(', ')}]`
  if (typeof value === 'object') return `{${orderedKeys(value).map((k) => `${asciiString(k)}: ${pyJson((value as Record<string, unknown>)[k])}`).join(', ')}}`
  return asciiString(String(value))
}

function asciiString(s: string): string {
  return JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** Python's str() of a scalar: True/False, None, numbers. */
export function pyStr(value: unknown): string {
  if (value === null || value === undefined) return 'None'
  if (typeof value === 'boolean') return value ? 'True' : 'False'
  return String(value)
}

/**
 * `Environment.to_json_str`: what a tool call returns to the model. A pydantic model is dumped as it is; a plain
 * dict is processed first (its numbers and booleans become str()) — tools that return one build it so.
 */
export function toolText(result: unknown): string {
  if (typeof result === 'string') return result
  if (typeof result === 'number' || typeof result === 'boolean') return pyStr(result)
  return pyJson(result)
}

/** sha256 of the value with its keys sorted: only compared with itself (gold and predicted databases). */
export function stateHash(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex')
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`
  return JSON.stringify(v ?? null)
}

/** A deep copy of plain JSON data (databases are plain data), keeping Python's key order. */
export const clone = <T>(v: T): T => cloneOrdered(v)

/**
 * Python's round(x, 2): both round the exact binary value to the nearest cent (toFixed does, by the spec); they
 * differ only on exact binary ties (0.125), where Python goes to even.
 */
export const round2 = (x: number): number => Number(x.toFixed(2))
