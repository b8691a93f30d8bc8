import { basename } from 'node:path'

/**
 * The model slug names output files and Vitest projects: the spec replaces `/` and `:` with `-`
 * (`qwen3:8b` → `qwen3-8b`). A local GGUF path is named by its file (`models/tiny.gguf` → `tiny`).
 */
export function modelSlug(model: string): string {
  if (/\.gguf$/i.test(model)) return basename(model).replace(/\.gguf$/i, '')
  return model.replace(/^hf:/, '').replace(/[/:]/g, '-')
}
