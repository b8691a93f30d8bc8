// Concurrency for the embedded engine: one LlamaChat per context sequence. node-llama-cpp batches the
// sequences of one context together, so N requests decode in parallel; request N+1 waits here for a free one.
import { LlamaChat, type LlamaContext } from 'node-llama-cpp'
interface Waiter {
  resolve(chat: LlamaChat): void
  reject(reason: unknown): void
  signal?: AbortSignal
  onAbort?: () => void
}

export class ChatSlots {
  private readonly free: LlamaChat[] = []
  private readonly waiters: Waiter[] = []

  constructor(context: LlamaContext, size: number) {
    // The chat template comes from the GGUF: chatWrapper "auto" picks e.g. ChatML for tokenizer.chat_template.
    for (let i = 0; i < size; i++) this.free.push(new LlamaChat({ contextSequence: context.getSequence(), chatWrapper: 'auto' }))
  }

  /** Requests waiting for a sequence (for tests and logs). */
  get waiting(): number {
    return this.waiters.length
  }

  async run<T>(signal: AbortSignal | undefined, fn: (chat: LlamaChat) => Promise<T>): Promise<T> {
    const chat = await this.acquire(signal)
    try {
      return await fn(chat)
    } finally {
      this.release(chat)
    }
  }

  private acquire(signal?: AbortSignal): Promise<LlamaChat> {
    if (signal?.aborted) return Promise.reject(signal.reason)
    const chat = this.free.pop()
    if (chat) return Promise.resolve(chat)
    return new Promise<LlamaChat>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal }
      if (signal) {
        waiter.onAbort = () => {
          const i = this.waiters.indexOf(waiter)
          if (i >= 0) this.waiters.splice(i, 1)
          reject(signal.reason)
        }
        signal.addEventListener('abort', waiter.onAbort, { once: true })
      }
      this.waiters.push(waiter)
    })
  }

  private release(chat: LlamaChat): void {
    const next = this.waiters.shift()
    if (!next) return void this.free.push(chat)
    if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort)
    next.resolve(chat)
  }
}
