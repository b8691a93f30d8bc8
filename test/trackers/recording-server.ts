import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Recorded {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

/** An HTTP server on 127.0.0.1 that records every request and answers through `route`. */
export async function recordingServer(route: (req: Recorded) => { status?: number; json?: unknown }) {
  const requests: Recorded[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const rec = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      requests.push(rec)
      const out = route(rec)
      res.writeHead(out.status ?? 200, { 'content-type': 'application/json' })
      res.end(out.json === undefined ? '' : JSON.stringify(out.json))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    requests,
    [Symbol.asyncDispose]: () => new Promise<void>((r) => server.close(() => r())),
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
