import { describe, expect, test } from 'vitest'
import { parseTextToolCalls, textToolInstructions } from '../../src/tools/text-protocol.ts'

const NAMES = new Set(['get_weather', 'calculator'])

describe('text protocol', () => {
  test('reads {"tool", "arguments"} objects, also in fences, lists and the name/parameters variants', () => {
    const reply = 'I will check.\n```json\n{"tool": "get_weather", "arguments": {"city": "Paris {center}"}}\n```\nthen {"name": "calculator", "parameters": {"expression": "2+2"}}'
    expect(parseTextToolCalls(reply, NAMES)).toEqual([
      { id: 'text_0', name: 'get_weather', arguments: { city: 'Paris {center}' } },
      { id: 'text_1', name: 'calculator', arguments: { expression: '2+2' } },
    ])
    expect(parseTextToolCalls('{"tool_calls": [{"function": {"name": "calculator", "arguments": "{\\"expression\\": \\"1\\"}"}}]}', NAMES)).toEqual([{ id: 'text_0', name: 'calculator', arguments: { expression: '1' } }])
  })

  test('prose, JSON naming no offered tool, and broken JSON are not calls', () => {
    expect(parseTextToolCalls('The answer is {42}.', NAMES)).toEqual([])
    expect(parseTextToolCalls('{"tool": "rm_rf", "arguments": {}}', NAMES)).toEqual([])
    expect(parseTextToolCalls('{"tool": "calculator", "arguments": {"expression": ', NAMES)).toEqual([])
    expect(parseTextToolCalls('{"answer": {"tool": 1}}', NAMES)).toEqual([])
  })

  test('the instructions list each tool with its schema and the call format', () => {
    expect(textToolInstructions([{ name: 'calculator', description: 'Evaluate math.', parameters: { type: 'object', properties: { expression: { type: 'string' } } } }])).toMatchInlineSnapshot(`
      "You can use these tools:
      - calculator: Evaluate math.
        arguments (JSON Schema): {"type":"object","properties":{"expression":{"type":"string"}}}

      To call a tool, reply with a JSON object and nothing after it:
      {"tool": "<tool name>", "arguments": {<arguments>}}
      You will get the result in the next message. Call one tool at a time. When you know the final answer, reply with the answer and no tool call."
    `)
  })
})
