// What the external-agent tests share: the stand-ins of OpenClaw's and Hermes's contracts, a run and a sample
// task for the backends, a clean environment for them, and a JSON record the stand-ins leave in their work dir.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expandSuite } from '../../src/config/expand.ts'
import type { ResolvedRun } from '../../src/config/resolved-run.ts'
import { SuiteSchema } from '../../src/config/schema.ts'
import type { SampleTask } from '../../src/core/backend.ts'
import type { Environment } from '../../src/core/environment.ts'

export const OPENCLAW_STANDIN = fileURLToPath(new URL('./openclaw-standin', import.meta.url))
export const HERMES_STANDIN = fileURLToPath(new URL('./hermes-standin', import.meta.url))
/** What the tests use as the endpoint's real key: it must reach the endpoint and nothing else. */
export const REAL_KEY = 'sk-jarvis-test-real-key-0123456789'

export function externalRun(backend: 'openclaw' | 'hermes', baseUrl: string, o: Partial<ResolvedRun> = {}): ResolvedRun {
  const suite = SuiteSchema.parse({ models: [{ name: 'test-model' }], benchmarks: [{ name: 'supergpqa', backend }] })
  return { ...expandSuite(suite, { baseUrl }, { source: 'test', env: {}, cwd: tmpdir() })[0], ...o }
}

/** A temp work dir the test keeps (the stand-ins write their record into it). */
export function workEnvironment(): Environment {
  const workDir = mkdtempSync(join(tmpdir(), 'jarvis-ext-work-'))
  return { kind: 'local', workDir, close: async () => {} }
}

export function agentTask(prompt: string, o: { system?: string; environment?: Environment | null; timeoutS?: number | null } = {}): SampleTask {
  return {
    record: { record_id: 'r1', problem: prompt, reference: 'B', category: 'test', subject: 'test', metadata: {} },
    messages: [...(o.system ? [{ role: 'system' as const, content: o.system }] : []), { role: 'user', content: prompt }],
    generation: { temperature: 0.3, maxTokens: 321, seed: 42 },
    tools: [],
    environment: o.environment ?? null,
    limits: { maxTurns: 10, timeoutS: o.timeoutS ?? null, tokenBudget: null },
  }
}

/** The environment a backend gets in these tests: the stand-ins, the real key, and a secret it must not pass on. */
export function agentEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    LANG: 'C.UTF-8',
    OPENCLAW_PATH: OPENCLAW_STANDIN,
    OPENCLAW_NODE: process.execPath,
    HERMES_AGENT_PATH: HERMES_STANDIN,
    HERMES_AGENT_PYTHON: 'python3',
    JARVIS_ALLOW_COMMIT_DRIFT: '1',
    JARVIS_BACKEND_API_KEY: REAL_KEY,
    HF_TOKEN: 'hf_shouldneverleak0123456789',
    ...extra,
  }
}

export const readRecord = (dir: string, name: string): Record<string, any> => JSON.parse(readFileSync(join(dir, name), 'utf8'))
