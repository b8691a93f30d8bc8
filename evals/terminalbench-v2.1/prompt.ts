// The TerminalBench v2.1 prompt: OpenJarvis's framing (one text for the agent with its shell tool and for a
// single reply, which must then be a whole bash script), naming our `shell` tool and saying what the container
// really has: no internet.
export const PREAMBLE =
  'You are solving a TerminalBench V2.1 task inside a Linux container (working dir /app, root access, no ' +
  'internet; common tools such as bash and python3 may be installed). Use the `shell` tool to inspect the ' +
  'environment, run commands, and create files. Iterate until the task is complete and the required output ' +
  'files are in place. Do not claim you are done until you have verified the outputs exist. If you are limited ' +
  'to a single response (no tool use), output a full bash script inside a ```bash ... ``` fence that solves the ' +
  'task end-to-end.'

export const buildPrompt = (instruction: string): string => `${PREAMBLE}\n\n--- TASK ---\n${instruction}`
