// LiveCodeBench test cases as the dataset stores them.
//
//   parseTestCases(raw): LcbTest[]        public_test_cases: a JSON string of [{input, output, testtype}]
//   decodePrivateTests(raw): LcbTest[]    private_test_cases: that JSON, or base64(zlib(pickle(that JSON)))
//   encodePrivateTests(tests): string     the inverse (protocol-4 pickle, as pickle.dumps writes it) for fixtures
//
// Both decoders follow LiveCodeBench's own CodeGenerationProblem: try JSON first, then the compressed form.
// OpenJarvis never decoded the private tests, so it scored on the public examples only.
import { deflateSync, inflateSync } from 'node:zlib'
import { z } from 'zod'
import { unpickleString } from './unpickle-string.ts'

export const LcbTestSchema = z.object({
  input: z.string(),
  output: z.string(),
  testtype: z.enum(['stdin', 'functional']),
})
export type LcbTest = z.infer<typeof LcbTestSchema>

export class TestDataError extends Error {
  override name = 'TestDataError'
}

function fromJson(value: unknown, what: string): LcbTest[] {
  const parsed = z.array(LcbTestSchema).safeParse(value)
  if (!parsed.success) throw new TestDataError(`${what}: not a list of {input, output, testtype} (${parsed.error.issues[0]?.message})`)
  return parsed.data
}

export function parseTestCases(raw: unknown, what = 'public_test_cases'): LcbTest[] {
  if (Array.isArray(raw)) return fromJson(raw, what)
  if (typeof raw !== 'string') throw new TestDataError(`${what}: expected a JSON string, got ${typeof raw}`)
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw new TestDataError(`${what}: not valid JSON`)
  }
  return fromJson(value, what)
}

export function decodePrivateTests(raw: unknown): LcbTest[] {
  if (Array.isArray(raw) || raw === '' || raw == null) return raw ? fromJson(raw, 'private_test_cases') : []
  if (typeof raw !== 'string') throw new TestDataError(`private_test_cases: expected a string, got ${typeof raw}`)
  const t = raw.trimStart()
  if (t.startsWith('[')) return parseTestCases(raw, 'private_test_cases')
  let json: string
  try {
    json = unpickleString(inflateSync(Buffer.from(raw, 'base64')))
  } catch (e) {
    throw new TestDataError(`private_test_cases: not base64(zlib(pickle(JSON))) (${(e as Error).message})`)
  }
  return parseTestCases(json, 'private_test_cases')
}

/** Python's pickle.dumps(str, protocol=4) → zlib → base64: the lite dataset's private_test_cases format. */
export function encodePrivateTests(tests: LcbTest[]): string {
  const payload = Buffer.from(JSON.stringify(tests), 'utf8')
  const len = Buffer.alloc(8)
  len.writeBigUInt64LE(BigInt(payload.length))
  const body = Buffer.concat([Buffer.from([0x8d]), len, payload, Buffer.from([0x94, 0x2e])])
  const frameLen = Buffer.alloc(8)
  frameLen.writeBigUInt64LE(BigInt(body.length))
  const pickle = Buffer.concat([Buffer.from([0x80, 0x04, 0x95]), frameLen, body])
  return deflateSync(pickle).toString('base64')
}
