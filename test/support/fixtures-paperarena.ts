// PaperArena-Data as the Hub serves it: question files under qa/ (a JSON array and JSON Lines), beside files the
// benchmark does not read. Items written for these tests, in the dataset's fields.
import { writeRepoFile } from './dataset-fixtures.ts'

export const PA_REPO = 'Melmaphother/PaperArena-Data'

export const PA_EASY = [
  {
    question_id: 'pa-0001',
    question_type: 'MC',
    difficulty: 'easy',
    question: 'Which dataset does the paper use for its main evaluation?',
    context: 'We evaluate on the HarborBench suite (Section 4) and report ablations on a held-out split.',
    options: { A: 'ImageNet', B: 'HarborBench', C: 'GLUE', D: 'SQuAD' },
    answer: 'B',
    minimal_tool_chain: ['pdf_reader'],
  },
  {
    question_id: 'pa-0002',
    question_type: 'MC',
    difficulty: 'medium',
    question: 'What optimiser trains the final model?',
    context: 'All models are trained with AdamW (lr 3e-4, weight decay 0.1).',
    options: ['SGD', 'Adagrad', 'AdamW', 'RMSProp'],
    answer: 'C',
    minimal_tool_chain: ['pdf_reader'],
  },
  { question_id: 'pa-0099', question_type: 'OA', difficulty: 'easy', question: '', answer: 'orphan item without a question' },
]

export const PA_HARD = [
  {
    question_id: 'pa-0003',
    question_type: 'CA',
    difficulty: 'medium',
    question: 'Table 3 reports 12.6 s per batch for the baseline and 3.0 s for the proposed kernel. What speedup is that?',
    context: 'Table 3: baseline 12.6 s per batch; proposed kernel 3.0 s per batch.',
    answer: '4.2x',
    minimal_tool_chain: ['pdf_reader', 'calculator'],
  },
  {
    question_id: 'pa-0004',
    question_type: 'OA',
    difficulty: 'hard',
    question: 'Why does the ablation without the cache perform worse?',
    context: 'Without the cache every step recomputes the attention keys, which doubles the latency and overflows the memory budget.',
    answer: 'Because every step recomputes the keys, doubling latency and exceeding memory.',
    minimal_tool_chain: ['pdf_reader'],
  },
]

export async function writePaperArena(root: string): Promise<void> {
  await writeRepoFile(root, PA_REPO, 'README.md', '# PaperArena-Data (test fixture)\n')
  await writeRepoFile(root, PA_REPO, 'qa/easy.json', JSON.stringify(PA_EASY, null, 2))
  await writeRepoFile(root, PA_REPO, 'qa/hard.jsonl', PA_HARD.map((x) => JSON.stringify(x)).join('\n') + '\n')
  await writeRepoFile(root, PA_REPO, 'papers/index.json', JSON.stringify([{ paper_id: 'p1', title: 'not a question' }]))
}
