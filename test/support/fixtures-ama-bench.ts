// AMA-Bench as the Hub's parquet conversion serves it (default/test/0000.parquet): one row per episode with
// the trajectory and the QA pairs as lists of structs, the real column names. Episodes written for these tests.
import { writeRepoFile } from './dataset-fixtures.ts'
import { nestedParquet, type Row, type Schema } from './fixtures-wave1.ts'

export const AMA_REPO = 'AMA-bench/AMA-bench'

export const AMA_SCHEMA: Schema = {
  episode_id: 'STRING',
  task: 'STRING',
  task_type: 'STRING',
  domain: 'STRING',
  source: 'STRING',
  success: 'BOOLEAN',
  num_turns: 'INT64',
  total_tokens: 'INT64',
  trajectory: { list: { struct: { turn_idx: 'INT64', action: 'STRING', observation: 'STRING' } } },
  qa_pairs: { list: { struct: { question: 'STRING', answer: 'STRING', question_uuid: 'STRING', type: 'STRING' } } },
}

export const AMA_EPISODES: Row[] = [
  {
    episode_id: 'webshop_0007',
    task: 'Buy a blue ceramic mug under $15.',
    task_type: 'web_shopping',
    domain: 'webshop',
    source: 'webshop',
    success: true,
    num_turns: 3,
    total_tokens: 812,
    trajectory: [
      { turn_idx: 0, action: 'search[blue ceramic mug]', observation: 'Results: (1) Azure Mug $12.99 (2) Navy Stoneware Mug $18.50' },
      { turn_idx: 1, action: 'click[Azure Mug]', observation: 'Azure Mug, ceramic, blue, $12.99. Options: 11oz, 15oz' },
      { turn_idx: 2, action: 'click[Buy Now]', observation: 'Order placed: Azure Mug 11oz, $12.99' },
    ],
    qa_pairs: [
      { question: 'What was the price of the item the agent bought?', answer: '$12.99', question_uuid: 'q-7f1c', type: 'A' },
      { question: 'Why did the agent not pick the Navy Stoneware Mug?', answer: 'Because it cost $18.50, over the $15 budget.', question_uuid: 'q-7f1d', type: 'B' },
      { question: 'Which size was ordered?', answer: '11oz', question_uuid: 'q-7f1e', type: 'C' },
    ],
  },
  {
    episode_id: 'alfworld_0112',
    task: 'Put a clean apple in the fridge.',
    task_type: 'household',
    domain: 'alfworld',
    source: 'alfworld',
    success: false,
    num_turns: 2,
    total_tokens: 431,
    trajectory: [
      { turn_idx: 0, action: 'take apple from countertop 1', observation: 'You pick up the apple 2 from the countertop 1.' },
      { turn_idx: 1, action: 'put apple in fridge 1', observation: 'You put the apple 2 in the fridge 1.' },
    ],
    qa_pairs: [
      { question: 'Was the apple cleaned before it went into the fridge?', answer: 'No', question_uuid: 'q-a001', type: 'D' },
      { question: 'Where was the apple taken from?', answer: 'countertop 1', question_uuid: '', type: 'A' },
    ],
  },
]

export async function writeAmaBench(root: string, episodes: Row[] = AMA_EPISODES): Promise<void> {
  await writeRepoFile(root, AMA_REPO, 'default/test/0000.parquet', nestedParquet(episodes, AMA_SCHEMA), 'refs/convert/parquet')
}
