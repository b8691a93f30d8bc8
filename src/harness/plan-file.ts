// A chunk's records, handed from the CLI to the worker that runs it. Preflight loads and selects each dataset
// once; the CLI writes every chunk's slice to a file of its own (v8 serialization: a record's BigInt, Date or
// bytes survive as they were loaded) and each chunk's worker reads only its own, instead of loading and
// shuffling the whole dataset again (100 loads for 100,000 samples, each holding all of them in memory).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import type { Selection } from './plan-samples.ts'

/** Writes each chunk to `<dir>/<name>-<index>.plan`; returns the paths in chunk order. */
export function writePlanFiles(dir: string, name: string, chunks: Selection[]): string[] {
  return chunks.map((chunk, index) => {
    const file = join(dir, `${name}-${index}.plan`)
    writeFileSync(file, serialize(chunk))
    return file
  })
}

export function readPlanFile(file: string): Selection {
  return deserialize(readFileSync(file)) as Selection
}
