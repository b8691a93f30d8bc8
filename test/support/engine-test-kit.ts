// What the engine tests share: the rejection of a promise (typed), a port nothing listens on, and fake servers
// that close after each test, with retries backing off 5 ms.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, expect, vi } from 'vitest'
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from './fake-openai.ts'

/** The error a promise rejects with; with `type`, it must be an instance of it. */
export async function rejection<E extends Error = Error>(p: Promise<unknown>, type?: abstract new (...a: never[]) => E): Promise<E> {
  try {
    await p
  } catch (e) {
    if (type) expect(e).toBeInstanceOf(type)
    return e as E
  }
  throw new Error('expected a rejection')
}

/** A port on 127.0.0.1 with nothing listening. */
export async function deadPort(): Promise<number> {
  const s = http.createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const port = (s.address() as AddressInfo).port
  await new Promise<void>((r) => s.close(() => r()))
  return port
}

/** `serve(o)` starts a fake server with these defaults; every server started closes after its test. */
export function useFakeServers(defaults: FakeOpenAIOptions): (o?: FakeOpenAIOptions) => Promise<FakeOpenAI> {
  let servers: FakeOpenAI[] = []
  beforeEach(() => {
    vi.stubEnv('JARVIS_RETRY_BASE_MS', '5')
  })
  afterEach(async () => {
    vi.unstubAllEnvs()
    await Promise.all(servers.map((s) => s.close()))
    servers = []
  })
  return async (o = {}) => {
    const s = await startFakeOpenAI({ ...defaults, ...o })
    servers.push(s)
    return s
  }
}
