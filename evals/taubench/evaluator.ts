// tau2's evaluate_simulation (EvaluationType.ALL) for a half-duplex conversation: the environment check (the
// gold actions replayed on a fresh environment from the task's initial state, then both databases' hashes
// compared with the sample's; env assertions run on the sample's environment), the action check (every gold
// action among the tool calls made), the communicate check (each string inside some agent message, commas
// dropped, case-insensitive) and the NL assertions (an LLM judge). The reward is the product of the parts the
// task's reward_basis names.
import { domainEnvironment, type DomainData } from './domains/index.ts'
import type { TauEnvironment, ToolRecord } from './environment.ts'
import { stateHash } from './py-json.ts'
import type { Action, RewardType, Task } from './task.ts'

export interface RewardInfo {
  reward: number
  reward_basis: RewardType[] | null
  reward_breakdown: Partial<Record<RewardType, number>>
  db_check?: { db_match: boolean; db_reward: number }
  env_assertions?: { func_name: string; env_type: string; met: boolean; error?: string }[]
  action_checks?: { action_id: string; name: string; action_match: boolean }[]
  communicate_checks?: { info: string; met: boolean }[]
  nl_assertions?: { nl_assertion: string; met: boolean; justification: string }[]
  gold_action_errors?: string[]
  note?: string
}

/** An NL assertion verdict, or why there is none (the judge could not answer: the sample is unscored). */
export type NlVerdict = { ok: true; checks: NonNullable<RewardInfo['nl_assertions']> } | { ok: false; reason: string; error: string }

export interface EvaluationInput {
  task: Task
  data: DomainData
  /** The sample's environment after the conversation. */
  predicted: TauEnvironment
  /** Every tool call of the conversation, agent's and user's, in order. */
  calls: readonly ToolRecord[]
  /** What the agent said to the user (its messages with text). */
  agentMessages: readonly string[]
  /** The judge of the NL assertions, called only when the task's basis has NL_ASSERTION. */
  judgeNl(assertions: string[]): Promise<NlVerdict>
}

export async function evaluate(input: EvaluationInput): Promise<{ info: RewardInfo } | { unscored: string; error: string; info: RewardInfo }> {
  const { task } = input
  const criteria = task.evaluation_criteria
  if (!criteria) return { info: { reward: 1, reward_basis: null, reward_breakdown: {}, note: 'No evaluation criteria' } }
  const basis = criteria.reward_basis
  const env = envCheck(input)
  const actions = (criteria.actions ?? []).map((a) => ({ action_id: a.action_id, name: a.name, action_match: input.calls.some((c) => actionMatches(a, c)) }))
  const communicate = (criteria.communicate_info ?? []).map((info) => ({ info, met: input.agentMessages.some((m) => m.toLowerCase().replace(/,/g, '').includes(info.toLowerCase())) }))
  const breakdown: RewardInfo['reward_breakdown'] = {}
  let reward = 1
  const take = (t: RewardType, r: number) => {
    if (!basis.includes(t)) return
    breakdown[t] = r
    reward *= r
  }
  take('DB', env.dbReward)
  take('ENV_ASSERTION', env.assertions.every((a) => a.met) ? 1 : 0)
  take('ACTION', actions.every((a) => a.action_match) ? 1 : 0)
  take('COMMUNICATE', communicate.every((c) => c.met) ? 1 : 0)
  const info: RewardInfo = {
    reward,
    reward_basis: basis,
    reward_breakdown: breakdown,
    db_check: { db_match: env.dbReward === 1, db_reward: env.dbReward },
    env_assertions: env.assertions,
    action_checks: actions,
    communicate_checks: communicate,
    ...(env.goldErrors.length ? { gold_action_errors: env.goldErrors } : {}),
  }
  const nl = criteria.nl_assertions ?? []
  if (basis.includes('NL_ASSERTION')) {
    if (!nl.length) take('NL_ASSERTION', 1)
    else {
      const v = await input.judgeNl(nl)
      if (!v.ok) return { unscored: v.reason, error: v.error, info }
      info.nl_assertions = v.checks
      take('NL_ASSERTION', v.checks.every((c) => c.met) ? 1 : 0)
    }
    info.reward = reward
  }
  return { info }
}

function envCheck(input: EvaluationInput): { dbReward: number; assertions: NonNullable<RewardInfo['env_assertions']>; goldErrors: string[] } {
  const c = input.task.evaluation_criteria!
  const goldErrors: string[] = []
  let dbReward = 1
  if (c.actions != null || c.env_assertions != null) {
    const gold = domainEnvironment(input.data)
    gold.setState(input.task.initial_state)
    for (const a of c.actions ?? []) {
      const r = gold.respond(a.name, a.arguments, a.requestor)
      // As upstream: a gold action that fails is logged, and the replay goes on.
      if (r.error) goldErrors.push(`${a.name}: ${r.content}`)
    }
    dbReward = gold.dbHash() === input.predicted.dbHash() && gold.userDbHash() === input.predicted.userDbHash() ? 1 : 0
  }
  const assertions = (c.env_assertions ?? []).map((a) => {
    try {
      return { func_name: a.func_name, env_type: a.env_type, met: input.predicted.assertionHolds(a) }
    } catch (e) {
      return { func_name: a.func_name, env_type: a.env_type, met: false, error: (e as Error).message }
    }
  })
  return { dbReward, assertions, goldErrors }
}

/** `Action.compare_with_tool_call`: same name, and the compared arguments equal (all of the call's, by default). */
export function actionMatches(a: Action, call: Pick<ToolRecord, 'name' | 'arguments'>): boolean {
  if (a.name !== call.name) return false
  const keys = a.compare_args ?? Object.keys(call.arguments)
  if (keys.length === 0) return true
  const only = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)))
  return stateHash(only(call.arguments)) === stateHash(only(a.arguments))
}
