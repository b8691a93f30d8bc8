// Requirement probes try the real thing: a command on PATH, a Python package that imports, the engine
// answering /_ping (the stand-in engine), a requirement switched off by a setting; one line for what is missing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checkRequirements, requirementError } from '../../src/requirements/index.ts'
import { startFakeDockerEngine, type FakeDockerEngine } from '../support/fake-docker-engine.ts'

let engine: FakeDockerEngine
const dir = mkdtempSync(join(tmpdir(), 'jarvis-probes-'))
beforeAll(async () => {
  engine = await startFakeDockerEngine()
  writeFileSync(join(dir, 'jarvis_probe_pkg.py'), 'X = 1\n')
})
afterAll(async () => {
  await engine?.close()
  rmSync(dir, { recursive: true, force: true })
})
const PATH = process.env.PATH ?? ''

describe('requirement probes', () => {
  test('a Python package: imports with PYTHONPATH, or says how to install it', async () => {
    const req = { kind: 'python-module', module: 'jarvis_probe_pkg', install: 'pip install jarvis-probe-pkg.' } as const
    const [ok] = await checkRequirements([req], { PATH, PYTHONPATH: dir })
    expect(ok).toMatchObject({ ok: true, label: 'Python jarvis_probe_pkg', detail: 'python3: import jarvis_probe_pkg' })
    const [missing] = await checkRequirements([req], { PATH, PYTHONPATH: join(dir, 'none') })
    expect(missing).toMatchObject({ ok: false, detail: expect.stringMatching(/^Python package jarvis_probe_pkg: python3 -c "import jarvis_probe_pkg" failed \(ModuleNotFoundError: No module named 'jarvis_probe_pkg'\)\. pip install jarvis-probe-pkg\.$/) })
  })

  test('a command on PATH; the engine on DOCKER_HOST; a requirement a setting switches off', async () => {
    const statuses = await checkRequirements(
      [{ kind: 'command', command: 'sh', install: 'x' }, { kind: 'command', command: 'no-such-tool', install: 'apt-get install no-such-tool.' }, { kind: 'docker-engine' }, { kind: 'docker-engine', notNeededWhen: { env: 'SWEBENCH_BACKEND', equals: 'modal' } }],
      { PATH, DOCKER_HOST: engine.host, SWEBENCH_BACKEND: 'Modal' },
    )
    expect(statuses.map((s) => [s.ok, s.detail])).toEqual([
      [true, expect.stringMatching(/\/sh$/)],
      [false, 'no-such-tool is not on PATH. apt-get install no-such-tool.'],
      [true, `DOCKER_HOST=${engine.host} (Engine API 1.41)`],
      [true, 'not needed (SWEBENCH_BACKEND=Modal)'],
    ])
    expect(requirementError('thing', statuses)?.message).toBe('thing needs no-such-tool: no-such-tool is not on PATH. apt-get install no-such-tool.')
    expect(requirementError('thing', [statuses[0]])).toBeNull()
  })

  test('the container runtime the settings pick: the engine, or bwrap for JARVIS_CONTAINER_RUNTIME=local', async () => {
    const [docker] = await checkRequirements([{ kind: 'container-runtime' }], { PATH, DOCKER_HOST: engine.host })
    expect(docker).toMatchObject({ ok: true, label: 'container runtime' })
    const [none] = await checkRequirements([{ kind: 'container-runtime' }], { PATH, DOCKER_HOST: `unix://${dir}/none.sock` })
    expect(none.detail).toBe(`Docker Engine: DOCKER_HOST=unix://${dir}/none.sock did not answer GET /_ping (ENOENT). Start dockerd or set DOCKER_HOST. (The docker CLI alone is not enough.)`)
    const [bad] = await checkRequirements([{ kind: 'container-runtime' }], { PATH, JARVIS_CONTAINER_RUNTIME: 'podman' })
    expect(bad).toMatchObject({ ok: false, detail: expect.stringContaining('JARVIS_CONTAINER_RUNTIME=podman: use docker') })
  })
})
