// Process-wide llama.cpp state: one Llama per GPU setting, one loaded model per file, one context (with its
// sequences) per option set. Engines with the same options share them; the last close() frees model and context.
import { getLlama, LlamaLogLevel, type Llama, type LlamaContext, type LlamaModel } from 'node-llama-cpp'
import { JarvisError } from '../core/errors.ts'
import { ChatSlots } from './llama-cpp-slots.ts'

export interface RuntimeOptions {
  modelPath: string
  gpu: 'auto' | false
  threads: number
  contextSize: number | { max: number }
  sequences: number
}

export interface Runtime {
  llama: Llama
  model: LlamaModel
  context: LlamaContext
  slots: ChatSlots
  /** cpu, cuda, vulkan or metal. */
  device: string
  release(): Promise<void>
}

/** Every engine's `log` sees llama.cpp's warnings and errors (the Llama instance is shared). */
export const logSinks = new Set<(line: string) => void>()

const llamas = new Map<string, Promise<Llama>>()

function sharedLlama(gpu: 'auto' | false): Promise<Llama> {
  const key = String(gpu)
  let llama = llamas.get(key)
  if (!llama) {
    llama = getLlama({
      gpu,
      // Never compile llama.cpp at run time (it would fetch sources): the npm prebuilts cover CPU, CUDA and Vulkan.
      build: 'never',
      logLevel: LlamaLogLevel.warn,
      logger: (level, message) => {
        const line = `llama.cpp ${level}: ${message.trimEnd()}`
        if (logSinks.size > 0) for (const sink of logSinks) sink(line)
        else if (level === LlamaLogLevel.error || level === LlamaLogLevel.fatal) process.stderr.write(`${line}\n`)
      },
    }).catch((e: unknown) => {
      llamas.delete(key)
      throw new JarvisError('JARVIS_UNSUPPORTED', `llamacpp: no usable llama.cpp binary (gpu: ${key}): ${(e as Error).message}`)
    })
    llamas.set(key, llama)
  }
  return llama
}

interface Entry<T> {
  value: Promise<T>
  refs: number
}

/** A refcounted cache: the value is created on first acquire and disposed when the last holder releases it. */
class Shared<T> {
  private readonly entries = new Map<string, Entry<T>>()
  acquire(key: string, create: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(key)
    if (!entry) {
      entry = { value: create(), refs: 0 }
      this.entries.set(key, entry)
      entry.value.catch(() => this.entries.delete(key))
    }
    entry.refs++
    return entry.value
  }
  async release(key: string, dispose: (value: T) => Promise<void>): Promise<void> {
    const entry = this.entries.get(key)
    if (!entry || --entry.refs > 0) return
    this.entries.delete(key)
    await dispose(await entry.value)
  }
}

const models = new Shared<LlamaModel>()
const contexts = new Shared<{ context: LlamaContext; slots: ChatSlots }>()

export async function acquireRuntime(opts: RuntimeOptions): Promise<Runtime> {
  const llama = await sharedLlama(opts.gpu)
  const modelKey = `${opts.gpu}|${opts.modelPath}`
  const contextKey = `${modelKey}|${opts.threads}|${JSON.stringify(opts.contextSize)}|${opts.sequences}`
  let model: LlamaModel
  try {
    model = await models.acquire(modelKey, () => llama.loadModel({ modelPath: opts.modelPath }))
  } catch (e) {
    // A failed create leaves the cache by itself (Shared.acquire), so there is nothing to release.
    throw new JarvisError('JARVIS_MODEL_NOT_SERVED', `llamacpp: cannot load ${opts.modelPath}: ${(e as Error).message}`)
  }
  let shared: { context: LlamaContext; slots: ChatSlots }
  try {
    shared = await contexts.acquire(contextKey, async () => {
      const context = await model.createContext({ sequences: opts.sequences, threads: opts.threads, contextSize: opts.contextSize })
      return { context, slots: new ChatSlots(context, opts.sequences) }
    })
  } catch (e) {
    await models.release(modelKey, (m) => m.dispose())
    throw new JarvisError('JARVIS_UNSUPPORTED', `llamacpp: cannot create a context for ${opts.modelPath}: ${(e as Error).message}`)
  }
  return {
    llama,
    model,
    ...shared,
    device: llama.gpu === false ? 'cpu' : llama.gpu,
    async release() {
      await contexts.release(contextKey, (c) => c.context.dispose())
      await models.release(modelKey, (m) => m.dispose())
    },
  }
}
