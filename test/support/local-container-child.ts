// Child process for test/containers/local-runtime.test.ts: starts a local container, prints its pid 1, and
// waits to be killed (SIGKILL, so no cleanup of ours runs).
import { LocalRuntime } from '../../src/containers/local-runtime.ts'

const c = await new LocalRuntime({ JARVIS_ROOTFS_DIR: process.argv[2] }).create({ image: process.argv[3], binds: [{ host: '/usr', path: '/usr', readOnly: true }] })
// A sleep with a duration no one else uses (argv[4]): the test looks for exactly that command line.
await c.exec(['/bin/sh', '-c', `(sleep ${Number(process.argv[4])} >/dev/null 2>&1 &)`], { timeoutMs: 10_000 })
process.stdout.write(`${c.id}\n`)
setInterval(() => {}, 1000)
