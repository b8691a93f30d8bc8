// The worker thread's entry for src/cli/select-in-thread.ts: the bundled select-worker, or its TypeScript source
// loaded through the same hooks as the CLI's fallback (register-ts.mjs).
import { pathToFileURL } from 'node:url'
import { workerData } from 'node:worker_threads'

if (workerData.bundled) await import(pathToFileURL(workerData.bundled).href)
else {
  await import('./register-ts.mjs')
  await import(pathToFileURL(workerData.source).href)
}
