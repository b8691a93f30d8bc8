// The tiny GGUF generator: byte-for-byte the lab's file, and the committed model is its output.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readGgufFileInfo } from 'node-llama-cpp'
import { expect, test } from 'vitest'
import {
  TINY_COUNTING_TEXT,
  TINY_COUNTING_TEXT_32,
  TINY_MODEL_BYTES,
  TINY_MODEL_MD5,
  TINY_MODEL_PATH,
  TINY_SOFT_LOGIT_SCALE,
  tinyGgufBytes,
} from '../support/tiny-model/tiny-gguf.ts'

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex')

test('writes the lab make-gguf.mjs bytes (md5 1c29c9ab…, 1,892,416 bytes) by default', () => {
  const bytes = tinyGgufBytes()
  expect({ md5: md5(bytes), size: bytes.length }).toEqual({ md5: '1c29c9ab29150f9d40deabfa79ea469e', size: 1_892_416 })
  expect([TINY_MODEL_MD5, TINY_MODEL_BYTES]).toEqual([md5(bytes), bytes.length])
})

test('the committed models/tiny-counting-llama.gguf is the generator output (regenerate with writeTinyGguf(TINY_MODEL_PATH))', () => {
  expect(readFileSync(TINY_MODEL_PATH).equals(tinyGgufBytes())).toBe(true)
})

test('variants: the soft model changes only output weights, N_EMBD 64 gives the lab 659,776 bytes', () => {
  const base = tinyGgufBytes()
  const soft = tinyGgufBytes({ logitScale: TINY_SOFT_LOGIT_SCALE })
  expect(md5(soft)).toBe('b039c2b822f2f651ff330dbe0139d863') // LOGIT_SCALE=0.4 node make-gguf.mjs
  expect(soft.length).toBe(base.length)
  const outputWeightsBytes = 677 * 128 * 4
  expect(soft.subarray(0, base.length - outputWeightsBytes).equals(base.subarray(0, base.length - outputWeightsBytes))).toBe(true)
  expect(tinyGgufBytes({ nEmbd: 64 }).length).toBe(659_776)
  expect(() => tinyGgufBytes({ nEmbd: 32 })).toThrow('nEmbd 32 is too small for 46 story tokens')
})

test('parses as a llama GGUF with the 677-token vocabulary and the ChatML template', async () => {
  const info = await readGgufFileInfo(TINY_MODEL_PATH)
  const meta = info.metadata as Record<string, any>
  expect({
    version: info.version,
    tensors: info.tensorInfo?.length,
    architecture: meta.general.architecture,
    name: meta.general.name,
    vocab: meta.tokenizer.ggml.tokens.length,
    eos: meta.tokenizer.ggml.tokens[meta.tokenizer.ggml.eos_token_id],
    template: meta.tokenizer.chat_template.slice(0, 60),
  }).toMatchInlineSnapshot(`
    {
      "architecture": "llama",
      "eos": "<|im_end|>",
      "name": "tiny-counting-llama",
      "template": "{% for message in messages %}{{'<|im_start|>' + message['rol",
      "tensors": 21,
      "version": 3,
      "vocab": 677,
    }
  `)
})

test('pins the expected greedy answers: 46 words ending in zulu, 32 ending in "kilo lima"', () => {
  expect(TINY_COUNTING_TEXT.split(' ')).toHaveLength(46)
  expect(TINY_COUNTING_TEXT).toMatch(/^one two three .* twenty alpha bravo .* yankee zulu$/)
  expect(TINY_COUNTING_TEXT_32.split(' ').slice(-3)).toEqual(['juliett', 'kilo', 'lima'])
})
