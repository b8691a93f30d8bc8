// tau2's retail domain (src/tau2/domains/retail at the pinned commit): RetailTools over a RetailDB ({products,
// users, orders}, each keyed by id). Behaviour, checks and error messages follow the Python, including its
// quirk in modify_pending_order_items (every modified item takes the price and options of the *last* new item):
// the gold state is computed by the same code, so parity needs it.
import { TauEnvironment } from '../environment.ts'
import { clone, round2 } from '../py-json.ts'
import { asList, asStr, deepMerge, describe, str, strList, type DomainTool, type Toolkit } from '../toolkit.ts'
import { calculateTool, transferTool } from './common.ts'

type Obj = Record<string, any>
export interface RetailDB {
  products: Record<string, Obj>
  users: Record<string, Obj>
  orders: Record<string, Obj>
}

const ORDER_OPTIONAL = ['cancel_reason', 'exchange_items', 'exchange_new_items', 'exchange_payment_method_id', 'exchange_price_difference', 'return_items', 'return_payment_method_id']

/** The model_dump shape: an order always carries its optional fields (None until set). */
export function normalizeRetailDb(raw: Obj): RetailDB {
  const db = clone(raw) as RetailDB
  for (const o of Object.values(db.orders ?? {})) for (const k of ORDER_OPTIONAL) if (!(k in o)) o[k] = null
  return db
}

const ORDER_ID = "The order id, such as '#W0000000'. Be careful there is a '#' symbol at the beginning of the order id."
const PAYMENT_ID = "The payment method id to pay or receive refund for the item price difference, such as 'gift_card_0000000' or 'credit_card_0000000'. These can be looked up from the user or order details."
const ADDRESS = {
  address1: str("The first line of the address, such as '123 Main St'."),
  address2: str("The second line of the address, such as 'Apt 1' or ''."),
  city: str("The city, such as 'San Francisco'."),
  state: str("The state, such as 'CA'."),
  country: str("The country, such as 'USA'."),
  zip: str("The zip code, such as '12345'."),
}
const addressOf = (a: Obj) => ({ address1: a.address1, address2: a.address2, city: a.city, country: a.country, state: a.state, zip: a.zip })
const count = (xs: unknown[], x: unknown) => xs.filter((y) => y === x).length
const sorted = (xs: unknown[]) => [...xs].map(asStr).sort()

export function retailToolkit(db: RetailDB): Toolkit {
  const order = (id: unknown) => db.orders[asStr(id)] ?? fail('Order not found')
  const user = (id: unknown) => db.users[asStr(id)] ?? fail('User not found')
  const product = (id: unknown) => db.products[asStr(id)] ?? fail('Product not found')
  const variant = (productId: string, id: string) => product(productId).variants[id] ?? fail('Variant not found')
  const payment = (userId: string, id: string) => user(userId).payment_methods[id] ?? fail('Payment method not found')
  const isGift = (m: Obj) => m.source === 'gift_card'
  const checkItems = (o: Obj, itemIds: unknown[], message: (id: unknown) => string) => {
    const all = o.items.map((it: Obj) => it.item_id)
    for (const id of itemIds) if (count(itemIds, id) > count(all, id)) fail(message(id))
  }
  const priceDiff = (o: Obj, itemIds: unknown[], newIds: unknown[], sameIdError: boolean): { diff: number; last: Obj | null } => {
    let diff = 0
    let last: Obj | null = null
    itemIds.forEach((id, k) => {
      const newId = newIds[k]
      if (sameIdError && id === newId) fail('The new item id should be different from the old item id')
      const item = o.items.find((it: Obj) => it.item_id === id) ?? fail(`Item ${asStr(id)} not found`)
      const v = variant(item.product_id, asStr(newId))
      if (!v.available) fail(`New item ${asStr(newId)} not found or available`)
      diff += v.price - item.price
      last = v
    })
    return { diff, last }
  }

  const tools: DomainTool[] = [
    calculateTool,
    {
      name: 'cancel_pending_order',
      kind: 'write',
      description: describe(
        'Cancel a pending order. If the order is already processed or delivered,',
        "it cannot be cancelled. The agent needs to explain the cancellation detail\nand ask for explicit user confirmation (yes/no) to proceed. If the user confirms,\nthe order status will be changed to 'cancelled' and the payment will be refunded.\nThe refund will be added to the user's gift card balance immediately if the payment\nwas made using a gift card, otherwise the refund would take 5-7 business days to process.\nThe function returns the order details after the cancellation.",
      ),
      params: { order_id: str(ORDER_ID), reason: str("The reason for cancellation, which should be either 'no longer needed' or 'ordered by mistake'.") },
      run: (a) => {
        const o = order(a.order_id)
        if (o.status !== 'pending') fail('Non-pending order cannot be cancelled')
        if (a.reason !== 'no longer needed' && a.reason !== 'ordered by mistake') fail('Invalid reason')
        const refunds = o.payment_history.map((p: Obj) => {
          const m = payment(o.user_id, p.payment_method_id)
          if (isGift(m)) m.balance = round2(m.balance + p.amount)
          return { transaction_type: 'refund', amount: p.amount, payment_method_id: p.payment_method_id }
        })
        o.status = 'cancelled'
        o.cancel_reason = a.reason
        o.payment_history.push(...refunds)
        return o
      },
    },
    {
      name: 'exchange_delivered_order_items',
      kind: 'write',
      description: describe('Exchange items in a delivered order to new items of the same product type.', 'For a delivered order, return or exchange can be only done once by the agent.\nThe agent needs to explain the exchange detail and ask for explicit user confirmation (yes/no) to proceed.'),
      params: {
        order_id: str(ORDER_ID),
        item_ids: strList("The item ids to be exchanged, each such as '1008292230'. There could be duplicate items in the list."),
        new_item_ids: strList("The item ids to be exchanged for, each such as '1008292230'.\nThere could be duplicate items in the list. Each new item id should match the item id\nin the same position and be of the same product."),
        payment_method_id: str("The payment method id to pay or receive refund for the item price difference,\nsuch as 'gift_card_0000000' or 'credit_card_0000000'. These can be looked up\nfrom the user or order details."),
      },
      run: (a) => {
        const o = order(a.order_id)
        if (o.status !== 'delivered') fail('Non-delivered order cannot be exchanged')
        const itemIds = asList(a.item_ids, 'item_ids')
        const newIds = asList(a.new_item_ids, 'new_item_ids')
        checkItems(o, itemIds, (id) => `Number of ${asStr(id)} not found.`)
        if (itemIds.length !== newIds.length) fail('The number of items to be exchanged should match.')
        const diff = round2(priceDiff(o, itemIds, newIds, false).diff)
        const m = payment(o.user_id, asStr(a.payment_method_id))
        if (isGift(m) && m.balance < diff) fail('Insufficient gift card balance to pay for the price difference')
        Object.assign(o, { status: 'exchange requested', exchange_items: sorted(itemIds), exchange_new_items: sorted(newIds), exchange_payment_method_id: a.payment_method_id, exchange_price_difference: diff })
        return o
      },
    },
    {
      name: 'find_user_id_by_name_zip',
      kind: 'read',
      description: describe('Find user id by first name, last name, and zip code. If the user is not found, the function', 'will return an error message. By default, find user id by email, and only call this function\nif the user is not found by email or cannot remember email.'),
      params: { first_name: str("The first name of the customer, such as 'John'."), last_name: str("The last name of the customer, such as 'Doe'."), zip: str("The zip code of the customer, such as '12345'.") },
      run: (a) => {
        const [first, last] = [asStr(a.first_name).toLowerCase(), asStr(a.last_name).toLowerCase()]
        const hit = Object.entries(db.users).find(([, u]) => u.name.first_name.toLowerCase() === first && u.name.last_name.toLowerCase() === last && u.address.zip === a.zip)
        return hit ? hit[0] : fail('User not found')
      },
    },
    {
      name: 'find_user_id_by_email',
      kind: 'read',
      description: 'Find user id by email. If the user is not found, the function will return an error message.',
      params: { email: str("The email of the user, such as 'something@example.com'.") },
      run: (a) => Object.entries(db.users).find(([, u]) => u.email.toLowerCase() === asStr(a.email).toLowerCase())?.[0] ?? fail('User not found'),
    },
    { name: 'get_order_details', kind: 'read', description: 'Get the status and details of an order.', params: { order_id: str(ORDER_ID) }, run: (a) => order(a.order_id) },
    { name: 'get_product_details', kind: 'read', description: 'Get the inventory details of a product.', params: { product_id: str("The product id, such as '6086499569'. Be careful the product id is different from the item id.") }, run: (a) => product(a.product_id) },
    {
      name: 'get_item_details',
      kind: 'read',
      description: 'Get the inventory details of an item.',
      params: { item_id: str("The item id, such as '6086499569'. Be careful the item id is different from the product id.") },
      run: (a) => Object.values(db.products).find((p) => asStr(a.item_id) in p.variants)?.variants[asStr(a.item_id)] ?? fail('Item not found'),
    },
    { name: 'get_user_details', kind: 'read', description: 'Get the details of a user, including their orders.', params: { user_id: str("The user id, such as 'sara_doe_496'.") }, run: (a) => user(a.user_id) },
    {
      name: 'list_all_product_types',
      kind: 'read',
      description: describe('List the name and product id of all product types.', 'Each product type has a variety of different items with unique item ids and options.\nThere are only 50 product types in the store.'),
      params: {},
      // json.dumps(…, sort_keys=True)
      run: () => {
        const byName = Object.fromEntries(Object.values(db.products).map((p) => [p.name, p.product_id]))
        return `{${Object.keys(byName).sort().map((k) => `${JSON.stringify(k)}: ${JSON.stringify(byName[k])}`).join(', ')}}`
      },
    },
    {
      name: 'modify_pending_order_address',
      kind: 'write',
      description: 'Modify the shipping address of a pending order. The agent needs to explain the modification detail and ask for explicit user confirmation (yes/no) to proceed.',
      params: { order_id: str(ORDER_ID), ...ADDRESS },
      run: (a) => {
        const o = order(a.order_id)
        if (!String(o.status).includes('pending')) fail('Non-pending order cannot be modified')
        o.address = addressOf(a)
        return o
      },
    },
    {
      name: 'modify_pending_order_items',
      kind: 'write',
      description: 'Modify items in a pending order to new items of the same product type. For a pending order, this function can only be called once. The agent needs to explain the exchange detail and ask for explicit user confirmation (yes/no) to proceed.',
      params: {
        order_id: str(ORDER_ID),
        item_ids: strList("The item ids to be modified, each such as '1008292230'. There could be duplicate items in the list."),
        new_item_ids: strList("The item ids to be modified for, each such as '1008292230'. There could be duplicate items in the list. Each new item id should match the item id in the same position and be of the same product."),
        payment_method_id: str(PAYMENT_ID),
      },
      run: (a) => {
        const o = order(a.order_id)
        if (o.status !== 'pending') fail('Non-pending order cannot be modified')
        const itemIds = asList(a.item_ids, 'item_ids')
        const newIds = asList(a.new_item_ids, 'new_item_ids')
        checkItems(o, itemIds, (id) => `${asStr(id)} not found`)
        if (itemIds.length !== newIds.length) fail('The number of items to be exchanged should match')
        const { diff, last } = priceDiff(o, itemIds, newIds, true)
        const m = payment(o.user_id, asStr(a.payment_method_id))
        if (isGift(m) && m.balance < diff) fail('Insufficient gift card balance to pay for the new item')
        o.payment_history.push({ transaction_type: diff > 0 ? 'payment' : 'refund', amount: Math.abs(diff), payment_method_id: a.payment_method_id })
        if (isGift(m)) m.balance = round2(m.balance - diff)
        itemIds.forEach((id, k) => {
          const item = o.items.find((it: Obj) => it.item_id === id) ?? fail(`Item ${asStr(id)} not found`)
          item.item_id = newIds[k]
          item.price = last!.price
          item.options = last!.options
        })
        o.status = 'pending (item modified)'
        return o
      },
    },
    {
      name: 'modify_pending_order_payment',
      kind: 'write',
      description: 'Modify the payment method of a pending order. The agent needs to explain the modification detail and ask for explicit user confirmation (yes/no) to proceed.',
      params: { order_id: str(ORDER_ID), payment_method_id: str(PAYMENT_ID) },
      run: (a) => {
        const o = order(a.order_id)
        if (!String(o.status).includes('pending')) fail('Non-pending order cannot be modified')
        const id = asStr(a.payment_method_id)
        const m = payment(o.user_id, id)
        const first = o.payment_history[0]
        if (o.payment_history.length !== 1 || first.transaction_type !== 'payment') fail('There should be exactly one payment for a pending order')
        if (first.payment_method_id === id) fail('The new payment method should be different from the current one')
        const amount = first.amount
        if (isGift(m) && m.balance < amount) fail('Insufficient gift card balance to pay for the order')
        o.payment_history.push({ transaction_type: 'payment', amount, payment_method_id: id }, { transaction_type: 'refund', amount, payment_method_id: first.payment_method_id })
        if (isGift(m)) m.balance = round2(m.balance - amount)
        const old = payment(o.user_id, first.payment_method_id)
        if (isGift(old)) old.balance = round2(old.balance + amount)
        return o
      },
    },
    {
      name: 'modify_user_address',
      kind: 'write',
      description: 'Modify the default address of a user. The agent needs to explain the modification detail and ask for explicit user confirmation (yes/no) to proceed.',
      params: { user_id: str("The user id, such as 'sara_doe_496'."), ...ADDRESS },
      run: (a) => {
        const u = user(a.user_id)
        u.address = addressOf(a)
        return u
      },
    },
    {
      name: 'return_delivered_order_items',
      kind: 'write',
      description: describe('Return some items of a delivered order.', "The order status will be changed to 'return requested'.\nThe agent needs to explain the return detail and ask for explicit user confirmation (yes/no) to proceed.\nThe user will receive follow-up email for how and where to return the item."),
      params: {
        order_id: str(ORDER_ID),
        item_ids: strList("The item ids to be returned, each such as '1008292230'. There could be duplicate items in the list."),
        payment_method_id: str("The payment method id to pay or receive refund for the item price difference, such as 'gift_card_0000000' or 'credit_card_0000000'.\nThese can be looked up from the user or order details."),
      },
      run: (a) => {
        const o = order(a.order_id)
        if (o.status !== 'delivered') fail('Non-delivered order cannot be returned')
        const id = asStr(a.payment_method_id)
        const m = payment(user(o.user_id).user_id, id)
        if (!isGift(m) && id !== o.payment_history[0].payment_method_id) fail('Payment method should be the original payment method')
        const itemIds = asList(a.item_ids, 'item_ids')
        checkItems(o, itemIds, () => 'Some item not found')
        Object.assign(o, { status: 'return requested', return_items: sorted(itemIds), return_payment_method_id: id })
        return o
      },
    },
    transferTool,
  ]
  return { className: 'RetailTools', tools, functions: Object.fromEntries(tools.map((t) => [t.name, t.run])), db: () => db, updateDb: (d) => void deepMerge(db as unknown as Obj, d) }
}

function fail(message: string): never {
  throw new Error(message)
}

export function retailEnvironment(db: Obj, policy: string): TauEnvironment {
  return new TauEnvironment('retail', policy, retailToolkit(normalizeRetailDb(db)))
}
