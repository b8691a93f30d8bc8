// tau2's telecom domain: the agent's TelecomTools and the user's phone (TelecomUserTools), kept in step after
// every call as upstream's TelecomEnvironment.sync_tools does — the line's status, roaming and data allowance
// show on the phone, a bill the user paid is marked paid, a bill awaiting payment shows as a payment request.
// The policy is the main policy with the tech-support manual, in upstream's tags.
import { TauEnvironment } from '../environment.ts'
import { telecomAgentToolkit, type TelecomAgentKit } from './telecom-agent.ts'
import { telecomUserToolkit, type TelecomUserKit } from './telecom-user.ts'

type Obj = Record<string, any>

export const telecomPolicy = (main: string, techSupport: string): string =>
  `<main_policy>\n${main}\n</main_policy>\n<tech_support_policy>\n${techSupport}\n</tech_support_policy>`

function syncTools(env: TauEnvironment): void {
  const agent = env.agent as TelecomAgentKit
  const user = (env.user as TelecomUserKit).state()
  const s = user.surroundings
  if (s.phone_number === null || s.phone_number === undefined) return
  let line: Obj
  try {
    line = agent.lineByPhone(s.phone_number)
  } catch {
    throw new Error(`Wrong scenario, line not found for phone number: ${s.phone_number}`)
  }
  s.line_active = line.status === 'Active'
  s.roaming_allowed = !!line.roaming_enabled
  const plan = agent.planById(line.plan_id)
  s.mobile_data_usage_exceeded = line.data_used_gb >= plan.data_limit_gb + line.data_refueling_gb
  if (s.payment_request?.paid) {
    agent.setBillPaid(s.payment_request.bill_id)
    s.payment_request = null
  }
  if (!s.payment_request) {
    const bills = agent.billsAwaitingPayment(agent.customerByPhone(s.phone_number))
    if (bills.length) s.payment_request = { bill_id: bills[0].bill_id, amount_due: bills[0].total_due, paid: false }
  }
}

export function telecomEnvironment(db: Obj, userDb: Obj, policy: string): TauEnvironment {
  return new TauEnvironment('telecom', policy, telecomAgentToolkit(db), telecomUserToolkit(userDb), syncTools)
}
