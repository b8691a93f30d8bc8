// tau2's telecom agent toolkit (src/tau2/domains/telecom/tools.py): customer, line, bill and plan lookups and
// changes over TelecomDB, plus the functions tasks use to set a scenario up (suspend_line_for_overdue_bill,
// set_data_usage) and to check it (assert_*). A new draft bill gets a deterministic id here (upstream: a random
// uuid), which only matters for DB-based rewards, and telecom tasks are judged on env assertions.
import { createHash } from 'node:crypto'
import { asNum, asStr, deepMerge, describe, int, num, optional, str, type DomainTool, type KitFunction, type Toolkit } from '../toolkit.ts'
import { transferTool } from './common.ts'
import { addDays, bill as billModel, firstOfMonth, lineItem, normalizeTelecomDb, TODAY } from './telecom-model.ts'

type Obj = Record<string, any>

export interface TelecomAgentKit extends Toolkit {
  lineByPhone(phone: string): Obj
  planById(id: string): Obj
  customerByPhone(phone: string): Obj
  billsAwaitingPayment(customer: Obj): Obj[]
  setBillPaid(id: string): void
}

const CUSTOMER_ID = 'ID of the customer who owns the line.'

export function telecomAgentToolkit(initial: Obj): TelecomAgentKit {
  let db = normalizeTelecomDb(initial)
  const fail = (m: string): never => {
    throw new Error(m)
  }
  const line = (id: string) => db.lines.find((l: Obj) => l.line_id === id) ?? fail(`Line with ID ${id} not found`)
  const lineByPhone = (p: string) => db.lines.find((l: Obj) => l.phone_number === p) ?? fail(`Line with phone number ${p} not found`)
  const planById = (id: string) => db.plans.find((p: Obj) => p.plan_id === id) ?? fail(`Plan with ID ${id} not found`)
  const device = (id: string) => db.devices.find((d: Obj) => d.device_id === id) ?? fail(`Device with ID ${id} not found`)
  const billById = (id: string) => db.bills.find((b: Obj) => b.bill_id === id) ?? fail(`Bill with ID ${id} not found`)
  const customer = (id: string) => db.customers.find((c: Obj) => c.customer_id === id) ?? fail(`Customer with ID ${id} not found`)
  const customerByPhone = (p: string): Obj => {
    for (const c of db.customers) {
      if (c.phone_number === p) return c
      for (const id of c.line_ids) if (line(id).phone_number === p) return c
    }
    return fail(`Customer with phone number ${p} not found`)
  }
  const target = (customerId: unknown, lineId: unknown) => {
    const c = customer(asStr(customerId))
    if (!c.line_ids.includes(asStr(lineId))) fail(`Line ${asStr(lineId)} not found for customer ${asStr(customerId)}`)
    return line(asStr(lineId))
  }
  const billsAwaitingPayment = (c: Obj) => c.bill_ids.map(billById).filter((b: Obj) => b.status === 'Awaiting Payment')
  let drafts = 0
  const oneTimeCharge = (customerId: string, amount: number, description: string) => {
    const c = customer(customerId)
    let draft = c.bill_ids.map(billById).find((b: Obj) => b.status === 'Draft')
    if (!draft) {
      const next = firstOfMonth(addDays(firstOfMonth(TODAY), 32))
      const after = firstOfMonth(addDays(next, 32))
      const id = `B${createHash('sha256').update(`${customerId}:${++drafts}`).digest('hex').slice(0, 8)}`
      draft = billModel({ bill_id: id, customer_id: customerId, period_start: next, period_end: addDays(after, -1), issue_date: next, total_due: 0, due_date: addDays(next, 14), status: 'Draft' })
      db.bills.push(draft)
      c.bill_ids.push(id)
    }
    draft.line_items.push(lineItem({ description, amount, date: TODAY, item_type: amount < 0 ? 'Credit' : 'Charge' }))
    draft.total_due += amount
  }

  const tools: DomainTool[] = [
    { name: 'get_customer_by_phone', kind: 'read', description: 'Finds a customer by their primary contact or line phone number.', params: { phone_number: str('The phone number to search for.') }, run: (a) => customerByPhone(asStr(a.phone_number)) },
    { name: 'get_customer_by_id', kind: 'read', description: 'Retrieves a customer directly by their unique ID.', params: { customer_id: str('The unique identifier of the customer.') }, run: (a) => customer(asStr(a.customer_id)) },
    {
      name: 'get_customer_by_name',
      kind: 'read',
      description: describe('Searches for customers by name and DOB. May return multiple matches if names are similar,', 'DOB helps disambiguate.'),
      params: { full_name: str('The full name of the customer.'), dob: str('Date of birth for verification, in the format YYYY-MM-DD.') },
      run: (a) => db.customers.filter((c: Obj) => c.full_name.toLowerCase() === asStr(a.full_name).toLowerCase() && c.date_of_birth === a.dob),
    },
    {
      name: 'get_details_by_id',
      kind: 'read',
      description: describe('Retrieves the details for a given ID.', 'The ID must be a valid ID for a Customer, Line, Device, Bill, or Plan.'),
      params: { id: str('The ID of the object to retrieve.') },
      run: (a) => {
        const id = asStr(a.id)
        const by: Record<string, (id: string) => Obj> = { L: line, D: device, B: billById, C: customer, P: planById }
        return (by[id[0]] ?? (() => fail(`Unknown ID format or type: ${id}`)))(id)
      },
    },
    {
      name: 'suspend_line',
      kind: 'write',
      description: describe('Suspends a specific line (max 6 months).', 'Checks: Line status must be Active.\nLogic: Sets line status to Suspended, records suspension_start_date.'),
      params: { customer_id: str(CUSTOMER_ID), line_id: str('ID of the line to suspend.'), reason: str('Reason for suspension.') },
      run: (a) => {
        const l = target(a.customer_id, a.line_id)
        if (l.status !== 'Active') fail('Line must be active to suspend')
        l.status = 'Suspended'
        l.suspension_start_date = TODAY
        return { message: 'Line suspended successfully. $5/month holding fee will apply.', line: l }
      },
    },
    {
      name: 'resume_line',
      kind: 'write',
      description: describe('Resumes a suspended line.', 'Checks: Line status must be Suspended or Pending Activation.\nLogic: Sets line status to Active, clears suspension_start_date.'),
      params: { customer_id: str(CUSTOMER_ID), line_id: str('ID of the line to resume.') },
      run: (a) => {
        const l = target(a.customer_id, a.line_id)
        if (l.status !== 'Suspended' && l.status !== 'Pending Activation') fail('Line must be suspended to resume')
        l.status = 'Active'
        l.suspension_start_date = null
        return { message: 'Line resumed successfully', line: l }
      },
    },
    {
      name: 'get_bills_for_customer',
      kind: 'read',
      description: "Retrieves a list of the customer's bills, most recent first.",
      params: { customer_id: str('ID of the customer.'), limit: optional(int('Maximum number of bills to return.')) },
      run: (a) => {
        const bills = customer(asStr(a.customer_id)).bill_ids.map(billById)
        // Python's sorted(reverse=True) is stable: equal dates keep their order.
        const ordered = bills.map((b: Obj, i: number) => [b, i] as const).sort((x: readonly [Obj, number], y: readonly [Obj, number]) => (x[0].issue_date < y[0].issue_date ? 1 : x[0].issue_date > y[0].issue_date ? -1 : x[1] - y[1])).map(([b]: readonly [Obj, number]) => b)
        return ordered.slice(0, a.limit === undefined ? 12 : asNum(a.limit, 'limit'))
      },
    },
    {
      name: 'send_payment_request',
      kind: 'write',
      description: describe(
        'Sends a payment request to the customer for a specific bill.',
        'Checks:\n    - Customer exists\n    - Bill exists and belongs to the customer\n    - No other bills are already awaiting payment for this customer\nLogic: Sets bill status to AWAITING_PAYMENT and notifies customer.\nWarning: This method does not check if the bill is already PAID.\nAlways check the bill status before calling this method.',
      ),
      params: { customer_id: str('ID of the customer who owns the bill.'), bill_id: str('ID of the bill to send payment request for.') },
      run: (a) => {
        const c = customer(asStr(a.customer_id))
        if (billsAwaitingPayment(c).length) fail('A bill is already awaiting payment for this customer')
        if (!c.bill_ids.includes(asStr(a.bill_id))) fail(`Bill ${asStr(a.bill_id)} not found for customer ${asStr(a.customer_id)}`)
        const b = billById(asStr(a.bill_id))
        b.status = 'Awaiting Payment'
        return `Payment request sent to the customer for bill ${b.bill_id}`
      },
    },
    {
      name: 'get_data_usage',
      kind: 'read',
      description: describe('Retrieves current billing cycle data usage for a line, including data', 'refueling amount, data limit, and cycle end date.'),
      params: { customer_id: str(CUSTOMER_ID), line_id: str('ID of the line to check usage for.') },
      run: (a) => {
        const l = target(a.customer_id, a.line_id)
        const p = planById(l.plan_id)
        // A plain dict: to_json_str prints its numbers through str().
        return { line_id: a.line_id, data_used_gb: pyFloat(l.data_used_gb), data_limit_gb: pyFloat(p.data_limit_gb), data_refueling_gb: pyFloat(l.data_refueling_gb), cycle_end_date: addDays(firstOfMonth(addDays(firstOfMonth(TODAY), 32)), -1) }
      },
    },
    {
      name: 'enable_roaming',
      kind: 'write',
      description: 'Enables international roaming on a line.',
      params: { customer_id: str(CUSTOMER_ID), line_id: str('ID of the line to enable roaming for.') },
      run: (a) => {
        const l = target(a.customer_id, a.line_id)
        if (l.roaming_enabled) return 'Roaming was already enabled'
        l.roaming_enabled = true
        return 'Roaming enabled successfully'
      },
    },
    {
      name: 'disable_roaming',
      kind: 'write',
      description: 'Disables international roaming on a line.',
      params: { customer_id: str(CUSTOMER_ID), line_id: str('ID of the line to disable roaming for.') },
      run: (a) => {
        const l = target(a.customer_id, a.line_id)
        if (!l.roaming_enabled) return 'Roaming was already disabled'
        l.roaming_enabled = false
        return 'Roaming disabled successfully'
      },
    },
    transferTool,
    {
      name: 'refuel_data',
      kind: 'write',
      description: describe("Refuels data for a specific line, adding to the customer's bill.", "Checks: Line status must be Active, Customer owns the line.\nLogic: Adds data to the line and charges customer based on the plan's refueling rate."),
      params: { customer_id: str(CUSTOMER_ID), line_id: str('ID of the line to refuel data for.'), gb_amount: num('Amount of data to add in gigabytes.') },
      run: (a) => {
        const l = target(a.customer_id, a.line_id)
        const gb = asNum(a.gb_amount, 'gb_amount')
        if (gb <= 0) fail('Refuel amount must be positive')
        const p = planById(l.plan_id)
        const charge = gb * p.data_refueling_price_per_gb
        l.data_refueling_gb += gb
        oneTimeCharge(asStr(a.customer_id), charge, `Data refueling: ${pyFloat(gb)} GB at $${pyFloat(p.data_refueling_price_per_gb)}/GB`)
        return { message: `Successfully added ${pyFloat(gb)} GB of data for line ${asStr(a.line_id)} for $${charge.toFixed(2)}`, new_data_refueling_gb: pyFloat(l.data_refueling_gb), charge: pyFloat(charge) }
      },
    },
  ]

  const extra: Record<string, KitFunction> = {
    set_data_usage: (a) => {
      target(a.customer_id, a.line_id).data_used_gb = asNum(a.data_used_gb, 'data_used_gb')
      return `Data usage set to ${pyFloat(asNum(a.data_used_gb, 'data_used_gb'))} GB for line ${asStr(a.line_id)}`
    },
    suspend_line_for_overdue_bill: (a) => {
      const l = line(asStr(a.line_id))
      if (l.status !== 'Active') fail('Line must be active to suspend for unpaid bill')
      const amount = planById(l.plan_id).price_per_month
      if (amount <= 0) fail('Amount must be positive for overdue bill')
      const c = customer(asStr(a.customer_id))
      if (c.bill_ids.some((id: string) => billById(id).status === 'Overdue')) fail('Customer already has an overdue bill')
      const lastDay = addDays(firstOfMonth(TODAY), -1)
      const firstDay = firstOfMonth(lastDay)
      const b = billModel({ bill_id: a.new_bill_id, customer_id: a.customer_id, period_start: firstDay, period_end: lastDay, issue_date: firstDay, total_due: 0, due_date: addDays(firstDay, 14), status: 'Overdue' })
      b.line_items.push(lineItem({ description: `Charge for line ${l.line_id}`, amount, date: TODAY, item_type: amount > 0 ? 'Charge' : 'Credit' }))
      b.total_due += amount
      db.bills.push(b)
      c.bill_ids.push(a.new_bill_id)
      l.status = 'Suspended'
      l.suspension_start_date = TODAY
      if (a.contract_ended) l.contract_end_date = lastDay
      return `Line ${asStr(a.line_id)} suspended for unpaid bill ${asStr(a.new_bill_id)}. Contract ended: ${a.contract_ended ? 'True' : 'False'}`
    },
    assert_data_refueling_amount: (a) => Math.abs(target(a.customer_id, a.line_id).data_refueling_gb - asNum(a.expected_amount, 'expected_amount')) < 1e-6,
    assert_line_status: (a) => target(a.customer_id, a.line_id).status === a.expected_status,
    assert_overdue_bill_exists: (a) => {
      const c = customer(asStr(a.customer_id))
      if (!c.bill_ids.includes(asStr(a.overdue_bill_id))) fail(`Overdue bill ${asStr(a.overdue_bill_id)} not found`)
      if (billById(asStr(a.overdue_bill_id)).status !== 'Overdue') fail(`Overdue bill ${asStr(a.overdue_bill_id)} is not overdue`)
      return true
    },
    assert_no_overdue_bill: (a) => {
      const b = db.bills.find((x: Obj) => x.bill_id === a.overdue_bill_id)
      return !b || b.status === 'Paid'
    },
  }

  return {
    className: 'TelecomTools',
    tools,
    functions: { ...Object.fromEntries(tools.map((t) => [t.name, t.run])), ...extra },
    db: () => db,
    updateDb: (d) => void (db = normalizeTelecomDb(deepMerge(db, d))),
    lineByPhone,
    planById,
    customerByPhone,
    billsAwaitingPayment,
    setBillPaid: (id) => void (billById(id).status = 'Paid'),
  }
}

/** Python's str() of a float: 2.0 → "2.0". */
export const pyFloat = (x: number): string => (Number.isInteger(x) ? `${x}.0` : String(x))
