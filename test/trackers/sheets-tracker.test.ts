import { generateKeyPairSync, verify } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { summarizeResults } from '../../src/results/summary.ts'
import { createTrackers } from '../../src/trackers/index.ts'
import { SHEETS_HEADER } from '../../src/trackers/sheets-row.ts'
import { sample } from '../stats/sample-results.ts'
import { recordingServer, type Recorded } from './recording-server.ts'

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })

function serviceAccount(tokenUri: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-sheets-'))
  const path = join(dir, 'sa.json')
  writeFileSync(path, JSON.stringify({ type: 'service_account', client_email: 'evals@lab.iam.gserviceaccount.com', private_key_id: 'k1', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }), token_uri: tokenUri }))
  return path
}

/** A fake Sheets API + token endpoint that keeps the worksheet's A1 between calls. */
function fakeGoogle(state: { sheets: string[]; a1: string | null; rows: unknown[][] }) {
  return (r: Recorded) => {
    const url = decodeURIComponent(r.url)
    if (r.url === '/token') {
      const assertion = new URLSearchParams(r.body).get('assertion')!
      const [h, c, sig] = assertion.split('.')
      if (!verify('RSA-SHA256', Buffer.from(`${h}.${c}`), publicKey, Buffer.from(sig, 'base64url'))) return { status: 401, json: { error: 'invalid_grant' } }
      return { json: { access_token: 'ya29.local-token', expires_in: 3600, token_type: 'Bearer' } }
    }
    if (r.headers.authorization !== 'Bearer ya29.local-token') return { status: 401 }
    if (r.method === 'GET' && url.startsWith('/v4/spreadsheets/sheet-123?fields')) return { json: { sheets: state.sheets.map((title) => ({ properties: { title } })) } }
    if (r.method === 'POST' && url === '/v4/spreadsheets/sheet-123:batchUpdate') {
      state.sheets.push(JSON.parse(r.body).requests[0].addSheet.properties.title)
      return { json: {} }
    }
    if (r.method === 'GET' && url === "/v4/spreadsheets/sheet-123/values/'Nightly runs'!A1") return { json: state.a1 ? { values: [[state.a1]] } : {} }
    if (r.method === 'PUT') {
      state.a1 = JSON.parse(r.body).values[0][0]
      return { json: {} }
    }
    if (r.method === 'POST' && url.includes(':append')) {
      state.rows.push(JSON.parse(r.body).values[0])
      return { json: {} }
    }
    return { status: 404 }
  }
}

describe('Google Sheets tracker', () => {
  test('signs a JWT, creates the worksheet, writes the header once and appends one 29-column row per run', async () => {
    const state = { sheets: ['Sheet1'], a1: null as string | null, rows: [] as unknown[][] }
    const server = await recordingServer(fakeGoogle(state))
    try {
      const creds = serviceAccount(`${server.url}/token`)
      const cfg = { sheets_spreadsheet_id: 'sheet-123', sheets_worksheet: 'Nightly runs', sheets_credentials_path: creds }
      const results = [sample('gpqa-a', true, { benchmark: 'gpqa', energy_joules: 40, power_watts: 200 }), sample('gpqa-b', false, { benchmark: 'gpqa', energy_joules: 60, power_watts: 210 })]
      const summary = summarizeResults(results, { outputPath: 'results/gpqa_qwen3-8b.jsonl', startedAt: 0, endedAt: 1 })
      const log: string[] = []
      for (let run = 0; run < 2; run++) {
        const t = await createTrackers(cfg, (l) => log.push(l), { JARVIS_SHEETS_API_URL: server.url })
        await t.onRunStart({ benchmark: 'gpqa', model: 'qwen3:8b', backend: 'jarvis-direct' })
        for (const r of results) await t.onResult(r)
        await t.onSummary(summary)
        await t.onRunEnd()
      }
      expect(log).toEqual([])
      expect(state.sheets).toEqual(['Sheet1', 'Nightly runs'])
      expect(state.a1).toBe('timestamp')
      expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1) // header written once
      const put = server.requests.find((r) => r.method === 'PUT')!
      expect(JSON.parse(put.body).values[0]).toEqual([...SHEETS_HEADER])
      expect(state.rows).toHaveLength(2)
      const row = state.rows[0]
      expect(row).toHaveLength(29)
      expect(row[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      expect(row.slice(1, 9)).toEqual(['gpqa', 'qwen3:8b', 'jarvis-direct', 2, 2, 1, 0.5, 0])
      expect(row[SHEETS_HEADER.indexOf('energy_mean')]).toBe(50)
      expect(row[SHEETS_HEADER.indexOf('ttft_mean')]).toBe('') // no ttft recorded
      const addSheet = server.requests.find((r) => r.url.endsWith(':batchUpdate'))!
      expect(JSON.parse(addSheet.body).requests[0].addSheet.properties.gridProperties).toEqual({ rowCount: 1000, columnCount: 29 })
      expect(server.requests.some((r) => r.url.includes('append') && r.url.includes('valueInputOption=RAW'))).toBe(true)
    } finally {
      await server.close()
    }
  })

  test('a refused token is one log line without secrets, and the run goes on', async () => {
    const server = await recordingServer(() => ({ status: 400, json: { error: 'invalid_grant' } }))
    try {
      const creds = serviceAccount(`${server.url}/token`)
      const log: string[] = []
      const t = await createTrackers({ sheets_spreadsheet_id: 'sheet-123', sheets_credentials_path: creds }, (l) => log.push(l), { JARVIS_SHEETS_API_URL: server.url })
      await t.onRunStart({ benchmark: 'gpqa', model: 'm', backend: 'b' })
      await t.onSummary(summarizeResults([sample('gpqa-a', true)], { outputPath: 'x.jsonl', startedAt: 0, endedAt: 1 }))
      await t.onRunEnd()
      expect(log).toEqual([expect.stringMatching(/^sheets: 127\.0\.0\.1:\d+\/token answered HTTP 400; tracking is off/)])
      expect(log[0]).not.toMatch(/PRIVATE KEY|eyJ/)
    } finally {
      await server.close()
    }
  })

  test('without credentials it says where to set them', async () => {
    const log: string[] = []
    const t = await createTrackers({ sheets_spreadsheet_id: 'sheet-123' }, (l) => log.push(l), {})
    await t.onRunStart({ benchmark: 'gpqa', model: 'm', backend: 'b' })
    expect(log).toMatchInlineSnapshot(`
      [
        "sheets: no credentials: set [run] sheets_credentials_path (--sheets-creds) or GOOGLE_APPLICATION_CREDENTIALS to a service-account JSON; tracking is off for the rest of this run (results are unaffected).",
      ]
    `)
  })
})
