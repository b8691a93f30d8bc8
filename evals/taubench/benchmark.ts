import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadDomain } from './domains/index.ts'
import { loadTauBench } from './loader.ts'
import { agentMessages, userGuidelines, userSystemPrompt } from './prompt.ts'
import { scoreTau } from './scorer.ts'
import { openSession, sessionOf, type TauMeta } from './session.ts'
import { scenarioText } from './task.ts'
import { TauUser } from './user-simulator.ts'

const meta = (r: { metadata: Record<string, unknown> }) => r.metadata as unknown as TauMeta

const taubench: BenchmarkDefinition = {
  key: 'taubench',
  load: (ctx) => loadTauBench(ctx),
  // tau2's agent system prompt (instructions + policy), then its fixed greeting: the simulated user speaks next.
  messages: (r) => agentMessages(loadDomain(meta(r).data_dir, meta(r).domain).policy),
  // Scored on what the tools did to the databases: a one-call backend cannot act.
  requiresAgent: true,
  // tau2 stops a conversation at 200 steps (agent, user and tool messages): about 100 agent turns.
  maxTurns: 100,
  sampleTools: (r) => openSession(r).agentTools(),
  simulatedUser: (r, { llm, seed }) => {
    const s = sessionOf(r)
    const task = meta(r).task
    const all = s.env?.user?.tools ?? []
    const tools = task.user_tools ? all.filter((t) => task.user_tools!.includes(t.name)) : all
    const prompt = userSystemPrompt(userGuidelines(meta(r).data_dir, tools.length > 0), scenarioText(task))
    s.user = new TauUser(llm, s, prompt, tools, { seed })
    return s.user
  },
  score: scoreTau,
}
export default taubench
