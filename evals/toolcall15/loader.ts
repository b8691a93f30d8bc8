// ToolCall-15 records: the 15 bundled scenarios (scenarios.ts), no download. Record ids toolcall15-TC-01 …;
// category = the scenario's category, subject = its name (openjarvis-evals.md §2.4).
//
// --split: train | test | all split the shuffled scenarios 20/80 (the spec's apply_split); any other value is
// a category filter: "A", "A,C", "D-RestraintRefusal".
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { isTrainTestSplit, trainTestSplit } from '../../src/datasets/train-test-split.ts'
import { buildPrompt, REFERENCE_DATE, SYSTEM_PROMPT } from './prompt.ts'
import { CATEGORIES, scenarios, tools, type Scenario } from './scenarios.ts'

export function toRecord(s: Scenario): EvalRecord {
  return {
    record_id: `toolcall15-${s.id}`,
    system: SYSTEM_PROMPT,
    problem: buildPrompt(s.user_message, tools()),
    reference: '2 points',
    category: s.category,
    subject: s.name,
    metadata: { scenario_id: s.id, scenario_name: s.name, scenario_category: s.category, user_message: s.user_message, reference_date: REFERENCE_DATE },
  }
}

export function selectScenarios(all: Scenario[], split: string | undefined, seed: number): Scenario[] {
  if (!split) return all
  if (isTrainTestSplit(split)) return trainTestSplit(all, split, seed)
  const wanted = split.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean)
  const chosen = all.filter((s) => wanted.some((w) => s.category.toUpperCase().startsWith(w)))
  if (!chosen.length) throw new JarvisError('JARVIS_BAD_OPTION', `toolcall15: --split "${split}" matches no scenario category; use train, test, all, or categories such as A or C,E (${CATEGORIES.join(', ')}).`)
  return chosen
}

export async function loadToolCall15(ctx: LoadContext): Promise<EvalRecord[]> {
  return selectScenarios(scenarios(), ctx.split, ctx.seed).map(toRecord)
}
