// A stand-in of WebArena's shopping site (the Magento "One Stop Market") on 127.0.0.1, for WebChoreArena tests:
// search, product pages with SKU, price and a reviews page, a contact form, and a greeting that shows whether
// the browser came with the task's storage state (the `session` cookie). Nothing here leaves 127.0.0.1.
//
//   startShopSite() → { url, requests, close() }
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Product {
  slug: string
  name: string
  sku: string
  price: string
  /** Star ratings of its reviews, newest first. */
  stars: number[]
}

export const PRODUCTS: Product[] = [
  { slug: 'blue-ceramic-mug', name: 'Blue Ceramic Mug', sku: 'B005IR33MM', price: '$12.99', stars: [5, 5, 4, 1] },
  { slug: 'red-kettle', name: 'Red Kettle', sku: 'B01LX8WW2Q', price: '$34.50', stars: [3] },
  { slug: 'green-teapot', name: 'Green Teapot', sku: 'B07Q1XZ3YK', price: '$21.00', stars: [] },
]

const page = (title: string, body: string, user: string | null) =>
  `<!doctype html><html><head><title>${title}</title></head><body><header><a href="/">One Stop Market</a> ${user ? `<span>Welcome, ${user}!</span>` : '<a href="/customer/account/login/">Sign In</a>'}` +
  `<form action="/catalogsearch/result/" method="get"><input type="text" name="q" placeholder="Search entire store here..."><button type="submit">Search</button></form></header><main>${body}</main></body></html>`

export async function startShopSite(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    requests.push(url.pathname + url.search)
    const user = /(?:^|;\s*)session=emma(?:;|$)/.test(req.headers.cookie ?? '') ? 'Emma Lopez' : null
    const send = (status: number, html: string) => (res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }), res.end(html))
    if (url.pathname === '/') return send(200, page('Home Page', `<h1>Home Page</h1><ul>${PRODUCTS.map((p) => `<li><a href="/${p.slug}.html">${p.name}</a></li>`).join('')}</ul><a href="/contact/">Contact Us</a>`, user))
    if (url.pathname === '/catalogsearch/result/') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase()
      const hits = PRODUCTS.filter((p) => q.split(/\s+/).every((w) => p.name.toLowerCase().includes(w)))
      return send(200, page(`Search results for: '${q}'`, `<h1>Search results for: '${q}'</h1><ol>${hits.map((p) => `<li><a href="/${p.slug}.html">${p.name}</a> <span>${p.price}</span></li>`).join('')}</ol>`, user))
    }
    if (url.pathname === '/contact/') return send(200, page('Contact Us', `<h1>Contact Us</h1><form><textarea name="comment" title="What’s on your mind?"></textarea><button type="button">Submit</button></form>`, user))
    const product = PRODUCTS.find((p) => url.pathname === `/${p.slug}.html`)
    if (product) return send(200, page(product.name, `<h1>${product.name}</h1><div>SKU: ${product.sku}</div><div>Price: ${product.price}</div><a href="/${product.slug}/reviews">${product.stars.length} Reviews</a>`, user))
    const reviewed = PRODUCTS.find((p) => url.pathname === `/${p.slug}/reviews`)
    if (reviewed) return send(200, page(`Reviews of ${reviewed.name}`, `<h1>Customer Reviews</h1><ul>${reviewed.stars.map((s, i) => `<li>Review ${i + 1}: Rating ${s * 20}%</li>`).join('')}</ul>`, user))
    return send(404, page('404 Not Found', '<h1>Whoops, our bad...</h1>', user))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  }
}
