// `jarvis serve -m MODEL`: the embedded llama.cpp engine behind OpenAI- and Ollama-compatible HTTP APIs.
import { createLlamaCppEngine } from '../../engines/llama-cpp.ts'
import { isJarvisError, JarvisError } from '../../core/errors.ts'
import { startServer } from '../../serve/server.ts'
import { SERVE_SPEC } from '../command-specs.ts'
import type { CliIO, Command } from '../io.ts'
import { parseCommandLine } from '../parse-command.ts'

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
  let parsed
  try {
    parsed = parseCommandLine(SERVE_SPEC, argv)
    if (parsed.positionals.length) throw new JarvisError('JARVIS_BAD_OPTION', `jarvis serve: unexpected argument "${parsed.positionals[0]}". Run jarvis serve --help.`)
  } catch (e) {
    if (!isJarvisError(e)) throw e
    io.err(e.message)
    return e.exitCode
  }
  if (parsed.help) return (io.out(parsed.help), 0)
  const v = parsed.values as { model?: string; port?: string; host?: string; threads?: string; parallel?: string; 'ctx-size'?: string; alias?: string; 'cache-dir'?: string }
  const values = { ...v, port: v.port ?? '8080', host: v.host ?? '127.0.0.1', parallel: v.parallel ?? '1', cpu: parsed.values.cpu === true, verbose: parsed.values.verbose === true }
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
