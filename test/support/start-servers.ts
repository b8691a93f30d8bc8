// Starts a fake Hub (with the real-shaped fixtures) and a fake OpenAI server; prints their URLs. For manual runs:
//   node bin/run-cli.mjs --entry test/support/start-servers.ts  (see scripts in bench/)
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeHubFixtures } from './dataset-fixtures.ts'
import { startFakeHub } from './fake-hub.ts'
import { startFakeOpenAI } from './fake-openai.ts'

export async function main(): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), 'jarvis-hub-'))
  await writeHubFixtures(root)
  const hub = await startFakeHub({ root, gated: ['Idavidrein/gpqa'], token: 'hf_testtoken0123456789abcdef' })
  const api = await startFakeOpenAI({ models: ['test-model'], answer: (p) => (p.includes('Options:') ? 'Let me think. The answer is B' : 'hi') })
  console.log(JSON.stringify({ hub: hub.url, api: api.url }))
  await new Promise(() => {})
  return 0
}
