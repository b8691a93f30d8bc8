// The embedded engine: llama.cpp in this process through node-llama-cpp (prebuilt CPU/CUDA/Vulkan binaries from npm).
import { availableParallelism } from 'node:os'
import { JarvisError } from '../core/errors.ts'
import type { Engine, GenerateParams, GenerateResult } from '../core/engine.ts'
import { defaultModelCacheDir, modelIdOf, resolveModelPath } from './llama-cpp-model-file.ts'
import { acquireRuntime, logSinks, type Runtime } from './llama-cpp-runtime.ts'
import { toChatFunctions, toChatHistory } from './llama-cpp-functions.ts'
import { toolCallFrom } from './tool-calls.ts'

/** An engine that can also hand out the answer as it is generated (what `jarvis serve` needs). */
export interface StreamingEngine extends Engine {
  /** Like generate(); `onDelta` gets each non-empty piece of text as soon as it is decoded. */
  generateStream(params: GenerateParams, onDelta: (text: string) => void): Promise<GenerateResult>
}

export interface LlamaCppEngineOptions {
  /** A .gguf path, or a node-llama-cpp model URI (hf:owner/repo:Q4_K_M, hf:owner/repo/file.gguf, https://…). */
  model: string
  /**
   * llama.cpp threads per context; default min(cores, 4), never more than the cores. On a 2-core machine pass 1:
   * llama.cpp's threads busy-wait and fight Node's own thread, so 2 threads made 5×46 tiny-model tokens take
   * 3.6 s instead of 0.1 s, and 4 took 112 s (infer-lab §1, remeasured here).
   */
  threads?: number
  /** Tokens per sequence; default node-llama-cpp's "auto" (what memory allows, up to the model's), capped at 8192. */
  contextSize?: number
  /** Requests decoded at once (context sequences); more wait in a queue. */
  maxSequences: number
  /** 'auto' uses the CUDA/Vulkan prebuilt when the machine has one; false forces the CPU. */
  gpu?: 'auto' | false
  /** Where hf: URIs are cached; default node-llama-cpp's ~/.node-llama-cpp/models. */
  cacheDir?: string
  /** False never downloads (HF_HUB_OFFLINE=1 or JARVIS_NO_DOWNLOAD=1 do the same). */
  download?: boolean
  log?: (line: string) => void
}

export interface LlamaCppEngineInfo {
  model: string
  modelPath: string
  /** The file name without .gguf: what `jarvis serve` reports. */
  modelId: string
  device: string
  threads: number
  contextSize: number
  sequences: number
  cacheDir: string
}

export interface LlamaCppEngine extends StreamingEngine {
  /** Loads the model if needed, then says what runs where. */
  info(): Promise<LlamaCppEngineInfo>
}

/**
 * One core stays with Node's event loop (HTTP, scoring, the sampler): on 2 cores llama.cpp with 2 threads was
 * ~35x slower than with 1 (infer-lab §1). Never more than the cores, at most 4.
 */
export const defaultThreads = (cores = availableParallelism()): number => Math.max(1, Math.min(cores - 1, 4))

export function createLlamaCppEngine(opts: LlamaCppEngineOptions): LlamaCppEngine {
  const cores = availableParallelism()
  if (opts.threads !== undefined && !(Number.isInteger(opts.threads) && opts.threads >= 1)) {
    throw new JarvisError('JARVIS_BAD_OPTION', `llamacpp: threads must be a whole number ≥ 1, got ${opts.threads}.`)
  }
  if (!(Number.isInteger(opts.maxSequences) && opts.maxSequences >= 1)) {
    throw new JarvisError('JARVIS_BAD_OPTION', `llamacpp: maxSequences (parallel requests) must be a whole number ≥ 1, got ${opts.maxSequences}.`)
  }
  const threads = Math.min(opts.threads ?? defaultThreads(cores), cores)
  const cacheDir = opts.cacheDir ?? defaultModelCacheDir()
  const log = opts.log
  let loading: Promise<{ runtime: Runtime; modelPath: string }> | null = null
  let closed = false

  const load = (signal?: AbortSignal) => {
    if (closed) return Promise.reject(new Error('llamacpp: engine is closed'))
    if (loading) return loading
    loading = (async () => {
      const modelPath = await resolveModelPath(opts.model, { cacheDir, download: opts.download ?? true, signal, log })
      if (log) logSinks.add(log)
      const runtime = await acquireRuntime({
        modelPath,
        gpu: opts.gpu ?? 'auto',
        threads,
        contextSize: opts.contextSize ?? { max: 8192 },
        sequences: opts.maxSequences,
      })
      log?.(`llamacpp: device ${runtime.device} (${runtime.llama.buildType} build), ${threads} thread(s), ` +
        `${opts.maxSequences} sequence(s) of ${runtime.context.contextSize} tokens, model ${modelPath}`)
      return { runtime, modelPath }
    })()
    const attempt = loading
    attempt.catch(() => {
      if (loading === attempt) loading = null
      if (log) logSinks.delete(log)
    })
    return attempt
  }

  const generateStream = async (params: GenerateParams, onDelta: (text: string) => void): Promise<GenerateResult> => {
    const { runtime } = await load(params.signal)
    const t0 = performance.now()
    return runtime.slots.run(params.signal, async (chat) => {
      const history = toChatHistory(params.messages)
      // Native function calling: node-llama-cpp describes the functions in the chat template's syntax, constrains
      // the call's arguments by a grammar, and stops at the call(s) (stopReason "functionCalls").
      const functions = params.tools?.length ? toChatFunctions(params.tools) : undefined
      // Real prompt tokens: the chat template rendered as the model sees it (BOS, special tokens, function docs).
      const promptTokens = chat.chatWrapper.generateContextState({ chatHistory: history, availableFunctions: functions }).contextText.tokenize(runtime.model.tokenizer).length
      const room = runtime.context.contextSize - promptTokens
      if (room < 1) {
        throw new JarvisError('JARVIS_UNSUPPORTED', `llamacpp: the prompt has ${promptTokens} tokens but a sequence holds ${runtime.context.contextSize}. Raise the context size or shorten the prompt.`)
      }
      // Stop at the end of the context (finish "length") rather than let node-llama-cpp shift the prompt out of it.
      const maxTokens = Math.min(params.maxTokens > 0 ? params.maxTokens : room, room)
      let completionTokens = 0
      let tFirst: number | null = null
      const r = await chat.generateResponse(history, {
        maxTokens,
        temperature: Math.max(0, params.temperature),
        seed: params.seed,
        signal: params.signal,
        onToken: (tokens) => (completionTokens += tokens.length),
        onTextChunk: (text) => {
          if (!text) return
          tFirst ??= performance.now()
          onDelta(text)
        },
        ...(functions ? { functions, onFunctionCallParamsChunk: () => void (tFirst ??= performance.now()) } : {}),
      })
      const t1 = performance.now()
      const before = params.messages.reduce((n, m) => n + (m.toolCalls?.length ?? 0), 0)
      const toolCalls = (r.functionCalls ?? []).map((c, i) => toolCallFrom(`call_${before + i}`, c.functionName, c.params ?? {}))
      return {
        content: r.response,
        promptTokens,
        completionTokens,
        latencySeconds: (t1 - t0) / 1000,
        ttftSeconds: tFirst === null ? 0 : (tFirst - t0) / 1000,
        finishReason: r.metadata.stopReason === 'maxTokens' ? 'length' : toolCalls.length ? 'tool_calls' : 'stop',
        costUsd: 0,
        retries: 0,
        ...(toolCalls.length ? { toolCalls } : {}),
      }
    })
  }

  return {
    key: 'llamacpp',
    where: `embedded llama.cpp (${opts.model})`,
    async checkModel(model, signal) {
      const { modelPath } = await load(signal)
      if (model !== opts.model && model !== modelIdOf(modelPath) && model !== modelPath) {
        throw new JarvisError('JARVIS_MODEL_NOT_SERVED', `embedded llama.cpp was started with ${opts.model}, not "${model}". Use the same model for the engine and the run.`)
      }
    },
    generate: (params) => generateStream(params, () => {}),
    generateStream,
    async info() {
      const { runtime, modelPath } = await load()
      return { model: opts.model, modelPath, modelId: modelIdOf(modelPath), device: runtime.device, threads,
        contextSize: runtime.context.contextSize, sequences: opts.maxSequences, cacheDir }
    },
    async close() {
      if (closed) return
      closed = true
      if (log) logSinks.delete(log)
      const pending = loading
      loading = null
      if (pending) await pending.then(({ runtime }) => runtime.release(), () => {})
    },
  }
}
