import { sign } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { requestJson, TrackerHttpError } from './http.ts'

// Service-account OAuth without a Google SDK: an RS256-signed JWT exchanged at the JSON's token_uri.

export const SHEETS_SCOPES = ['https://www.googleapis.com/auth/spreadsheets', 'https://www.googleapis.com/auth/drive']

interface ServiceAccount {
  client_email: string
  private_key: string
  private_key_id?: string
  token_uri?: string
}

export function readServiceAccount(path: string): ServiceAccount {
  let json: Partial<ServiceAccount>
  try {
    json = JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    throw new TrackerHttpError(`cannot read the service-account JSON at ${path}`)
  }
  if (!json.client_email || !json.private_key) throw new TrackerHttpError(`${path} is not a service-account key (no client_email/private_key)`)
  return json as ServiceAccount
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url')

export function signJwt(sa: ServiceAccount, scopes: string[], nowSec = Math.floor(Date.now() / 1000)): string {
  const header = { alg: 'RS256', typ: 'JWT', ...(sa.private_key_id ? { kid: sa.private_key_id } : {}) }
  const claims = { iss: sa.client_email, scope: scopes.join(' '), aud: tokenUri(sa), iat: nowSec, exp: nowSec + 3600 }
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`
  return `${input}.${b64url(sign('RSA-SHA256', Buffer.from(input), sa.private_key))}`
}

const tokenUri = (sa: ServiceAccount) => sa.token_uri || 'https://oauth2.googleapis.com/token'

/** Exchanges the signed JWT for an access token (jwt-bearer grant). */
export async function fetchAccessToken(sa: ServiceAccount, scopes = SHEETS_SCOPES): Promise<string> {
  const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: signJwt(sa, scopes) })
  const res = (await requestJson(tokenUri(sa), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })) as { access_token?: string }
  if (!res.access_token) throw new TrackerHttpError('the token endpoint returned no access_token')
  return res.access_token
}
