// tau2's airline domain (src/tau2/domains/airline at the pinned commit): AirlineTools over a FlightDB
// ({flights, users, reservations}, each keyed by id). Tool behaviour, checks, error messages and descriptions
// follow the Python; the clock is fixed at 2024-05-15T15:00:00 as there.
import { TauEnvironment } from '../environment.ts'
import { clone } from '../py-json.ts'
import { asList, asNum, asStr, deepMerge, int, modelOf, objList, oneOf, str, type DomainTool, type Toolkit } from '../toolkit.ts'
import { calculateTool, transferTool } from './common.ts'

type Obj = Record<string, any>
export interface FlightDB {
  flights: Record<string, Obj>
  users: Record<string, Obj>
  reservations: Record<string, Obj>
}

const CABINS = ['business', 'economy', 'basic_economy'] as const
const AIRPORTS: [string, string][] = [
  ['SFO', 'San Francisco'], ['JFK', 'New York'], ['LAX', 'Los Angeles'], ['ORD', 'Chicago'], ['DFW', 'Dallas'], ['DEN', 'Denver'], ['SEA', 'Seattle'],
  ['ATL', 'Atlanta'], ['MIA', 'Miami'], ['BOS', 'Boston'], ['PHX', 'Phoenix'], ['IAH', 'Houston'], ['LAS', 'Las Vegas'], ['MCO', 'Orlando'], ['EWR', 'Newark'],
  ['CLT', 'Charlotte'], ['MSP', 'Minneapolis'], ['DTW', 'Detroit'], ['PHL', 'Philadelphia'], ['LGA', 'LaGuardia'],
]

/** The model_dump shape: a reservation always has `status` (None unless cancelled). */
export function normalizeFlightDb(raw: Obj): FlightDB {
  const db = clone(raw) as FlightDB
  for (const r of Object.values(db.reservations ?? {})) if (!('status' in r)) r.status = null
  return db
}

const FLIGHT_INFO = { flight_number: { type: 'string', description: "Flight number, such as 'HAT001'." }, date: { type: 'string', description: "The date for the flight in the format 'YYYY-MM-DD', such as '2024-05-01'." } }
const PASSENGER = { first_name: { type: 'string', description: "Passenger's first name" }, last_name: { type: 'string', description: "Passenger's last name" }, dob: { type: 'string', description: 'Date of birth in YYYY-MM-DD format' } }
const PAYMENT = { payment_id: { type: 'string', description: 'Unique identifier for the payment' }, amount: { type: 'integer', description: 'Payment amount in dollars' } }
const PAYMENT_ID = "The payment id stored in user profile, such as 'credit_card_7815826', 'gift_card_7815826', 'certificate_7815826'."
const pick = (o: unknown, keys: readonly string[], model: string): Obj => modelOf(o, keys, model)

export function airlineToolkit(db: FlightDB): Toolkit {
  const user = (id: unknown) => db.users[asStr(id)] ?? fail(`User ${asStr(id)} not found`)
  const reservation = (id: unknown) => db.reservations[asStr(id)] ?? fail(`Reservation ${asStr(id)} not found`)
  const flight = (n: string) => db.flights[n] ?? fail(`Flight ${n} not found`)
  const instance = (n: string, date: string) => flight(n).dates?.[date] ?? fail(`Flight ${n} not found on date ${date}`)
  const searchDirect = (date: string, origin: string | null, destination: string | null, leaveAfter: string | null = null): Obj[] =>
    Object.values(db.flights)
      .filter((f) => (origin === null || f.origin === origin) && (destination === null || f.destination === destination) && date in f.dates && f.dates[date].status === 'available' && (leaveAfter === null || f.scheduled_departure_time_est >= leaveAfter))
      .map((f) => ({ flight_number: f.flight_number, origin: f.origin, destination: f.destination, status: 'available', scheduled_departure_time_est: f.scheduled_departure_time_est, scheduled_arrival_time_est: f.scheduled_arrival_time_est, date: null, available_seats: clone(f.dates[date].available_seats), prices: clone(f.dates[date].prices) }))
  const paymentForUpdate = (u: Obj, paymentId: string, total: number): Obj | null => {
    const method = u.payment_methods[paymentId] ?? fail('Payment method not found')
    if (method.source === 'certificate') fail('Certificate cannot be used to update reservation')
    if (method.source === 'gift_card' && method.amount < total) fail('Gift card balance is not enough')
    if (method.source === 'gift_card') method.amount -= total
    return total !== 0 ? { payment_id: paymentId, amount: total } : null
  }

  const tools: DomainTool[] = [
    {
      name: 'book_reservation',
      kind: 'write',
      description: 'Book a reservation.',
      params: {
        user_id: str("The ID of the user to book the reservation such as 'sara_doe_496'`."),
        origin: str("The IATA code for the origin city such as 'SFO'."),
        destination: str("The IATA code for the destination city such as 'JFK'."),
        flight_type: oneOf(['round_trip', 'one_way'], "The type of flight such as 'one_way' or 'round_trip'."),
        cabin: oneOf(CABINS, "The cabin class such as 'basic_economy', 'economy', or 'business'."),
        flights: objList('An array of objects containing details about each piece of flight.', FLIGHT_INFO),
        passengers: objList('An array of objects containing details about each passenger.', PASSENGER),
        payment_methods: objList('An array of objects containing details about each payment method.', PAYMENT),
        total_baggages: int('The total number of baggage items to book the reservation.'),
        nonfree_baggages: int('The number of non-free baggage items to book the reservation.'),
        insurance: oneOf(['yes', 'no'], 'Whether the reservation has insurance.'),
      },
      run: (a) => {
        const flights = asList(a.flights, 'flights').map((f) => pick(f, ['flight_number', 'date'], 'FlightInfo'))
        const passengers = asList(a.passengers, 'passengers').map((p) => pick(p, ['first_name', 'last_name', 'dob'], 'Passenger'))
        const payments = asList(a.payment_methods, 'payment_methods').map((p) => pick(p, ['payment_id', 'amount'], 'Payment')).map((p) => ({ payment_id: asStr(p.payment_id), amount: asNum(p.amount, 'amount') }))
        const cabin = asStr(a.cabin)
        const u = user(a.user_id)
        const id = ['HATHAT', 'HATHAU', 'HATHAV'].find((r) => !(r in db.reservations)) ?? fail('Too many reservations')
        const nonfree = asNum(a.nonfree_baggages, 'nonfree_baggages')
        const res: Obj = { reservation_id: id, user_id: a.user_id, origin: a.origin, destination: a.destination, flight_type: a.flight_type, cabin, flights: [], passengers: clone(passengers), payment_history: clone(payments), created_at: '2024-05-15T15:00:00', total_baggages: a.total_baggages, nonfree_baggages: a.nonfree_baggages, insurance: a.insurance, status: null }
        let total = 0
        const dates: Obj[] = []
        for (const fi of flights) {
          const f = flight(asStr(fi.flight_number))
          const d = instance(asStr(fi.flight_number), asStr(fi.date))
          if (d.status !== 'available') fail(`Flight ${fi.flight_number} not available on date ${fi.date}`)
          if (d.available_seats[cabin] < passengers.length) fail(`Not enough seats on flight ${fi.flight_number}`)
          const price = d.prices[cabin]
          res.flights.push({ flight_number: fi.flight_number, origin: f.origin, destination: f.destination, date: fi.date, price })
          dates.push(d)
          total += price * passengers.length
        }
        if (a.insurance === 'yes') total += 30 * passengers.length
        total += 50 * nonfree
        for (const p of payments) {
          const m = u.payment_methods[p.payment_id] ?? fail(`Payment method ${p.payment_id} not found`)
          if ((m.source === 'gift_card' || m.source === 'certificate') && m.amount < p.amount) fail(`Not enough balance in payment method ${p.payment_id}`)
        }
        const paid = payments.reduce((s, p) => s + p.amount, 0)
        if (paid !== total) fail(`Payment amount does not add up, total price is ${total}, but paid ${paid}`)
        for (const p of payments) {
          const m = u.payment_methods[p.payment_id]
          if (m.source === 'gift_card') m.amount -= p.amount
          else if (m.source === 'certificate') delete u.payment_methods[p.payment_id]
        }
        for (const d of dates) d.available_seats[cabin] -= passengers.length
        db.reservations[id] = res
        u.reservations.push(id)
        return res
      },
    },
    calculateTool,
    {
      name: 'cancel_reservation',
      kind: 'write',
      description: 'Cancel the whole reservation.',
      params: { reservation_id: str("The reservation ID, such as 'ZFA04Y'.") },
      run: (a) => {
        const r = reservation(a.reservation_id)
        r.payment_history.push(...r.payment_history.map((p: Obj) => ({ payment_id: p.payment_id, amount: -p.amount })))
        r.status = 'cancelled'
        // As upstream: seats are not released on cancellation.
        return r
      },
    },
    { name: 'get_reservation_details', kind: 'read', description: 'Get the details of a reservation.', params: { reservation_id: str("The reservation ID, such as '8JX2WO'.") }, run: (a) => reservation(a.reservation_id) },
    { name: 'get_user_details', kind: 'read', description: 'Get the details of a user, including their reservations.', params: { user_id: str("The user ID, such as 'sara_doe_496'.") }, run: (a) => user(a.user_id) },
    { name: 'list_all_airports', kind: 'read', description: 'Returns a list of all available airports.', params: {}, run: () => AIRPORTS.map(([iata, city]) => ({ iata, city })) },
    {
      name: 'search_direct_flight',
      kind: 'read',
      description: 'Search for direct flights between two cities on a specific date.',
      params: { origin: str("The origin city airport in three letters, such as 'JFK'."), destination: str("The destination city airport in three letters, such as 'LAX'."), date: str("The date of the flight in the format 'YYYY-MM-DD', such as '2024-01-01'.") },
      run: (a) => searchDirect(asStr(a.date), asStr(a.origin), asStr(a.destination)),
    },
    {
      name: 'search_onestop_flight',
      kind: 'read',
      description: 'Search for one-stop flights between two cities on a specific date.',
      params: { origin: str("The origin city airport in three letters, such as 'JFK'."), destination: str("The destination city airport in three letters, such as 'LAX'."), date: str("The date of the flight in the format 'YYYY-MM-DD', such as '2024-05-01'.") },
      run: (a) => {
        const date = asStr(a.date)
        const out: Obj[][] = []
        for (const first of searchDirect(date, asStr(a.origin), null)) {
          first.date = date
          // As upstream: an overnight first leg connects on the next day of May 2024 (no zero padding).
          const date2 = first.scheduled_arrival_time_est.includes('+1') ? `2024-05-${Number(date.slice(-2)) + 1}` : date
          for (const second of searchDirect(date2, first.destination, asStr(a.destination), first.scheduled_arrival_time_est)) {
            second.date = date2
            out.push([first, second])
          }
        }
        return out
      },
    },
    {
      name: 'send_certificate',
      kind: 'write',
      description: 'Send a certificate to a user. Be careful!',
      params: { user_id: str("The ID of the user to book the reservation, such as 'sara_doe_496'."), amount: int('The amount of the certificate to send.') },
      run: (a) => {
        const u = user(a.user_id)
        for (const id of [3221322, 3221323, 3221324].map((n) => `certificate_${n}`)) {
          if (id in u.payment_methods) continue
          u.payment_methods[id] = { source: 'certificate', id, amount: a.amount }
          return `Certificate ${id} added to user ${a.user_id} with amount ${a.amount}.`
        }
        return fail('Too many certificates')
      },
    },
    transferTool,
    {
      name: 'update_reservation_baggages',
      kind: 'write',
      description: 'Update the baggage information of a reservation.',
      params: {
        reservation_id: str("The reservation ID, such as 'ZFA04Y'"),
        total_baggages: int('The updated total number of baggage items included in the reservation.'),
        nonfree_baggages: int('The updated number of non-free baggage items included in the reservation.'),
        payment_id: str(PAYMENT_ID),
      },
      run: (a) => {
        const r = reservation(a.reservation_id)
        const u = user(r.user_id)
        const nonfree = asNum(a.nonfree_baggages, 'nonfree_baggages')
        const payment = paymentForUpdate(u, asStr(a.payment_id), 50 * Math.max(0, nonfree - r.nonfree_baggages))
        if (payment) r.payment_history.push(payment)
        r.total_baggages = a.total_baggages
        r.nonfree_baggages = a.nonfree_baggages
        return r
      },
    },
    {
      name: 'update_reservation_flights',
      kind: 'write',
      description: 'Update the flight information of a reservation.',
      params: {
        reservation_id: str("The reservation ID, such as 'ZFA04Y'."),
        cabin: oneOf(CABINS, 'The cabin class of the reservation'),
        flights: objList('An array of objects containing details about each piece of flight in the ENTIRE new reservation. Even if the a flight segment is not changed, it should still be included in the array.', FLIGHT_INFO),
        payment_id: str(PAYMENT_ID),
      },
      run: (a) => {
        const flights = asList(a.flights, 'flights').map((f) => pick(f, ['flight_number', 'date'], 'FlightInfo'))
        const r = reservation(a.reservation_id)
        const u = user(r.user_id)
        const cabin = asStr(a.cabin)
        const n = r.passengers.length
        let total = 0
        const next: Obj[] = []
        for (const fi of flights) {
          const kept = r.flights.find((rf: Obj) => rf.flight_number === fi.flight_number && rf.date === fi.date && cabin === r.cabin)
          if (kept) {
            total += kept.price * n
            next.push(kept)
            continue
          }
          const f = flight(asStr(fi.flight_number))
          const d = instance(asStr(fi.flight_number), asStr(fi.date))
          if (d.status !== 'available') fail(`Flight ${fi.flight_number} not available on date ${fi.date}`)
          if (d.available_seats[cabin] < n) fail(`Not enough seats on flight ${fi.flight_number}`)
          const rf = { flight_number: fi.flight_number, origin: f.origin, destination: f.destination, date: fi.date, price: d.prices[cabin] }
          total += rf.price * n
          next.push(rf)
        }
        total -= r.flights.reduce((s: number, f: Obj) => s + f.price, 0) * n
        const payment = paymentForUpdate(u, asStr(a.payment_id), total)
        if (payment) r.payment_history.push(payment)
        r.flights = next
        r.cabin = cabin
        return r
      },
    },
    {
      name: 'update_reservation_passengers',
      kind: 'write',
      description: 'Update the passenger information of a reservation.',
      params: { reservation_id: str("The reservation ID, such as 'ZFA04Y'."), passengers: objList('An array of objects containing details about each passenger.', PASSENGER) },
      run: (a) => {
        const passengers = asList(a.passengers, 'passengers').map((p) => pick(p, ['first_name', 'last_name', 'dob'], 'Passenger'))
        const r = reservation(a.reservation_id)
        if (passengers.length !== r.passengers.length) fail('Number of passengers does not match')
        r.passengers = clone(passengers)
        return r
      },
    },
    { name: 'get_flight_status', kind: 'read', description: 'Get the status of a flight.', params: { flight_number: str('The flight number.'), date: str('The date of the flight.') }, run: (a) => instance(asStr(a.flight_number), asStr(a.date)).status },
  ]
  return { className: 'AirlineTools', tools, functions: Object.fromEntries(tools.map((t) => [t.name, t.run])), db: () => db, updateDb: (d) => void deepMerge(db as unknown as Obj, d) }
}

function fail(message: string): never {
  throw new Error(message)
}

export function airlineEnvironment(db: Obj, policy: string): TauEnvironment {
  return new TauEnvironment('airline', policy, airlineToolkit(normalizeFlightDb(db)))
}
