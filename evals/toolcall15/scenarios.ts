// The ToolCall-15 data: 15 scenarios (data/scenarios.json) and the 12 tools every scenario offers
// (data/tools.json), our own wording of the benchmark as openjarvis-evals.md §2.4 describes it. Read and checked
// once; a malformed file fails the load with the scenario and field.
//
//   scenarios(): Scenario[]        tools(): ToolSpec[]       TOOL_NAMES: the 12 names
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { JarvisError } from '../../src/core/errors.ts'
import type { ToolSpec } from '../../src/core/messages.ts'

/** One scripted answer of a mock tool: the first rule whose `when` (argument substrings) and `call` match serves. */
const MockRuleSchema = z.object({
  /** Each named argument must contain this text (case-insensitive); "=text" must be the whole value. */
  when: z.record(z.string(), z.string()).optional(),
  /** Only the n-th call of this tool in the sample (1-based). */
  call: z.number().int().positive().optional(),
  output: z.record(z.string(), z.unknown()),
})

export const CATEGORIES = ['A-ToolSelection', 'B-ParameterPrecision', 'C-MultiStepChains', 'D-RestraintRefusal', 'E-ErrorRecovery'] as const

const ScenarioSchema = z.object({
  id: z.string().regex(/^TC-\d{2}$/),
  name: z.string().min(1),
  category: z.enum(CATEGORIES),
  user_message: z.string().min(1),
  mocks: z.record(z.string(), z.array(MockRuleSchema)),
})
export type Scenario = z.infer<typeof ScenarioSchema>
export type MockRule = z.infer<typeof MockRuleSchema>

const ToolSchema = z.object({ name: z.string().min(1), description: z.string().min(1), parameters: z.record(z.string(), z.unknown()) })

function readJson<S extends z.ZodType>(file: string, schema: S): z.infer<S>[] {
  const path = new URL(`./data/${file}`, import.meta.url)
  const parsed = z.array(schema).safeParse(JSON.parse(readFileSync(path, 'utf8')))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new JarvisError('JARVIS_DATASET', `evals/toolcall15/data/${file}: ${issue.path.join('.')}: ${issue.message}.`)
  }
  return parsed.data
}

let cache: { scenarios: Scenario[]; tools: ToolSpec[] } | null = null

function data() {
  if (cache) return cache
  const tools = readJson('tools.json', ToolSchema) as ToolSpec[]
  const scenarios = readJson('scenarios.json', ScenarioSchema)
  const names = new Set(tools.map((t) => t.name))
  for (const s of scenarios)
    for (const tool of Object.keys(s.mocks))
      if (!names.has(tool)) throw new JarvisError('JARVIS_DATASET', `evals/toolcall15/data/scenarios.json: ${s.id} mocks "${tool}", which is none of the 12 tools.`)
  return (cache = { scenarios, tools })
}

export const scenarios = (): Scenario[] => data().scenarios
export const tools = (): ToolSpec[] => data().tools
export const TOOL_NAMES: ReadonlySet<string> = new Set(['web_search', 'get_weather', 'calculator', 'send_email', 'search_files', 'read_file', 'create_calendar_event', 'get_contacts', 'translate_text', 'get_stock_price', 'set_reminder', 'run_code'])
