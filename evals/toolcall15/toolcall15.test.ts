import { describe, expect, test } from 'vitest'
import type { Attempt, TurnRecord } from '../../src/core/backend.ts'
import type { ToolCall } from '../../src/core/messages.ts'
import { loadCtx, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { loadToolCall15, selectScenarios } from './loader.ts'
import { mockTools } from './mock-tools.ts'
import { CATEGORIES, scenarios, TOOL_NAMES, tools } from './scenarios.ts'
import { scoreAnswer } from './scorer.ts'

type C = [name: string, args: Record<string, unknown>]

/** An attempt whose turns made these calls (one array per turn), ending with `answer`. */
function attempt(turns: C[][], answer: string): Attempt {
  const records: TurnRecord[] = [...turns, []].map((calls, t) => ({
    promptTokens: 10, completionTokens: 5, latencySeconds: 0.1, ttftSeconds: 0.05, costUsd: 0, finishReason: calls.length ? 'tool_calls' : 'stop', retries: 0, cached: false,
    toolCalls: calls.map(([name, args], i): ToolCall => ({ id: `call_${t}_${i}`, name, arguments: args })),
  }))
  return { answer, transcript: [], turns: records, usage: { calls: records.length, promptTokens: 0, completionTokens: 0, costUsd: 0 }, latencySeconds: 1, ttftSeconds: 0.05, finishReason: 'stop', retries: 0, cached: false, stop: 'answer', error: null }
}

const records = async () => Object.fromEntries((await loadToolCall15(loadCtx())).map((r) => [r.metadata.scenario_id as string, r]))

async function points(id: string, turns: C[][], answer = 'Done.'): Promise<number> {
  const r = (await records())[id]
  const s = await scoreAnswer(r, answer, { ...scoreCtx(scriptedJudge([])), attempt: attempt(turns, answer) })
  return s.metadata.points as number
}

describe('toolcall15 data', () => {
  test('15 scenarios, 3 per category, ids toolcall15-TC-01 …; 12 tools; every mock names one of them', async () => {
    const rs = await loadToolCall15(loadCtx())
    expect(rs.map((r) => r.record_id)).toEqual(Array.from({ length: 15 }, (_, i) => `toolcall15-TC-${String(i + 1).padStart(2, '0')}`))
    for (const c of CATEGORIES) expect(rs.filter((r) => r.category === c)).toHaveLength(3)
    expect(tools().map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort())
    expect(rs[4]).toMatchObject({ subject: 'Date and Time Parsing', category: 'B-ParameterPrecision' })
    // the reference date makes "next Monday" answerable; the prompt lists the tools and the JSON form
    expect(rs[4].system).toContain('Today is Friday, 2026-03-20.')
    expect(rs[4].problem).toMatch(/## Available Tools\n- web_search: [^\n]+\n- get_weather:/)
    expect(rs[4].problem).toContain('{"tool": "<tool name>", "arguments": {...}}')
    expect(rs[4].problem.endsWith('## User Request\nPut a team standup on my calendar for next Monday at 9:30am, 30 minutes long, with Alex and Jamie.')).toBe(true)
  })

  test('--split: train/test split 20/80 by the seed; letters filter categories; an unknown one is bad input', () => {
    const all = scenarios()
    expect(selectScenarios(all, 'train', 42)).toHaveLength(3)
    expect(selectScenarios(all, 'test', 42)).toHaveLength(12)
    expect(new Set([...selectScenarios(all, 'train', 42), ...selectScenarios(all, 'test', 42)].map((s) => s.id)).size).toBe(15)
    expect(selectScenarios(all, 'C,e', 42).map((s) => s.id)).toEqual(['TC-07', 'TC-08', 'TC-09', 'TC-13', 'TC-14', 'TC-15'])
    expect(() => selectScenarios(all, 'Z', 42)).toThrow(/matches no scenario category/)
  })
})

describe('toolcall15 mock tools serve the scenario outputs', () => {
  const byName = (id: string) => Object.fromEntries(mockTools(scenarios().find((s) => s.id === id)!).map((t) => [t.spec.name, t]))
  const call = async (tools: ReturnType<typeof byName>, name: string, args: Record<string, unknown>) => tools[name].call(args, { environment: null })

  test('arguments pick the output (TC-04 units, TC-06 languages); the n-th call another one (TC-13 retry)', async () => {
    const tc04 = byName('TC-04')
    expect(JSON.parse((await call(tc04, 'get_weather', { location: 'Tokyo', units: 'fahrenheit' })).content)).toMatchObject({ temperature: 64, units: 'fahrenheit' })
    expect(JSON.parse((await call(tc04, 'get_weather', { location: 'Tokyo' })).content)).toMatchObject({ temperature: 18, units: 'celsius' })
    const tc06 = byName('TC-06')
    expect(JSON.parse((await call(tc06, 'translate_text', { text: 'x', source_language: 'English', target_language: 'Japanese' })).content).translated).toBe('最寄りの病院はどこですか？')
    const tc13 = byName('TC-13')
    expect(JSON.parse((await call(tc13, 'search_files', { query: 'Johnson proposal' })).content)).toEqual({ results: [] })
    expect(JSON.parse((await call(tc13, 'search_files', { query: 'Johnson' })).content).results[0].file_id).toBe('file_117')
    // a fresh sample starts counting again
    expect(JSON.parse((await call(byName('TC-13'), 'search_files', { query: 'Johnson' })).content)).toEqual({ results: [] })
  })

  test('an error payload is an error result (TC-14); unscripted tools answer like mock services', async () => {
    expect(await call(byName('TC-14'), 'get_stock_price', { ticker: 'AAPL' })).toMatchObject({ isError: true, content: expect.stringContaining('rate limit') })
    const tc15 = byName('TC-15')
    expect(JSON.parse((await call(tc15, 'calculator', { expression: '372520 * 0.02' })).content)).toEqual({ result: 7450.4 })
    expect(await call(tc15, 'calculator', { expression: 'import({}, {})' })).toMatchObject({ isError: true })
    expect(JSON.parse((await call(byName('TC-10'), 'web_search', { query: 'ww2' })).content)).toEqual({ results: [] })
    expect(await call(byName('TC-10'), 'send_email', { to: 'a', subject: 'b', body: 'c' })).toMatchObject({ isError: true, content: expect.stringContaining('send_email has no data') })
  })
})

describe('toolcall15 points', () => {
  test.each([
    ['TC-01', [[['get_weather', { location: 'Berlin' }]]], 2],
    ['TC-01', [[['web_search', { query: 'berlin weather' }]]], 1],
    ['TC-01', [], 0],
    ['TC-02', [[['get_stock_price', { ticker: 'AAPL' }], ['web_search', { query: 'aapl' }]]], 1],
    ['TC-03', [[['get_contacts', { query: 'Sarah' }]], [['send_email', { to: 'sarah.chen@company.com', subject: 'Meeting', body: 'Moved to 3pm' }]]], 2],
    // the address was not the one get_contacts returned (or came before the lookup): threading is checked now
    ['TC-03', [[['get_contacts', { query: 'Sarah' }], ['send_email', { to: 'sarah@company.com', subject: 'm', body: 'b' }]]], 1],
    ['TC-04', [[['get_weather', { location: 'Tokyo', units: 'fahrenheit' }]]], 2],
    ['TC-05', [[['create_calendar_event', { title: 'Standup', date: '2026-03-23', time: '09:30', duration_minutes: 30, attendees: ['alex.stone@company.com', 'jamie.liu@company.com'] }]]], 2],
    ['TC-05', [[['create_calendar_event', { title: 'Standup', date: '2026-03-23', time: '9:30' }]]], 1],
    ['TC-06', [[['translate_text', { text: 't', source_language: 'English', target_language: 'Spanish' }], ['translate_text', { text: 't', source_language: 'English', target_language: 'Japanese' }]]], 2],
    ['TC-07', [[['search_files', { query: 'Q3 budget' }]], [['read_file', { file_id: 'file_091' }]], [['get_contacts', { query: 'manager' }]], [['send_email', { to: 'jordan.park@company.com', subject: 'Q3', body: 'The total is $4.4M' }]]], 2],
    ['TC-07', [[['search_files', { query: 'Q3 budget' }], ['read_file', { file_id: 'q3.xlsx' }], ['get_contacts', { query: 'manager' }], ['send_email', { to: 'x', subject: 'Q3', body: 'see attached' }]]], 1],
    ['TC-08', [[['get_weather', { location: 'Paris' }]], [['set_reminder', { message: 'Take an umbrella', datetime: '2026-03-21T08:00:00' }]]], 2],
    ['TC-08', [[['get_weather', { location: 'Paris' }]]], 1],
    ['TC-09', [[['get_weather', { location: 'London' }], ['get_stock_price', { ticker: 'MSFT' }]]], 2],
    ['TC-15', [[['web_search', { query: 'Iceland population' }]], [['calculator', { expression: '372,520 * 0.02' }]]], 2],
    ['TC-15', [[['web_search', { query: 'Iceland population' }]], [['calculator', { expression: '370000 * 0.02' }]]], 1],
  ] as [string, C[][], number][])('%s %j → %i', async (id, turns, want) => {
    expect(await points(id, turns)).toBe(want)
  })

  test('restraint and recovery read the answer too', async () => {
    expect(await points('TC-10', [], 'It ended in 1945.')).toBe(2)
    expect(await points('TC-10', [[['web_search', { query: 'ww2 end' }]]], 'It ended in 1945.')).toBe(0)
    expect(await points('TC-11', [], '15% of 200 is 30.')).toBe(2)
    expect(await points('TC-11', [], 'It is 300.')).toBe(0)
    expect(await points('TC-12', [], "I can't delete emails: none of my tools does that.")).toBe(2)
    expect(await points('TC-13', [[['search_files', { query: 'Johnson proposal' }]]], 'No results. Could you tell me more about it?')).toBe(2)
    expect(await points('TC-13', [[['search_files', { query: 'Johnson proposal' }]]], 'It does not exist.')).toBe(0)
    expect(await points('TC-14', [[['get_stock_price', { ticker: 'AAPL' }]]], 'The quote service returned an error (rate limit); try again later.')).toBe(2)
    expect(await points('TC-14', [[['get_stock_price', { ticker: 'AAPL' }]], [['web_search', { query: 'aapl' }]]], 'Apple trades at $187.42.')).toBe(1)
  })

  test('the line: is_correct = 2 points, score = points / 2, the calls and where they came from', async () => {
    const r = (await records())['TC-01']
    const s = await scoreAnswer(r, 'Berlin: 8°C', { ...scoreCtx(scriptedJudge([])), attempt: attempt([[['web_search', { query: 'Berlin weather' }]]], 'Berlin: 8°C') })
    expect(s).toMatchObject({ isCorrect: false, score: 0.5, metadata: { points: 1, max_points: 2, calls_from: 'trace', tool_calls: [{ name: 'web_search', arguments: { query: 'Berlin weather' }, turn: 1 }] } })
  })

  test('without calls in the attempt they are read from the text, with the agent’s own parser', async () => {
    const r = (await records())['TC-09']
    const answer = 'I will check both.\n{"tool": "get_weather", "arguments": {"location": "London"}}\n```json\n{"name": "get_stock_price", "params": {"ticker": "MSFT"}}\n```'
    const s = await scoreAnswer(r, answer, scoreCtx(scriptedJudge([])))
    expect(s).toMatchObject({ isCorrect: true, score: 1, metadata: { calls_from: 'text', points: 2 } })
    // JSON that names no offered tool is not a call
    expect((await scoreAnswer((await records())['TC-10'], '{"tool": "wikipedia", "arguments": {}} 1945', scoreCtx(scriptedJudge([])))).metadata.points).toBe(2)
  })
})
