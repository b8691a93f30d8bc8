import { existsSync } from 'node:fs'
import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { JarvisError } from '../../src/core/errors.ts'
import { loadWebChoreArena, type ChoreMeta } from './loader.ts'
import { scoreChore } from './scorer.ts'
import { probeSites, SITE_NAMES, siteUrls, type Site } from './sites.ts'

const meta = (r: { metadata: Record<string, unknown> }) => r.metadata as unknown as ChoreMeta

export const BROWSER_TOOLS = ['browser_navigate', 'browser_click', 'browser_type', 'browser_read'] as const

const webchorearena: BenchmarkDefinition = {
  key: 'webchorearena',
  load: (ctx) => loadWebChoreArena(ctx),
  // A headless Chromium per sample at the task's start page, logged in with the task's storage state.
  environment: (r) => ({ kind: 'browser', startUrl: meta(r).start_url, storageState: meta(r).storage_state }),
  defaultTools: BROWSER_TOOLS,
  // The chores happen in the browser: a one-call backend cannot do them.
  requiresAgent: true,
  // WebArena's agents stop at 30 steps.
  maxTurns: 30,
  // Before any model call: every site the selected tasks use answers, and every storage state they log in with exists.
  async prepare(records, ctx) {
    const needed = [...new Set(records.flatMap((r) => meta(r).sites))].filter((s): s is Site => (SITE_NAMES as string[]).includes(s))
    await probeSites(needed, siteUrls(ctx.options))
    const missing = [...new Set(records.map((r) => meta(r).storage_state).filter((p): p is string => !!p && !existsSync(p)))]
    if (missing.length)
      throw new JarvisError('JARVIS_REQUIREMENT', `webchorearena tasks log in with storage states that are not there: ${missing.join(', ')}. Create them with WebChoreArena's AgentOccam/browser_env/auto_login.py against your sites, or set WEBCHOREARENA_AUTH_DIR (or [benchmarks.options] auth_dir) to the folder holding .auth/.`)
    ctx.log(`sites answering: ${needed.join(', ') || 'none'}`)
  },
  score: scoreChore,
}
export default webchorearena
