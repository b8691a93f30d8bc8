// The openclaw.json of one sample: a provider entry for the run's endpoint (through the metering proxy), the run's
// model as the primary model, and its temperature and max_tokens. This is what OpenJarvis's runner lacks: it set
// OPENCLAW_BASE_URL / OPENCLAW_API_KEY / OPENCLAW_MODEL, which OpenClaw never reads, so its runs went to OpenClaw's
// built-in ollama provider instead of --base-url (reference/openjarvis-evals.md §10, external-software.md §1.2).
import { JarvisError } from '../core/errors.ts'

/** The provider id our model lives under: OpenClaw names models `<provider>/<model id>`. */
export const PROVIDER = 'jarvis'

/** OpenClaw's own tools: its `agent exec` defaults (the coding profile), off (plain chat), or a named profile. */
export type ToolsMode = 'on' | 'off' | 'minimal' | 'coding' | 'messaging' | 'full'
const TOOLS_MODES: readonly ToolsMode[] = ['on', 'off', 'minimal', 'coding', 'messaging', 'full']

/** OPENCLAW_TOOLS: on (default), off, or a tool profile (minimal, coding, messaging, full). */
export function toolsMode(env: NodeJS.ProcessEnv = process.env): ToolsMode {
  const v = (env.OPENCLAW_TOOLS ?? 'on').trim().toLowerCase() || 'on'
  if (v === '0' || v === 'false' || v === 'none') return 'off'
  if (v === '1' || v === 'true') return 'on'
  if (!(TOOLS_MODES as readonly string[]).includes(v)) throw new JarvisError('JARVIS_BAD_OPTION', `OPENCLAW_TOOLS=${env.OPENCLAW_TOOLS}: expected ${TOOLS_MODES.join(', ')}.`)
  return v as ToolsMode
}

export interface OpenClawConfigOptions {
  /** The metering proxy's URL for this sample (ends in /v1). */
  baseUrl: string
  /** The sample's proxy token: the only key OpenClaw ever holds. */
  apiKey: string
  model: string
  temperature: number
  maxTokens: number
  contextWindow: number
  tools: ToolsMode
}

export function openClawConfig(o: OpenClawConfigOptions): Record<string, unknown> {
  const ref = `${PROVIDER}/${o.model}`
  const entry: Record<string, unknown> = {
    id: o.model,
    name: o.model,
    reasoning: false,
    input: ['text'],
    // Costs are ours (the pricing table, per metered call), not OpenClaw's.
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: o.contextWindow,
    maxTokens: o.maxTokens,
    ...(o.tools === 'off' ? { compat: { supportsTools: false } } : {}),
  }
  return {
    models: { providers: { [PROVIDER]: { baseUrl: o.baseUrl, apiKey: o.apiKey, api: 'openai-completions', models: [entry] } } },
    agents: {
      defaults: {
        model: { primary: ref },
        models: { [ref]: { params: { temperature: o.temperature, maxTokens: o.maxTokens } } },
      },
    },
    ...(o.tools !== 'on' && o.tools !== 'off' ? { tools: { profile: o.tools } } : {}),
  }
}
