// `jarvis serve -m MODEL`: the embedded llama.cpp engine behind OpenAI- and Ollama-compatible HTTP APIs.
import { parseArgs } from 'node:util'
import { createLlamaCppEngine } from '../../engines/llama-cpp.ts'
import { isJarvisError, JarvisError } from '../../core/errors.ts'
import { startServer } from '../../serve/server.ts'
import type { CliIO, Command } from '../io.ts'

export const SERVE_USAGE = `Usage: jarvis serve -m MODEL [options]

Serves a GGUF model (path or hf:owner/repo:quant) over /v1/chat/completions, /v1/models, /api/chat, /api/tags.

  -m, --model MODEL    .gguf path or node-llama-cpp model URI (required)
      --port N         port to listen on (default 8080; 0 picks a free one)
      --host HOST      address to bind (default 127.0.0.1)
      --threads N      llama.cpp threads (default cores − 1, from 1 to 4: one core stays with Node)
      --parallel N     requests decoded at once; more wait in a queue (default 1)
      --ctx-size N     tokens per request slot (default: what memory allows, at most 8192)
      --alias NAME     model id to report (default: the file name without .gguf)
      --cpu            do not use a GPU even if one is found
      --cache-dir DIR  where hf: models are cached (default ~/.node-llama-cpp/models)
  -v, --verbose        print llama.cpp warnings and the device chosen`

const OPTIONS = {
  model: { type: 'string', short: 'm' },
  port: { type: 'string', default: '8080' },
  host: { type: 'string', default: '127.0.0.1' },
  threads: { type: 'string' },
  parallel: { type: 'string', default: '1' },
  'ctx-size': { type: 'string' },
  alias: { type: 'string' },
  cpu: { type: 'boolean', default: false },
  'cache-dir': { type: 'string' },
  verbose: { type: 'boolean', short: 'v', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const

function wholeNumber(flag: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!/^\d+$/.test(value) || n < min) throw new JarvisError('JARVIS_BAD_OPTION', `jarvis serve: --${flag} must be a whole number ≥ ${min}, got "${value}".`)
  return n
}

/** Resolves when SIGINT or SIGTERM arrives. */
function processStopSignal(): AbortSignal {
  const ac = new AbortController()
  const stop = () => ac.abort()
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  ac.signal.addEventListener('abort', () => {
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
  })
  return ac.signal
}

/** The command with an injectable stop signal (tests); serves until `stop` aborts. */
export async function runServe(argv: string[], io: CliIO, stopSignal?: AbortSignal): Promise<number> {
  let values
  try {
    values = parseArgs({ args: argv, options: OPTIONS, allowPositionals: false, strict: true }).values
  } catch (e) {
    // node's messages go on with a hint about '--' that does not apply here: keep the first sentence.
    io.err(`jarvis serve: ${(e as Error).message.replace(/\. .*$/s, '').replace(/\.$/, '')}. Run jarvis serve --help.`)
    return 2
  }
  if (values.help) return (io.out(SERVE_USAGE), 0)
  let closeAll = async () => {}
  try {
    if (!values.model) throw new JarvisError('JARVIS_BAD_OPTION', 'jarvis serve: missing -m MODEL (a .gguf path or hf:owner/repo:quant). Run jarvis serve --help.')
    const port = wholeNumber('port', values.port, 0)!
    if (port > 65535) throw new JarvisError('JARVIS_BAD_OPTION', `jarvis serve: --port must be at most 65535, got "${values.port}".`)
    const engine = createLlamaCppEngine({
      model: values.model,
      threads: wholeNumber('threads', values.threads, 1),
      maxSequences: wholeNumber('parallel', values.parallel, 1)!,
      contextSize: wholeNumber('ctx-size', values['ctx-size'], 16),
      gpu: values.cpu ? false : 'auto',
      cacheDir: values['cache-dir'],
      log: values.verbose ? (line) => io.err(line) : undefined,
    })
    closeAll = () => engine.close()
    await engine.checkModel(values.model)
    const info = await engine.info()
    const modelId = values.alias ?? info.modelId
    const server = await startServer({ engine, modelId, host: values.host, port }).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') throw new JarvisError('JARVIS_BAD_OPTION', `jarvis serve: ${values.host}:${port} is in use. Pick another --port.`)
      if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND') throw new JarvisError('JARVIS_BAD_OPTION', `jarvis serve: cannot bind --host ${values.host} (${e.code}).`)
      throw e
    })
    closeAll = async () => {
      await server.close()
      await engine.close()
    }
    io.out(`listening ${server.url} (model ${modelId}, device ${info.device})`)
    const stop = stopSignal ?? processStopSignal()
    if (!stop.aborted) await new Promise((resolve) => stop.addEventListener('abort', resolve, { once: true }))
    await closeAll()
    return 0
  } catch (e) {
    await closeAll().catch(() => {})
    if (!isJarvisError(e)) throw e
    io.err(e.message)
    return e.exitCode
  }
}

export const serveCommand: Command = (argv, io) => runServe(argv, io)
