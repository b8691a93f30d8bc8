import type { RunSummary } from '../core/sample-result.ts'
import { fetchAccessToken, readServiceAccount } from './google-auth.ts'
import { requestJson, TrackerHttpError } from './http.ts'
import { SHEETS_HEADER, sheetsRow } from './sheets-row.ts'
import type { Tracker, TrackerConfig } from './types.ts'

// Google Sheets v4 REST: summary only (on_result is a no-op in OpenJarvis too). Creates the worksheet when
// missing (1000 × 29), writes the header once (when A1 is not "timestamp"), then appends one RAW row.

export class SheetsTracker implements Tracker {
  readonly name = 'sheets'
  private readonly base: string
  private readonly credentials: string
  private readonly sheet: string

  constructor(
    private readonly config: TrackerConfig,
    env: NodeJS.ProcessEnv,
  ) {
    this.base = (env.JARVIS_SHEETS_API_URL || 'https://sheets.googleapis.com').replace(/\/+$/, '')
    this.credentials = config.sheets_credentials_path || env.GOOGLE_APPLICATION_CREDENTIALS || ''
    this.sheet = config.sheets_worksheet || 'Results'
  }

  async onRunStart(): Promise<void> {
    if (!this.credentials) throw new TrackerHttpError('no credentials: set [run] sheets_credentials_path (--sheets-creds) or GOOGLE_APPLICATION_CREDENTIALS to a service-account JSON')
  }

  async onResult(): Promise<void> {}

  async onSummary(s: RunSummary): Promise<void> {
    const token = await fetchAccessToken(readServiceAccount(this.credentials))
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const id = encodeURIComponent(this.config.sheets_spreadsheet_id ?? '')
    const book = `${this.base}/v4/spreadsheets/${id}`
    const range = (a1: string) => encodeURIComponent(`'${this.sheet.replace(/'/g, "''")}'!${a1}`)

    const meta = (await requestJson(`${book}?fields=sheets.properties.title`, { headers })) as { sheets?: { properties?: { title?: string } }[] }
    if (!meta.sheets?.some((x) => x.properties?.title === this.sheet)) {
      const addSheet = { properties: { title: this.sheet, gridProperties: { rowCount: 1000, columnCount: SHEETS_HEADER.length } } }
      await requestJson(`${book}:batchUpdate`, { method: 'POST', headers, body: JSON.stringify({ requests: [{ addSheet }] }) })
    }
    const a1 = (await requestJson(`${book}/values/${range('A1')}`, { headers })) as { values?: string[][] }
    if (a1.values?.[0]?.[0] !== 'timestamp') {
      await requestJson(`${book}/values/${range('A1')}?valueInputOption=RAW`, { method: 'PUT', headers, body: JSON.stringify({ values: [SHEETS_HEADER] }) })
    }
    await requestJson(`${book}/values/${range('A1')}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`, { method: 'POST', headers, body: JSON.stringify({ values: [sheetsRow(s)] }) })
  }

  async onRunEnd(): Promise<void> {}
}
