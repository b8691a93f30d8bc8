// Regenerates the committed test model: `npx vite-node test/support/tiny-model/write-tiny-model.ts` (≈0.1 s, same bytes every run).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { TINY_MODEL_PATH, writeTinyGguf } from './tiny-gguf.ts'

writeTinyGguf(TINY_MODEL_PATH)
const bytes = readFileSync(TINY_MODEL_PATH)
console.log(`${TINY_MODEL_PATH}: ${bytes.length} bytes, md5 ${createHash('md5').update(bytes).digest('hex')}`)
