// `file_read`, `file_write`, `ls`: the sample's files, and nothing else (work-dir-path.ts does the containment).
import { constants } from 'node:fs'
import { lstat, mkdir, open, readdir, stat } from 'node:fs/promises'
import { dirname, extname } from 'node:path'
import type { Tool } from '../core/tool.ts'
import { capText, intArg, stringArg, ToolArgumentError } from './args.ts'
import { resolveInWorkDir } from './work-dir-path.ts'

const READ_DEFAULT = 20_000
const READ_MAX = 200_000
const WRITE_MAX = 1_000_000
const LS_MAX = 500

/** NUL bytes in the first 8 KB: a binary file (xlsx, pdf, png …) whose bytes would mean nothing to the model. */
const looksBinary = (b: Buffer) => b.subarray(0, 8192).includes(0)

export function fileReadTool(): Tool {
  return {
    spec: {
      name: 'file_read',
      description: "Read a text file of this task (its attachments and the work dir). Paths are relative to the work dir; use ls to see what is there.",
      parameters: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'File path relative to the work dir, e.g. "data.csv"' },
          max_chars: { type: 'integer', description: `Characters to return at most (default ${READ_DEFAULT}, up to ${READ_MAX})` },
        },
        required: ['path'],
      },
    },
    async call(args, { environment }) {
      const { path, display } = resolveInWorkDir(environment, stringArg(args, 'path', { max: 4096 }))
      const st = await stat(path).catch(() => null)
      if (!st) throw new ToolArgumentError(`no such file: ${display}`)
      if (st.isDirectory()) throw new ToolArgumentError(`${display} is a directory; use ls`)
      const max = intArg(args, 'max_chars', { min: 1, max: READ_MAX, fallback: READ_DEFAULT })
      const fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW)
      try {
        const buf = Buffer.alloc(Math.min(st.size, max * 4))
        const { bytesRead } = await fh.read(buf, 0, buf.length, 0)
        const bytes = buf.subarray(0, bytesRead)
        if (looksBinary(bytes)) return { content: `${display} is a binary ${extname(display) || 'file'} of ${st.size} bytes; its text cannot be shown (code_interpreter can parse it)`, isError: true }
        const text = capText(bytes.toString('utf8'), max)
        return { content: st.size > bytes.length && text.length <= max ? `${text}\n… [truncated: the file has ${st.size} bytes]` : text }
      } finally {
        await fh.close()
      }
    },
  }
}

export function fileWriteTool(): Tool {
  return {
    spec: {
      name: 'file_write',
      description: 'Write a text file in the work dir (created or replaced). Paths are relative to the work dir.',
      parameters: {
        type: 'object',
        properties: { path: { type: 'string', description: 'File path relative to the work dir' }, content: { type: 'string', description: 'The whole new content' } },
        required: ['path', 'content'],
      },
    },
    async call(args, { environment }) {
      const { path, display } = resolveInWorkDir(environment, stringArg(args, 'path', { max: 4096 }))
      const content = stringArg(args, 'content', { max: WRITE_MAX })
      if (display === '.') throw new ToolArgumentError('give a file name, not the work dir')
      await mkdir(dirname(path), { recursive: true })
      // O_NOFOLLOW: a symlink put there after the check is not followed out of the work dir.
      const fh = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644).catch((e: NodeJS.ErrnoException) => {
        throw new ToolArgumentError(e.code === 'ELOOP' ? `${display} is a symbolic link; it cannot be written` : e.code === 'EISDIR' ? `${display} is a directory` : `cannot write ${display}: ${e.code ?? e.message}`)
      })
      try {
        await fh.writeFile(content, 'utf8')
      } finally {
        await fh.close()
      }
      return { content: `wrote ${Buffer.byteLength(content)} bytes to ${display}` }
    },
  }
}

export function lsTool(): Tool {
  return {
    spec: {
      name: 'ls',
      description: "List the files of this task's work dir (or a folder in it), with sizes.",
      parameters: { type: 'object', properties: { path: { type: 'string', description: 'Folder relative to the work dir (default ".")' } } },
    },
    async call(args, { environment }) {
      const { path, display } = resolveInWorkDir(environment, stringArg(args, 'path', { optional: true, max: 4096 }) ?? '.')
      const st = await stat(path).catch(() => null)
      if (!st) throw new ToolArgumentError(`no such folder: ${display}`)
      if (!st.isDirectory()) return { content: `${display}  ${st.size} bytes` }
      const names = (await readdir(path)).sort()
      const lines: string[] = []
      for (const name of names.slice(0, LS_MAX)) {
        const l = await lstat(`${path}/${name}`)
        lines.push(l.isSymbolicLink() ? `${name} -> (link)` : l.isDirectory() ? `${name}/` : `${name}  ${l.size} bytes`)
      }
      if (names.length > LS_MAX) lines.push(`… ${names.length - LS_MAX} more entries`)
      return { content: lines.length ? lines.join('\n') : `${display} is empty` }
    },
  }
}

