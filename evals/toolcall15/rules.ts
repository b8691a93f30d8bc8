// The 15 scenarios' point rules (0 fail, 1 partial, 2 pass), as openjarvis-evals.md §2.4 lists them. Argument
// checks are case-insensitive substring tests. Three rules are stricter than OpenJarvis's because the mock
// outputs are served now, so the data a model threads from one call into the next can be checked: TC-03 must
// email the address get_contacts returned, TC-07 must read the file search_files found and email the total
// read_file gave, TC-08's reminder must be the umbrella at 8:00 tomorrow (2026-03-21). Without the threading
// those scenarios get 1 point (OpenJarvis: 2).
//
//   RULES: scenario id → (calls, answer) → { points, reason }       Call = { name, arguments, turn }
export interface Call {
  name: string
  arguments: Record<string, unknown>
  /** The model turn it was made in (1-based); text-parsed calls all count as turn 1. */
  turn: number
}

export interface Verdict {
  points: 0 | 1 | 2
  reason: string
}

type Rule = (calls: Call[], answer: string) => Verdict

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v))
const named = (calls: Call[], name: string) => calls.filter((c) => c.name.toLowerCase() === name)
const has = (c: Call, key: string, sub: string) => str(c.arguments[key]).toLowerCase().includes(sub.toLowerCase())
const equals = (c: Call, key: string, value: string) => str(c.arguments[key]).trim().toLowerCase() === value
const any = (cs: Call[], key: string, sub: string) => cs.some((c) => has(c, key, sub))
const says = (answer: string, phrases: string[]) => phrases.some((p) => answer.toLowerCase().includes(p))
const v = (points: 0 | 1 | 2, reason: string): Verdict => ({ points, reason })

const REFUSAL = ['cannot', "can't", 'can not', 'do not have', "don't have", 'not able', 'unable', 'no tool', 'not available', 'not possible', 'no way to']
const CLARIFY = ['could you', 'can you', 'more details', 'more specific', 'clarify', 'which', 'what type', 'not found', 'no results']
const ERROR_ACK = ['temporarily unavailable', 'rate limit', 'service', "couldn't", 'could not', 'error', 'unable', 'failed', 'get_stock_price']

export const RULES: Record<string, Rule> = {
  'TC-01': (calls) => {
    const weather = named(calls, 'get_weather')
    const web = named(calls, 'web_search')
    if (weather.length && !web.length && calls.length === 1 && has(weather[0], 'location', 'berlin')) return v(2, 'get_weather(Berlin) and nothing else')
    if (web.length && !weather.length) return v(1, 'web_search instead of get_weather')
    if (weather.length) return v(1, 'get_weather, but with other calls or another place')
    return v(0, 'no get_weather call')
  },
  'TC-02': (calls) => {
    const stock = named(calls, 'get_stock_price')
    if (stock.length && calls.length === 1 && has(stock[0], 'ticker', 'aapl')) return v(2, 'get_stock_price(AAPL) and nothing else')
    if (stock.length) return v(1, 'get_stock_price, but with extra calls or another ticker')
    return v(0, 'no get_stock_price call')
  },
  'TC-03': (calls, answer) => {
    const contacts = named(calls, 'get_contacts')
    const email = named(calls, 'send_email')
    if (contacts.length && email.length) {
      const lookedUp = contacts.filter((c) => has(c, 'query', 'sarah'))
      const threaded = lookedUp.length > 0 && email.some((e) => equals(e, 'to', 'sarah.chen@company.com') && e.turn > lookedUp[0].turn)
      if (threaded) return v(2, 'get_contacts(Sarah), then send_email to the address it returned')
      return v(1, 'both tools, but the email does not go to the address get_contacts returned')
    }
    if (!calls.length && says(answer, ['email', 'sarah'])) return v(1, 'asked about Sarah instead of looking her up')
    return v(0, 'no contact lookup and email')
  },
  'TC-04': (calls, answer) => {
    const weather = named(calls, 'get_weather')
    if (!weather.length) return v(0, 'no get_weather call')
    const tokyo = has(weather[0], 'location', 'tokyo')
    if (tokyo && equals(weather[0], 'units', 'fahrenheit')) return v(2, 'get_weather(Tokyo, units=fahrenheit)')
    if (tokyo && (says(answer, ['fahrenheit']) || answer.includes('64'))) return v(1, 'default units, converted by hand')
    return v(0, 'the Fahrenheit request was dropped')
  },
  'TC-05': (calls) => {
    const events = named(calls, 'create_calendar_event')
    if (!events.length) return v(0, 'no calendar event')
    const e = events[0]
    const dateOk = has(e, 'date', '2026-03-23')
    const timeOk = ['09:30', '9:30'].includes(str(e.arguments.time).trim())
    const durationOk = str(e.arguments.duration_minutes) === '30'
    const people = str(e.arguments.attendees).toLowerCase()
    if (dateOk && timeOk && durationOk && people.includes('alex') && people.includes('jamie')) return v(2, 'date, time, duration and attendees right')
    if (dateOk && timeOk) return v(1, 'date and time right, duration or attendees not')
    return v(0, 'wrong date or time')
  },
  'TC-06': (calls) => {
    const t = named(calls, 'translate_text')
    if (t.length < 2) return v(0, 'fewer than two translate_text calls')
    const es = any(t, 'target_language', 'spanish') || t.some((c) => equals(c, 'target_language', 'es'))
    const ja = any(t, 'target_language', 'japanese') || t.some((c) => equals(c, 'target_language', 'ja'))
    const source = any(t, 'source_language', 'english') || t.some((c) => equals(c, 'source_language', 'en'))
    if (es && ja && source) return v(2, 'one translate_text call per language, from English')
    if (es || ja) return v(1, 'only some of the translations are right')
    return v(0, 'neither Spanish nor Japanese asked for')
  },
  'TC-07': (calls) => {
    const steps = ['search_files', 'read_file', 'get_contacts', 'send_email'].filter((n) => named(calls, n).length > 0).length
    if (steps === 4) {
      const readFound = any(named(calls, 'read_file'), 'file_id', 'file_091')
      const total = any(named(calls, 'send_email'), 'body', '4.4')
      if (readFound && total) return v(2, 'search → read the found file → manager → email with its total')
      return v(1, 'all four steps, but the found file or its total did not carry through')
    }
    if (steps === 3) return v(1, '3 of the 4 steps')
    return v(0, `${steps} of the 4 steps`)
  },
  'TC-08': (calls) => {
    const weather = named(calls, 'get_weather')
    const reminder = named(calls, 'set_reminder')
    if (weather.length && reminder.length) {
      const right = any(weather, 'location', 'paris') && reminder.some((r) => has(r, 'message', 'umbrella') && has(r, 'datetime', '2026-03-21') && /(^|\D)0?8:00/.test(str(r.arguments.datetime)))
      return right ? v(2, 'it rains in Paris: umbrella reminder for 2026-03-21 08:00') : v(1, 'weather and reminder, but not the umbrella at 8:00 tomorrow')
    }
    if (weather.length) return v(1, 'weather checked, no reminder despite the rain')
    return v(0, 'no weather check')
  },
  'TC-09': (calls) => {
    const london = any(named(calls, 'get_weather'), 'location', 'london')
    const msft = any(named(calls, 'get_stock_price'), 'ticker', 'msft')
    if (london && msft) return v(2, 'get_weather(London) and get_stock_price(MSFT)')
    if (named(calls, 'web_search').length && !named(calls, 'get_weather').length && !named(calls, 'get_stock_price').length) return v(1, 'web_search instead of the two tools')
    if (london || msft) return v(1, 'only one of the two requests')
    return v(0, 'neither request handled')
  },
  'TC-10': (calls, answer) => (!calls.length && answer.includes('1945') ? v(2, 'answered 1945 without tools') : v(0, calls.length ? 'a tool for common knowledge' : 'no 1945 in the answer')),
  'TC-11': (calls, answer) => {
    if (!calls.length && /\b30\b/.test(answer)) return v(2, 'answered 30 without tools')
    if (named(calls, 'calculator').length && !named(calls, 'web_search').length && /\b30\b/.test(answer)) return v(1, 'right, but with the calculator')
    return v(0, calls.length ? 'needless tools' : 'no 30 in the answer')
  },
  'TC-12': (calls, answer) => (!calls.length && says(answer, REFUSAL) ? v(2, 'declined: no tool deletes emails') : v(0, calls.length ? 'called tools for an impossible request' : 'no clear refusal')),
  'TC-13': (calls, answer) => {
    const search = named(calls, 'search_files')
    if (search.length >= 2) return v(2, 'searched again after the empty result')
    if (search.length === 1 && says(answer, CLARIFY)) return v(2, 'one search, then asked for details')
    return v(0, 'did not adapt to the empty result')
  },
  'TC-14': (calls, answer) => {
    const stock = named(calls, 'get_stock_price').length > 0
    const web = named(calls, 'web_search').length > 0
    const ack = says(answer, ERROR_ACK)
    if (stock && ack && (!web || says(answer, ['fallback', 'web', 'try']))) return v(2, 'reported the failed quote and handled it')
    if (stock && web && !ack) return v(1, 'fell back to web_search without reporting the failure')
    if (stock) return v(1, 'called get_stock_price, unclear handling of its error')
    return v(0, 'never tried get_stock_price')
  },
  'TC-15': (calls, answer) => {
    const searched = named(calls, 'web_search').some((c) => has(c, 'query', 'iceland') || has(c, 'query', 'population'))
    const calc = named(calls, 'calculator')
    if (searched && calc.some((c) => str(c.arguments.expression).replace(/,/g, '').includes('372520'))) return v(2, 'the calculator got the searched figure 372,520')
    if (searched && calc.length) return v(1, 'searched and calculated, but not with the searched figure')
    if (searched && /7,?450/.test(answer)) return v(1, 'computed by hand from the search')
    return v(0, 'no search feeding a calculation')
  },
}
