// DeepPlanning as the Hub serves it: database_level{1,2,3}.tar.gz at the repo root, each holding
// database_level<N>/<case>/validation_cases.json and products.jsonl (plus files the benchmark does not read).
// Cases and catalogs written for these tests.
import { gzipSync } from 'node:zlib'
import { packTar } from '../../src/containers/tar.ts'
import { writeRepoFile } from './dataset-fixtures.ts'

export const DP_REPO = 'Qwen/DeepPlanning'

export interface DpCase {
  level: 1 | 2 | 3
  name: string
  query: string
  products: Record<string, unknown>[]
  truth: string[]
  features: string[]
}

const earbuds = [
  { product_id: 'P001', name: 'AirTune Mini', brand: 'Sonora', price: 49.9, rating: 4.6, stock: 12, shipping: 'express', category: 'earbuds' },
  { product_id: 'P002', name: 'BassPod Pro', brand: 'Kord', price: 79.0, rating: 4.8, stock: 3, shipping: 'express', category: 'earbuds' },
  { product_id: 'P003', name: 'Echo Buds Lite', brand: 'Vela', price: 39.5, rating: 4.1, stock: 40, shipping: 'standard', category: 'earbuds' },
]
const cables = [
  { product_id: 'C101', name: 'FlexCord 1m', brand: 'Linka', price: 8.75, rating: 4.7, stock: 100, shipping: 'standard', connector: 'USB-C to USB-C', color: 'black' },
  { product_id: 'C102', name: 'FlexCord 2m', brand: 'Linka', price: 11.4, rating: 4.5, stock: 80, shipping: 'standard', connector: 'USB-C to USB-C', color: 'white' },
  { product_id: 'C103', name: 'RapidLine 1m', brand: 'Ohmix', price: 14.2, rating: 4.9, stock: 5, shipping: 'express', connector: 'USB-C to Lightning', color: 'black' },
]

export const DP_CASES: DpCase[] = [
  { level: 1, name: 'case_1', query: 'I want wireless earbuds under $60 rated at least 4.5 that ship by express.', products: earbuds, truth: ['P001'], features: ['price', 'rating', 'shipping'] },
  { level: 1, name: 'case_2', query: 'Find the cheapest earbuds in stock with standard shipping.', products: earbuds, truth: ['P003'], features: ['price', 'shipping'] },
  { level: 2, name: 'case_10', query: 'Buy one black and one white USB-C to USB-C cable, rated 4.5 or better; tell me the total.', products: cables, truth: ['C101', 'C102'], features: ['connector', 'color', 'rating'] },
]

function tarball(level: number, cases: DpCase[]): Buffer {
  const top = `database_level${level}`
  return gzipSync(
    packTar(
      cases.flatMap((c) => [
        { path: `${top}/${c.name}/validation_cases.json`, content: JSON.stringify({ query: c.query, ground_truth_products: c.products.filter((p) => c.truth.includes(String(p.product_id))), meta_info: [{ features: c.features }] }) },
        { path: `${top}/${c.name}/products.jsonl`, content: c.products.map((p) => JSON.stringify(p)).join('\n') + '\n' },
        { path: `${top}/${c.name}/user_info.json`, content: '{"user_id": "u-1", "membership": "gold"}' },
      ]),
    ),
  )
}

export async function writeDeepPlanning(root: string, cases: DpCase[] = DP_CASES): Promise<void> {
  await writeRepoFile(root, DP_REPO, 'README.md', '# DeepPlanning (test fixture)\n')
  for (const level of [1, 2, 3]) await writeRepoFile(root, DP_REPO, `database_level${level}.tar.gz`, tarball(level, cases.filter((c) => c.level === level)))
  await writeRepoFile(root, DP_REPO, 'travelplanning/database_travel.tar.gz', gzipSync(packTar([{ path: 'x/README', content: 'not read' }])))
}
