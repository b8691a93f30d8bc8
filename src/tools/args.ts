// Reading a tool's arguments: the model wrote them, so every field is checked and a bad one is a clear message
// back to the model (the agent turns a throw into a tool error result).

export class ToolArgumentError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ToolArgumentError'
  }
}

export function stringArg(args: Record<string, unknown>, key: string, o: { optional?: false; max?: number }): string
export function stringArg(args: Record<string, unknown>, key: string, o: { optional: true; max?: number }): string | undefined
export function stringArg(args: Record<string, unknown>, key: string, o: { optional?: boolean; max?: number } = {}): string | undefined {
  const v = args[key]
  if (v === undefined || v === null) {
    if (o.optional) return undefined
    throw new ToolArgumentError(`missing argument "${key}" (a string)`)
  }
  if (typeof v !== 'string') throw new ToolArgumentError(`argument "${key}" must be a string, got ${Array.isArray(v) ? 'an array' : typeof v}`)
  if (o.max !== undefined && v.length > o.max) throw new ToolArgumentError(`argument "${key}" is ${v.length} characters; at most ${o.max}`)
  return v
}

export function intArg(args: Record<string, unknown>, key: string, o: { min: number; max: number; fallback: number }): number {
  const v = args[key]
  if (v === undefined || v === null) return o.fallback
  const n = typeof v === 'string' && v.trim() ? Number(v) : v
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new ToolArgumentError(`argument "${key}" must be a whole number`)
  return Math.min(o.max, Math.max(o.min, n))
}

/** Text cut to `max` characters with a note saying how much was left out (the model should know it is partial). */
export function capText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n… [truncated: ${text.length - max} more characters]`
}
