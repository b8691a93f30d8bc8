// A tau2 task as `data/tau2/domains/<domain>/tasks.json` holds it (tau2.data_model.tasks.Task at the pinned
// commit), checked at load so a malformed snapshot is one clear error, and the text the user simulator is given.
import { z } from 'zod'

const text = z.string().nullish()

export const StructuredInstructionsSchema = z.looseObject({
  domain: z.string(),
  reason_for_call: z.string(),
  known_info: text,
  unknown_info: text,
  task_instructions: z.string(),
})

export const EnvFunctionCallSchema = z.looseObject({
  env_type: z.enum(['assistant', 'user']),
  func_name: z.string(),
  arguments: z.record(z.string(), z.unknown()).default({}),
})

export const EnvAssertionSchema = EnvFunctionCallSchema.extend({
  assert_value: z.boolean().default(true),
  message: text,
})

export const ActionSchema = z.looseObject({
  action_id: z.string(),
  requestor: z.enum(['assistant', 'user']).default('assistant'),
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  info: text,
  compare_args: z.array(z.string()).nullish(),
})

export const RewardTypeSchema = z.enum(['DB', 'ENV_ASSERTION', 'NL_ASSERTION', 'ACTION', 'COMMUNICATE'])

export const InitialStateSchema = z.looseObject({
  initialization_data: z.looseObject({ agent_data: z.record(z.string(), z.unknown()).nullish(), user_data: z.record(z.string(), z.unknown()).nullish() }).nullish(),
  initialization_actions: z.array(EnvFunctionCallSchema).nullish(),
  message_history: z.array(z.record(z.string(), z.unknown())).nullish(),
})

export const TaskSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  description: z.looseObject({ purpose: text, relevant_policies: text, notes: text }).nullish(),
  user_scenario: z.looseObject({ persona: text, instructions: z.union([StructuredInstructionsSchema, z.string()]) }),
  ticket: text,
  initial_state: InitialStateSchema.nullish(),
  evaluation_criteria: z
    .looseObject({
      actions: z.array(ActionSchema).nullish(),
      env_assertions: z.array(EnvAssertionSchema).nullish(),
      communicate_info: z.array(z.string()).nullish(),
      nl_assertions: z.array(z.string()).nullish(),
      reward_basis: z.array(RewardTypeSchema).default(['DB', 'COMMUNICATE']),
    })
    .nullish(),
  user_tools: z.array(z.string()).nullish(),
})

export type Task = z.infer<typeof TaskSchema>
export type Action = z.infer<typeof ActionSchema>
export type EnvFunctionCall = z.infer<typeof EnvFunctionCallSchema>
export type EnvAssertion = z.infer<typeof EnvAssertionSchema>
export type InitialState = z.infer<typeof InitialStateSchema>
export type RewardType = z.infer<typeof RewardTypeSchema>

/** Python's textwrap.indent: the prefix on every line that is not only whitespace. */
const indent = (s: string, prefix = '\t') => s.replace(/^(?=.*\S)/gm, prefix)

/** `str(task.user_scenario)`: the scenario as the user simulator reads it in its system prompt. */
export function scenarioText(task: Task): string {
  const s = task.user_scenario
  const lines: string[] = []
  if (s.persona != null) lines.push('Persona:', indent(s.persona))
  lines.push('Instructions:', indent(instructionsText(s.instructions)))
  return lines.join('\n')
}

function instructionsText(i: Task['user_scenario']['instructions']): string {
  if (typeof i === 'string') return i
  const lines = [`Domain: ${i.domain}`, `Reason for call:\n${indent(i.reason_for_call)}`]
  if (i.known_info != null) lines.push(`Known info:\n${indent(i.known_info)}`)
  if (i.unknown_info != null) lines.push(`Unknown info:\n${indent(i.unknown_info)}`)
  lines.push(`Task instructions:\n${indent(i.task_instructions)}`)
  return lines.join('\n')
}
