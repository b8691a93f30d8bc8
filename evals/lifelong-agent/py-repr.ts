// Query results as the upstream harness shows them to the model: str(cursor.fetchall()) of mysql.connector,
// i.e. Python's repr of a list of tuples — [(1, 'John Doe', 5500.55, Decimal('3.50'), datetime.date(2024, 1, 2), None)].
//
//   pyReprRows(result): string      pyStr(s), pyFloat(x): the pieces
import type { SqlField, SqlResult } from '../../src/databases/index.ts'

const INTEGER = new Set(['TINY', 'SHORT', 'LONG', 'LONGLONG', 'INT24', 'YEAR'])
const FLOATING = new Set(['FLOAT', 'DOUBLE'])
const DECIMAL = new Set(['DECIMAL', 'NEWDECIMAL'])

/** Python's repr of a str: single quotes unless the text has ' and no ", escapes for \\, the quote and controls. */
export function pyStr(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'"
  let out = ''
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    if (ch === '\\') out += '\\\\'
    else if (ch === q) out += `\\${q}`
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\t') out += '\\t'
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`
    else if (c >= 0x80 && c < 0xa0) out += `\\x${c.toString(16)}`
    else out += ch
  }
  return `${q}${out}${q}`
}

/** Python's repr of a float: shortest round-trip digits, ".0" on integral values, exponent form below 1e-4 or from 1e16. */
export function pyFloat(x: number): string {
  if (Number.isNaN(x)) return 'nan'
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf'
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0'
  const [mantissa, exp] = x.toExponential().split('e')
  const e = Number(exp)
  if (e < -4 || e >= 16) return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`
  const s = x.toFixed(Math.max(0, (mantissa.split('.')[1]?.length ?? 0) - e))
  return s.includes('.') ? s : `${s}.0`
}

const ints = (s: string) => s.split(/[^0-9]+/).filter(Boolean).map((n) => String(Number(n)))

function dateRepr(s: string, type: string): string {
  if (/^0000-00-00/.test(s)) return 'None' // mysql.connector gives None for a zero date
  if (type === 'DATE' || type === 'NEWDATE') return `datetime.date(${ints(s).slice(0, 3).join(', ')})`
  const [y, mo, d, h = '0', mi = '0', sec = '0', frac = ''] = s.split(/[-: .T]/)
  const parts = [y, mo, d, h, mi].map((n) => String(Number(n)))
  const micro = frac ? Number(frac.padEnd(6, '0').slice(0, 6)) : 0
  if (Number(sec) || micro) parts.push(String(Number(sec)))
  if (micro) parts.push(String(micro))
  return `datetime.datetime(${parts.join(', ')})`
}

function timeRepr(s: string): string {
  const neg = s.startsWith('-')
  const [h, m, sec = '0'] = s.replace(/^-/, '').split(':')
  const total = (Number(h) * 3600 + Number(m) * 60 + Math.floor(Number(sec))) * (neg ? -1 : 1)
  if (total === 0) return 'datetime.timedelta(0)'
  const days = Math.floor(total / 86400)
  const rest = total - days * 86400
  return `datetime.timedelta(${[days ? `days=${days}` : '', rest ? `seconds=${rest}` : ''].filter(Boolean).join(', ')})`
}

export function pyValue(v: unknown, field?: SqlField): string {
  if (v === null || v === undefined) return 'None'
  const type = field?.type ?? ''
  if (Buffer.isBuffer(v)) return `b${pyStr(v.toString('latin1'))}`
  if (typeof v === 'number') return INTEGER.has(type) || (!FLOATING.has(type) && Number.isInteger(v) && !DECIMAL.has(type)) ? String(v) : pyFloat(v)
  if (typeof v === 'bigint') return String(v)
  const s = String(v)
  if (DECIMAL.has(type)) return `Decimal(${pyStr(s)})`
  if (INTEGER.has(type) && /^-?\d+$/.test(s)) return s
  if (['DATE', 'NEWDATE', 'DATETIME', 'TIMESTAMP'].includes(type)) return dateRepr(s, type)
  if (type === 'TIME') return timeRepr(s)
  return pyStr(s)
}

const tuple = (row: unknown[], fields: SqlField[]) => (row.length === 1 ? `(${pyValue(row[0], fields[0])},)` : `(${row.map((v, i) => pyValue(v, fields[i])).join(', ')})`)

/** The model's view of a statement's result: the rows as Python would print them; [] for a statement without rows. */
export function pyReprRows(result: SqlResult): string {
  if (!result.rows) return '[]'
  return `[${result.rows.map((r) => tuple(r, result.fields)).join(', ')}]`
}
