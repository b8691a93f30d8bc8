// Child process for test/containers/local-runtime.test.ts: starts a local container, prints its pid 1, and
// waits to be killed (SIGKILL, so no cleanup of ours runs).
import { LocalRuntime } from '../../src/containers/local-runtime.ts'

const c = await new LocalRuntime({ JARVIS_ROOTFS_DIR: process.argv[2] }).create({ image: process.argv[3], binds: [{ host: '/usr', path: '/usr', readOnly: true }] })
await c.exec(['/bin/sh', '-c', '(sleep 300 &)'], { timeoutMs: 10_000 })
process.stdout.write(`${c.id}\n`)
setInterval(() => {}, 1000)
