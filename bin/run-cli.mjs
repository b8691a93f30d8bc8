// Loads src/cli/main.ts with vite-node (Vite transforms the TypeScript on the fly).
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import { ViteNodeServer } from 'vite-node/server'
import { ViteNodeRunner } from 'vite-node/client'
import { takeSecretArgs } from './take-secret-args.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

export async function runCli(rawArgv, { entry = process.env.JARVIS_CLI_ENTRY ?? 'src/cli/main.ts' } = {}) {
  const argv = takeSecretArgs(rawArgv)
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
    // Middleware mode: no HTTP listener and no SIGTERM handler of Vite's (which would exit 143 before our own
    // graceful stop runs, e.g. in `jarvis serve`).
    server: { middlewareMode: true, ws: false, hmr: false, watch: null, preTransformRequests: false },
  })
  const node = new ViteNodeServer(server, { deps: { external: [/node_modules/] } })
  const runner = new ViteNodeRunner({
    root,
    base: server.config.base,
    fetchModule: (id) => node.fetchModule(id),
    resolveId: (id, importer) => node.resolveId(id, importer),
  })
  let code = 0
  try {
    const mod = await runner.executeFile(`${root}${entry}`)
    code = await mod.main(argv)
  } finally {
    await server.close()
  }
  process.exitCode = code ?? 0
}
