// What scoring SWE-bench needs on this machine: the official harness in some Python (JARVIS_SWEBENCH_PYTHON,
// else python3) and the Docker Engine it builds the instance images on (not on Modal). Data only (the registry
// imports it).
import type { Requirement } from '../../core/requirement.ts'

export const SWEBENCH_HARNESS: readonly Requirement[] = [
  { kind: 'python-module', module: 'swebench.harness.run_evaluation', pythonEnv: 'JARVIS_SWEBENCH_PYTHON', install: 'Install the official harness (pip install swebench) and point JARVIS_SWEBENCH_PYTHON at its Python.' },
  // Modal (SWEBENCH_BACKEND=modal) builds and runs the instances in its cloud.
  { kind: 'docker-engine', notNeededWhen: { env: 'SWEBENCH_BACKEND', equals: 'modal' } },
]
