// A tau2 toolkit in TypeScript: the tools one side (agent or user) is offered, with the descriptions and argument
// schemas tau2 builds from each function's docstring and signature, and the other functions of the toolkit
// (initialization actions, assertions) callable by name. Each toolkit works on its own database (plain JSON).
//
// Arguments are checked the way Python checks a call: a missing or unexpected keyword is a TypeError with
// Python's wording; the tool itself throws for a bad value (ValueError), which becomes "Error: <message>".

/** tau2's ToolType: how a tool touches the world. */
export type ToolKind = 'read' | 'write' | 'think' | 'generic'

export interface ParamSpec {
  schema: Record<string, unknown>
  /** Has a default in the Python signature. */
  optional?: boolean
}

export interface DomainTool {
  name: string
  kind: ToolKind
  /** tau2's description: the docstring's short description, then a blank line and the long one. */
  description: string
  params: Record<string, ParamSpec>
  run(args: Record<string, unknown>): unknown
}

export type KitFunction = (args: Record<string, unknown>) => unknown

export interface Toolkit {
  /** Python class name, for the wording of argument errors ("AirlineTools.get_user_details() …"). */
  readonly className: string
  readonly tools: readonly DomainTool[]
  /** Every function the task data may call (initialization_actions, env_assertions), tools included. */
  readonly functions: Readonly<Record<string, KitFunction>>
  /** The database, as tau2's model_dump would give it (what the hash covers). */
  db(): unknown
  /** `update_db`: a deep merge of initialization data into the database. */
  updateDb(data: Record<string, unknown>): void
}

/** The JSON Schema the model is offered for a tool's arguments. */
export function parametersOf(tool: DomainTool): Record<string, unknown> {
  const entries = Object.entries(tool.params)
  return {
    type: 'object',
    properties: Object.fromEntries(entries.map(([k, p]) => [k, p.schema])),
    required: entries.filter(([, p]) => !p.optional).map(([k]) => k),
  }
}

/** Calls a toolkit function by name with keyword arguments, as tau2's `use_tool(**kwargs)` does. */
export function callKit(kit: Toolkit, name: string, args: Record<string, unknown>, o: { toolsOnly: boolean }): unknown {
  const tool = kit.tools.find((t) => t.name === name)
  if (o.toolsOnly && !tool) throw new Error(`Tool '${name}' not found.`)
  if (tool) {
    const missing = Object.entries(tool.params).filter(([k, p]) => !p.optional && !(k in args)).map(([k]) => `'${k}'`)
    if (missing.length) throw new Error(`${kit.className}.${name}() missing ${missing.length} required positional argument${missing.length > 1 ? 's' : ''}: ${missing.join(missing.length > 2 ? ', ' : ' and ')}`)
    const extra = Object.keys(args).find((k) => !(k in tool.params))
    if (extra) throw new Error(`${kit.className}.${name}() got an unexpected keyword argument '${extra}'`)
    return tool.run(args)
  }
  const fn = kit.functions[name]
  if (!fn) throw new Error(`Function ${name} not found in ${kit.className}`)
  return fn(args)
}

// --- schema pieces (pydantic's field schemas, nested models written inline) ---
export const str = (description: string): ParamSpec => ({ schema: { type: 'string', description } })
export const int = (description: string): ParamSpec => ({ schema: { type: 'integer', description } })
export const num = (description: string): ParamSpec => ({ schema: { type: 'number', description } })
export const strList = (description: string): ParamSpec => ({ schema: { type: 'array', items: { type: 'string' }, description } })
export const oneOf = (values: readonly string[], description: string): ParamSpec => ({ schema: { type: 'string', enum: [...values], description } })
export const objList = (description: string, properties: Record<string, Record<string, unknown>>): ParamSpec => ({
  schema: { type: 'array', description, items: { type: 'object', properties, required: Object.keys(properties) } },
})
export const optional = (p: ParamSpec): ParamSpec => ({ ...p, optional: true })

/** tau2's `_get_description`: the short description, and the long one after a blank line when there is one. */
export const describe = (short: string, long?: string): string => (long ? `${short}\n\n${long}` : short)

/** Deep merge, as addict's Dict.update (tau2's update_pydantic_model_with_dict). */
export function deepMerge(target: Record<string, unknown>, update: Record<string, unknown>): Record<string, unknown> {
  for (const [k, v] of Object.entries(update)) {
    const cur = target[k]
    if (v && typeof v === 'object' && !Array.isArray(v) && cur && typeof cur === 'object' && !Array.isArray(cur)) deepMerge(cur as Record<string, unknown>, v as Record<string, unknown>)
    else target[k] = structuredClone(v)
  }
  return target
}

/** A value the tool needs as a string (the model may send a number for an id). */
export const asStr = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v))
export const asNum = (v: unknown, what: string): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
  if (!Number.isFinite(n)) throw new Error(`${what} must be a number, got ${JSON.stringify(v)}`)
  return n
}
export const asList = (v: unknown, what: string): unknown[] => {
  if (!Array.isArray(v)) throw new Error(`${what} must be a list, got ${JSON.stringify(v)}`)
  return v
}

/**
 * A pydantic model built from what the model sent (`FlightInfo(**flight)`): its fields in model order, extra
 * keys dropped, a missing one the ValidationError pydantic raises.
 */
export function modelOf(o: unknown, keys: readonly string[], model: string): Record<string, unknown> {
  if (!o || typeof o !== 'object' || Array.isArray(o)) throw new Error(`1 validation error for ${model}\n  Input should be a valid dictionary or instance of ${model}`)
  const missing = keys.filter((k) => !(k in o))
  if (missing.length) throw new Error(`${missing.length} validation error${missing.length > 1 ? 's' : ''} for ${model}\n${missing.map((k) => `${k}\n  Field required`).join('\n')}`)
  return Object.fromEntries(keys.map((k) => [k, (o as Record<string, unknown>)[k]]))
}
