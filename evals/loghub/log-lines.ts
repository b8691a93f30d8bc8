// A log file as a stream of lines, never held whole (HDFS.log is ~1.5 GB, Thunderbird.log ~30 GB): chunks of
// 1 MiB split on "\n", the partial last line carried to the next chunk, handed out a chunk's lines at a time (an
// await per line would cost more than the reading). Invalid UTF-8 is replaced, as Python's
// open(errors="replace") does; the CR of CRLF endings is dropped.
//
//   logLineBatches(path): AsyncGenerator<string[]>
//   logLines(path): AsyncGenerator<string>            the same, one line at a time (small files)
import { createReadStream } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'

export async function* logLineBatches(path: string, chunkBytes = 1 << 20): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8')
  let carry = ''
  for await (const chunk of createReadStream(path, { highWaterMark: chunkBytes })) {
    const text = carry + decoder.write(chunk as Buffer)
    const lines = text.split('\n')
    carry = lines.pop()!
    for (let i = 0; i < lines.length; i++) if (lines[i].charCodeAt(lines[i].length - 1) === 13) lines[i] = lines[i].slice(0, -1)
    if (lines.length) yield lines
  }
  const rest = carry + decoder.end()
  if (rest) yield [rest.endsWith('\r') ? rest.slice(0, -1) : rest]
}

export async function* logLines(path: string): AsyncGenerator<string> {
  for await (const batch of logLineBatches(path)) yield* batch
}
