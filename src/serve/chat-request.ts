// Request bodies of POST /v1/chat/completions and POST /api/chat, checked with zod and turned into GenerateParams.
import { z } from 'zod'
import type { ChatMessage } from '../core/messages.ts'
import { HttpError } from './http-io.ts'

const TextPart = z.object({ type: z.literal('text'), text: z.string() })
const OpenAiMessageSchema = z.object({
  // "developer" is OpenAI's newer name for a system message.
  role: z.enum(['system', 'developer', 'user', 'assistant']),
  content: z.union([z.string(), z.array(TextPart), z.null()], { error: 'expected a string or an array of text parts' }).optional(),
})

export const OpenAiChatRequestSchema = z.object({
  model: z.string().min(1),
  messages: z.array(OpenAiMessageSchema).min(1),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().nullish() }).nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  seed: z.number().int().nullish(),
  n: z.literal(1, { error: 'only n = 1 is supported' }).nullish(),
})
export type OpenAiChatRequest = z.infer<typeof OpenAiChatRequestSchema>

export const OllamaChatRequestSchema = z.object({
  model: z.string().min(1),
  messages: z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })).min(1),
  stream: z.boolean().nullish(),
  options: z
    .object({ temperature: z.number().min(0).nullish(), num_predict: z.number().int().nullish(), seed: z.number().int().nullish() })
    .nullish(),
})
export type OllamaChatRequest = z.infer<typeof OllamaChatRequestSchema>

const fieldName = (path: PropertyKey[]): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('')

/** Parses a body or throws a 400 worded as OpenAI words it (param = the field at fault). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  const param = fieldName(issue.path)
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
    throw new HttpError(400, `Missing required parameter: '${param}'.`, 'missing_required_parameter', param)
  }
  if (issue.code === 'too_small' && issue.origin === 'array') {
    throw new HttpError(400, `Invalid '${param}': empty array. Expected an array with minimum length 1, but got an empty array instead.`, 'empty_array', param)
  }
  throw new HttpError(400, `Invalid '${param}': ${issue.message}.`, 'invalid_value', param)
}

const textOf = (content: OpenAiChatRequest['messages'][number]['content']): string =>
  typeof content === 'string' ? content : (content ?? []).map((p) => p.text).join('')

export function openAiMessages(req: OpenAiChatRequest): ChatMessage[] {
  return req.messages.map((m) => ({ role: m.role === 'developer' ? 'system' : m.role, content: textOf(m.content) }))
}
