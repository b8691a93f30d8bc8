// Resolves the `model` of the embedded engine: a local .gguf path, or a node-llama-cpp model URI
// (hf:owner/repo:quant, hf:owner/repo/file.gguf, https://…gguf) found in or downloaded to its cache directory.
import { existsSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { resolveModelFile } from 'node-llama-cpp'
import { JarvisError } from '../core/errors.ts'

/** node-llama-cpp's own default (its config.js `cliModelsDirectory`, not exported). */
export const defaultModelCacheDir = (): string => join(homedir(), '.node-llama-cpp', 'models')

export const isModelUri = (model: string): boolean => /^(hf:|huggingface:|hf\.co\/|huggingface\.co\/|https?:\/\/)/i.test(model)

/** Downloads are off when the environment says so: tests set one of these, offline machines the first. */
export function downloadsDisabledBy(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.HF_HUB_OFFLINE === '1') return 'HF_HUB_OFFLINE=1'
  if (env.JARVIS_NO_DOWNLOAD === '1') return 'JARVIS_NO_DOWNLOAD=1'
  return null
}

/** The id servers report: the file name without .gguf (`models/tiny-counting-llama.gguf` → `tiny-counting-llama`). */
export const modelIdOf = (path: string): string => basename(path).replace(/\.gguf$/i, '')

export interface ResolveModelOptions {
  cacheDir: string
  /** False forbids downloads even when the environment allows them. */
  download: boolean
  signal?: AbortSignal
  log?: (line: string) => void
}

export async function resolveModelPath(model: string, opts: ResolveModelOptions): Promise<string> {
  if (!isModelUri(model)) {
    const path = resolve(model)
    if (!existsSync(path) || !statSync(path).isFile()) {
      throw new JarvisError(
        'JARVIS_MODEL_NOT_SERVED',
        `llamacpp: model file ${path} does not exist. Pass the path of a .gguf file, or a model URI such as hf:owner/repo:Q4_K_M.`,
      )
    }
    return path
  }
  const blockedBy = downloadsDisabledBy() ?? (opts.download ? null : 'download: false')
  try {
    // download: false only looks in the cache directory and never touches the network.
    return await resolveModelFile(model, {
      directory: opts.cacheDir,
      download: blockedBy ? false : 'auto',
      cli: false,
      signal: opts.signal,
      onProgress: ({ totalSize, downloadedSize }) =>
        opts.log?.(`downloading ${model}: ${(downloadedSize / 2 ** 20).toFixed(0)}/${(totalSize / 2 ** 20).toFixed(0)} MiB`),
    })
  } catch (e) {
    if (opts.signal?.aborted) throw e
    const why = (e as Error).message
    if (blockedBy && /download is disabled/.test(why)) {
      throw new JarvisError(
        'JARVIS_MODEL_NOT_SERVED',
        `llamacpp: ${model} is not in the model cache ${opts.cacheDir} and downloads are off (${blockedBy}). ` +
          `Download it where the network is allowed (npx --no -- node-llama-cpp pull --dir ${opts.cacheDir} ${model}) or pass a local .gguf path.`,
      )
    }
    throw new JarvisError('JARVIS_MODEL_NOT_SERVED', `llamacpp: cannot resolve ${model} (cache ${opts.cacheDir}): ${why}`)
  }
}
