// The telecom databases as tau2's pydantic models dump them: every field present, in model order, with its
// default; enums as their values; dates as Python's str() of a date ("2025-02-25") or datetime
// ("2025-01-20 14:30:00", as json.dumps(default=str) prints them to the model). TelecomDB comes from db.toml,
// TelecomUserDB (the user's phone and surroundings) from user_db.toml.
import { clone } from '../py-json.ts'

type Obj = Record<string, any>
type Fields = [key: string, fallback: unknown][]

/** Fixed "today" and "now" of the domain, as upstream. */
export const TODAY = '2025-02-25'

const REQUIRED = Symbol('required')

function model(raw: unknown, fields: Fields, nested: Record<string, (v: any) => unknown> = {}): Obj {
  const src = (raw ?? {}) as Obj
  const out: Obj = {}
  for (const [k, d] of fields) {
    const v = k in src ? src[k] : d === REQUIRED ? undefined : clone(d)
    out[k] = nested[k] && v !== null && v !== undefined ? nested[k](v) : v
  }
  return out
}

/** datetime fields: "2025-01-20T14:30:00" → "2025-01-20 14:30:00"; a bare date stays a date. */
const datetime = (v: unknown) => (typeof v === 'string' ? v.replace('T', ' ') : v)
const date = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : v)

const PLAN: Fields = [['plan_id', REQUIRED], ['name', REQUIRED], ['data_limit_gb', REQUIRED], ['price_per_month', REQUIRED], ['data_refueling_price_per_gb', REQUIRED]]
const DEVICE: Fields = [['device_id', REQUIRED], ['device_type', REQUIRED], ['model', REQUIRED], ['imei', null], ['is_esim_capable', REQUIRED], ['activated', false], ['activation_date', null], ['last_esim_transfer_date', null]]
const LINE: Fields = [
  ['line_id', REQUIRED], ['phone_number', REQUIRED], ['status', 'Pending Activation'], ['plan_id', REQUIRED], ['device_id', null], ['data_used_gb', 0], ['data_refueling_gb', 0],
  ['roaming_enabled', false], ['contract_end_date', null], ['last_plan_change_date', null], ['last_sim_replacement_date', null], ['suspension_start_date', null],
]
const LINE_ITEM: Fields = [['description', REQUIRED], ['amount', REQUIRED], ['date', REQUIRED], ['item_type', REQUIRED]]
const BILL: Fields = [['bill_id', REQUIRED], ['customer_id', REQUIRED], ['period_start', REQUIRED], ['period_end', REQUIRED], ['issue_date', REQUIRED], ['total_due', REQUIRED], ['due_date', REQUIRED], ['line_items', []], ['status', 'Draft']]
const CUSTOMER: Fields = [
  ['customer_id', REQUIRED], ['full_name', REQUIRED], ['date_of_birth', REQUIRED], ['email', REQUIRED], ['phone_number', REQUIRED], ['address', REQUIRED],
  ['account_status', 'Pending Verification'], ['payment_methods', []], ['line_ids', []], ['bill_ids', []], ['created_at', '2025-01-01'], ['last_extension_date', null], ['goodwill_credit_used_this_year', 0],
]

export const lineItem = (v: unknown): Obj => model(v, LINE_ITEM, { date })
export const bill = (v: unknown): Obj => model(v, BILL, { period_start: date, period_end: date, issue_date: date, due_date: date, line_items: (xs: unknown[]) => xs.map(lineItem) })

export function normalizeTelecomDb(raw: Obj): Obj {
  return {
    plans: (raw.plans ?? []).map((p: unknown) => model(p, PLAN)),
    customers: (raw.customers ?? []).map((c: unknown) =>
      model(c, CUSTOMER, {
        address: (a: Obj) => model(a, [['street', REQUIRED], ['city', REQUIRED], ['state', REQUIRED], ['zip_code', REQUIRED]]),
        payment_methods: (xs: unknown[]) => xs.map((m) => model(m, [['method_type', REQUIRED], ['account_number_last_4', REQUIRED], ['expiration_date', REQUIRED]])),
        created_at: datetime,
        last_extension_date: date,
      }),
    ),
    lines: (raw.lines ?? []).map((l: unknown) => model(l, LINE, { contract_end_date: date, last_plan_change_date: date, last_sim_replacement_date: date, suspension_start_date: date })),
    bills: (raw.bills ?? []).map(bill),
    devices: (raw.devices ?? []).map((d: unknown) => model(d, DEVICE, { activation_date: datetime, last_esim_transfer_date: datetime })),
  }
}

const PERMISSIONS: Fields = [['sms', false], ['storage', false], ['phone', false], ['network', false]]
export const APN_DEFAULT: Obj = { apn_name: 'internet', reset_at_reboot: false, mms_apn: 'mms', mmsc_url: 'http://mms.carrier.com/mms/wapenc', mms_proxy: null, mms_port: null }
export const apnSettings = (v: unknown): Obj => model(v, Object.entries(APN_DEFAULT))
export const vpnDetails = (v: unknown): Obj => model(v, [['server_address', null], ['protocol', null], ['server_performance', 'unknown']])
const appStatus = (v: unknown): Obj => model(v, [['app_name', REQUIRED], ['permissions', {}]], { permissions: (p: unknown) => model(p, PERMISSIONS) })

const DEFAULT_APPS = {
  messaging: { app_name: 'messaging', permissions: { sms: true, storage: true, phone: true, network: false } },
  browser: { app_name: 'browser', permissions: { sms: false, storage: true, phone: false, network: true } },
}

const PHONE: Fields = [
  ['sim_card_status', 'active'], ['sim_card_missing', false], ['airplane_mode', false], ['network_signal_strength', 'good'], ['network_technology_connected', '5G'],
  ['network_connection_status', 'connected'], ['battery_level', 80], ['data_enabled', true], ['roaming_enabled', false], ['network_mode_preference', '4g_5g_preferred'],
  ['active_apn_settings', {}], ['wifi_enabled', false], ['wifi_connected', false], ['wifi_ssid', null], ['wifi_signal_strength', 'none'], ['wifi_calling_enabled', false],
  ['wifi_calling_mms_over_wifi', false], ['data_saver_mode', false], ['vpn_enabled_setting', false], ['vpn_connected', false], ['vpn_details', null], ['app_statuses', DEFAULT_APPS],
]
const SURROUNDINGS: Fields = [
  ['name', null], ['phone_number', null], ['is_abroad', false], ['roaming_allowed', false], ['signal_strength', { '2G': 'poor', '3G': 'fair', '4G': 'good', '5G': 'excellent' }],
  ['mobile_data_usage_exceeded', false], ['line_active', true], ['payment_request', null],
]

export function normalizeUserDb(raw: Obj): Obj {
  return {
    device: model(raw.device, PHONE, {
      active_apn_settings: apnSettings,
      vpn_details: vpnDetails,
      app_statuses: (apps: Obj) => Object.fromEntries(Object.entries(apps).map(([k, v]) => [k, appStatus(v)])),
    }),
    surroundings: model(raw.surroundings, SURROUNDINGS, { payment_request: (p: unknown) => model(p, [['bill_id', REQUIRED], ['amount_due', REQUIRED], ['paid', false]]) }),
  }
}

/** Days after a YYYY-MM-DD date, as a date string. */
export function addDays(d: string, days: number): string {
  const t = new Date(`${d}T00:00:00Z`)
  t.setUTCDate(t.getUTCDate() + days)
  return t.toISOString().slice(0, 10)
}

/** The first day of the month of a YYYY-MM-DD date. */
export const firstOfMonth = (d: string): string => `${d.slice(0, 8)}01`
