// Loads src/cli/main.ts with vite-node (Vite transforms the TypeScript on the fly).
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import { ViteNodeServer } from 'vite-node/server'
import { ViteNodeRunner } from 'vite-node/client'

const root = fileURLToPath(new URL('..', import.meta.url))

export async function runCli(argv, { entry = process.env.JARVIS_CLI_ENTRY ?? 'src/cli/main.ts' } = {}) {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { hmr: false, watch: null, preTransformRequests: false },
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
