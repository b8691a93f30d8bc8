// fetch with a timeout and an error that names the endpoint and status, never the credentials.

export class TrackerHttpError extends Error {}

export async function requestJson(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<unknown> {
  const { timeoutMs = 15_000, ...rest } = init
  let res: Response
  try {
    res = await fetch(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) })
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name
    throw new TrackerHttpError(`${where(url)} unreachable (${cause})`)
  }
  const body = await res.text()
  if (!res.ok) throw new TrackerHttpError(`${where(url)} answered HTTP ${res.status}`)
  if (!body) return {}
  try {
    return JSON.parse(body)
  } catch {
    throw new TrackerHttpError(`${where(url)} answered non-JSON`)
  }
}

/** Host and path only: query strings and userinfo can carry secrets. */
function where(url: string): string {
  try {
    const u = new URL(url)
    return `${u.host}${u.pathname}`
  } catch {
    return 'endpoint'
  }
}
