// A fake Hugging Face Hub on 127.0.0.1 serving datasets from a folder, for the real @huggingface/hub client.
//
//   startFakeHub({ root, gated?, token?, pageSize? }): Promise<FakeHub>   FakeHub = { url, requests, close() }
//
// Folder layout: <root>/<ns>/<name>/<revision>/<path>, where <revision> is a branch folder (main) or
// refs/convert/parquet (any refs/<a>/<b>). Files are read on each request, so a test may change them.
// A revision's commit sha is a hash of its files' contents: changing a file changes the commit.
//
// Endpoints (vitest-hub-lab.md §1, what @huggingface/hub 2.17.5 calls):
//   GET      /api/datasets/{repo}/tree/{rev}[/{dir}]?recursive=&expand=   absolute Link rel="next" pagination
//   POST     /api/datasets/{repo}/paths-info/{rev}                         body {"paths":[...],"expand":bool}
//   GET      /api/datasets/{repo}/revision/{rev}                           {sha, gated, ...}; HEAD → main
//   GET|HEAD /datasets/{repo}/resolve/{rev}/{path}                         Range: bytes=a-b → 206
//   HEAD     /datasets/{repo}/raw/{rev}/{path}
// {rev} may arrive raw (refs/convert/parquet: listFiles does not encode it) or percent-encoded, or as a sha.
// Access is answered like the real Hub: a missing repo is 401 RepoNotFound without a token (404 with one);
// downloading from a gated repo is 401 GatedRepo without a token and 403 with a wrong one.
import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

export interface FakeHubRequest {
  method: string
  /** The request URL as received: raw pathname and query. */
  path: string
  /** An Authorization header was sent. */
  auth: boolean
  range?: string
}

export interface FakeHub {
  url: string
  requests: FakeHubRequest[]
  close(): Promise<void>
}

export interface FakeHubOptions {
  root: string
  /** Repos ("Idavidrein/gpqa") whose files need `Authorization: Bearer <token>`. */
  gated?: string[]
  token?: string
  /** Tree entries per page (the real Hub uses 1000); small values exercise Link pagination. */
  pageSize?: number
}

interface Revision {
  name: string
  sha: string
  files: Map<string, Buffer>
}

const sha1 = (b: Buffer | string) => createHash('sha1').update(b).digest('hex')
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex')
const gitOid = (b: Buffer) => sha1(Buffer.concat([Buffer.from(`blob ${b.length}\0`), b]))
const isLfs = (path: string) => path.endsWith('.parquet')

export async function startFakeHub(opts: FakeHubOptions): Promise<FakeHub> {
  const requests: FakeHubRequest[] = []
  const gated = new Set(opts.gated ?? [])
  const pageSize = opts.pageSize ?? 1000
  const server = http.createServer((req, res) => {
    handle(req, res).catch((e) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: String(e) }))
    })
  })

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks).toString()
    const auth = req.headers.authorization
    requests.push({ method: req.method!, path: req.url!, auth: !!auth, ...(req.headers.range ? { range: req.headers.range } : {}) })
    const u = new URL(req.url!, 'http://fake')
    // Match on the raw pathname: a raw "refs/convert/parquet" is only told apart from a path by known revisions.
    const api = /^\/api\/datasets\/([^/]+\/[^/]+)\/(tree|paths-info|revision)\/(.+)$/.exec(u.pathname)
    const file = /^\/datasets\/([^/]+\/[^/]+)\/(resolve|raw)\/(.+)$/.exec(u.pathname)
    const m = api ?? file
    if (!m) return error(res, 404, 'NotFound', 'Not Found')
    const [, repoId, kind, rest] = m
    const revs = await readRepo(opts.root, repoId)
    if (!revs) {
      return auth ? error(res, 404, 'RepoNotFound', 'Repository not found') : error(res, 401, 'RepoNotFound', 'Repository not found')
    }
    const r = resolveRev(revs, rest)
    if (!r) return error(res, 404, 'RevisionNotFound', `Invalid rev id: ${rest}`)
    const rev = r.rev
    if (kind === 'revision') {
      return json(res, 200, {
        _id: sha1(repoId).slice(0, 24),
        id: repoId,
        sha: rev.sha,
        private: false,
        gated: gated.has(repoId) ? 'manual' : false,
        downloads: 0,
        likes: 0,
        lastModified: '2024-01-01T00:00:00.000Z',
        siblings: [...rev.files.keys()].map((rfilename) => ({ rfilename })),
      })
    }
    if (kind === 'paths-info') {
      const { paths, expand } = JSON.parse(body || '{}') as { paths: string[]; expand?: boolean }
      return json(res, 200, paths.filter((p) => rev.files.has(p)).map((p) => entry(rev, p, !!expand)))
    }
    if (kind === 'tree') {
      const recursive = u.searchParams.get('recursive') === 'true'
      const expand = u.searchParams.get('expand') === 'true'
      const base = r.path ? r.path.replace(/\/$/, '') + '/' : ''
      const inDir = (p: string) => p.startsWith(base) && (recursive || !p.slice(base.length).includes('/'))
      const all = [
        ...dirsOf(rev).filter(inDir).map((p) => ({ type: 'directory', oid: sha1(`tree:${p}`), size: 0, path: p })),
        ...[...rev.files.keys()].filter(inDir).map((p) => entry(rev, p, expand)),
      ].sort((a, b) => (a.path < b.path ? -1 : 1))
      if (r.path && all.length === 0) return error(res, 404, 'EntryNotFound', `${r.path} does not exist on "${rev.name}"`)
      const cursor = Number(u.searchParams.get('cursor') ?? 0)
      const headers: Record<string, string> = {}
      if (cursor + pageSize < all.length) {
        // The client only follows an absolute http(s) URL.
        const next = new URL(req.url!, `http://${req.headers.host}`)
        next.searchParams.set('cursor', String(cursor + pageSize))
        headers.link = `<${next.href}>; rel="next"`
      }
      return json(res, 200, all.slice(cursor, cursor + pageSize), headers)
    }
    // resolve | raw
    if (gated.has(repoId) && auth !== `Bearer ${opts.token}`) {
      return auth
        ? error(res, 403, 'GatedRepo', `Access to dataset ${repoId} is restricted and you are not in the authorized list. Visit the dataset page to ask for access.`)
        : error(res, 401, 'GatedRepo', `Access to dataset ${repoId} is restricted. You must have access to it and be authenticated to access it. Please log in.`)
    }
    const buf = rev.files.get(r.path)
    if (!buf) return error(res, 404, 'EntryNotFound', `${r.path} does not exist on "${rev.name}"`)
    const etag = `"${isLfs(r.path) ? sha256(buf) : gitOid(buf)}"`
    // Never the xet content type: that switches the client to the Xet protocol.
    const h: Record<string, string | number> = { etag, 'x-repo-commit': rev.sha, 'accept-ranges': 'bytes', 'content-type': 'application/octet-stream' }
    if (isLfs(r.path)) Object.assign(h, { 'x-linked-etag': etag, 'x-linked-size': String(buf.length) })
    const range = req.headers.range && /^bytes=(\d+)-(\d*)$/.exec(req.headers.range)
    if (range) {
      const start = Number(range[1])
      const end = range[2] ? Math.min(Number(range[2]), buf.length - 1) : buf.length - 1
      res.writeHead(206, { ...h, 'content-range': `bytes ${start}-${end}/${buf.length}`, 'content-length': end - start + 1 })
      return res.end(req.method === 'HEAD' ? undefined : buf.subarray(start, end + 1))
    }
    res.writeHead(200, { ...h, 'content-length': buf.length })
    res.end(req.method === 'HEAD' ? undefined : buf)
  }

  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok())
        server.closeAllConnections()
      }),
  }
}

/** Revisions of <root>/<repo>: every top-level folder is a branch, except refs/<a>/<b>. Undefined: no repo. */
async function readRepo(root: string, repoId: string): Promise<Revision[] | undefined> {
  const dir = join(root, ...repoId.split('/'))
  if (!(await stat(dir).then((s) => s.isDirectory(), () => false))) return undefined
  const names: string[] = []
  for (const d of await readdir(dir, { withFileTypes: true })) {
    if (!d.isDirectory()) continue
    if (d.name !== 'refs') names.push(d.name)
    else for (const a of await readdir(join(dir, 'refs'))) for (const b of await readdir(join(dir, 'refs', a))) names.push(`refs/${a}/${b}`)
  }
  return Promise.all(
    names.map(async (name) => {
      const files = new Map<string, Buffer>()
      for (const p of await walk(join(dir, name))) files.set(p, await readFile(join(dir, name, p)))
      const digest = [...files.keys()].sort().map((p) => `${p}\0${sha256(files.get(p)!)}`).join('\n')
      return { name, sha: sha1(`commit\0${repoId}\0${name}\0${digest}`), files }
    }),
  )
}

async function walk(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = []
  for (const d of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${d.name}` : d.name
    if (d.isDirectory()) out.push(...(await walk(join(dir, d.name), rel)))
    else out.push(rel)
  }
  return out
}

function resolveRev(revs: Revision[], rest: string): { rev: Revision; path: string } | undefined {
  let dec = decodeURIComponent(rest)
  if (dec === 'HEAD' || dec.startsWith('HEAD/')) dec = 'main' + dec.slice(4) // datasetInfo defaults to HEAD
  for (const rev of [...revs].sort((a, b) => b.name.length - a.name.length)) {
    for (const name of [rev.name, rev.sha]) {
      if (dec === name) return { rev, path: '' }
      if (dec.startsWith(name + '/')) return { rev, path: dec.slice(name.length + 1) }
    }
  }
  return undefined
}

function entry(rev: Revision, path: string, expand: boolean) {
  const buf = rev.files.get(path)!
  return {
    type: 'file',
    oid: gitOid(buf),
    size: buf.length,
    path,
    ...(isLfs(path) ? { lfs: { oid: sha256(buf), size: buf.length, pointerSize: 134 } } : {}),
    ...(expand ? { lastCommit: { id: rev.sha, title: `Update ${path}`, date: '2024-01-01T00:00:00.000Z' }, securityFileStatus: { status: 'safe' } } : {}),
  }
}

function dirsOf(rev: Revision): string[] {
  const s = new Set<string>()
  for (const p of rev.files.keys()) {
    const parts = p.split('/')
    for (let i = 1; i < parts.length; i++) s.add(parts.slice(0, i).join('/'))
  }
  return [...s]
}

function json(res: http.ServerResponse, code: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(code, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

function error(res: http.ServerResponse, code: number, errorCode: string, message: string) {
  res.writeHead(code, { 'content-type': 'application/json', 'x-error-code': errorCode })
  res.end(JSON.stringify({ error: message }))
}
