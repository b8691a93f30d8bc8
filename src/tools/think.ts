import type { Tool } from '../core/tool.ts'
import { stringArg } from './args.ts'

/** `think`: a scratchpad. It does nothing but give the model a sanctioned place to reason between tool calls. */
export function thinkTool(): Tool {
  return {
    spec: {
      name: 'think',
      description: 'Think step by step before acting: write down reasoning, a plan or what a tool result means. Changes nothing and fetches nothing.',
      parameters: { type: 'object', properties: { thought: { type: 'string', description: 'Your reasoning' } }, required: ['thought'] },
    },
    async call(args) {
      stringArg(args, 'thought', { max: 50_000 })
      return { content: 'Noted.' }
    },
  }
}
