// Fake-Hub folders (test/support/fake-hub.ts layout) holding data shaped like the real datasets: the real
// column names and parquet types, realistic ids, a few rows each. The questions are written for these tests
// (GPQA asks that its items not be published, so none is copied).
//
//   writeHubFixtures(root): Promise<void>                         all of the datasets below
//   writeParquetDataset(root, repo, configSplitPath, rows, schema)   a parquet-conversion file
//   writeRepoFile(root, repo, path, content, revision = 'main')      any repo file
//   parquetBuffer(rows, schema), toJsonl(rows), toCsv(rows, columns?)
//   SUPERGPQA_ROWS, GPQA_DIAMOND_ROWS, MMLU_PRO_TEST_ROWS, MMLU_PRO_VALIDATION_ROWS (+ their *_SCHEMA)
//
// To add a dataset: build its rows, give a schema (column → type, in column order), and call
// writeParquetDataset for each config/split of its parquet conversion (plus writeRepoFile for raw files).
import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { parquetWriteBuffer, type ColumnSource, type SchemaElement } from 'hyparquet-writer'

export type Row = Record<string, unknown>
/** Parquet column types as pyarrow writes them for HF datasets. */
export type ColumnType = 'STRING' | 'INT64' | 'INT32' | 'DOUBLE' | 'BOOLEAN' | 'LIST<STRING>'
/** Column name → type, in column order. */
export type ParquetSchema = Record<string, ColumnType>

// ---------------------------------------------------------------- writers

export function parquetBuffer(rows: Row[], schema: ParquetSchema): Buffer {
  const names = Object.keys(schema)
  const elements: SchemaElement[] = [{ name: 'schema', num_children: names.length }]
  const columnData = names.map((name) => {
    const type = schema[name]
    const values = rows.map((r) => r[name] ?? null)
    if (type === 'LIST<STRING>') {
      elements.push(
        { name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
        { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
        { name: 'element', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
      )
    } else if (type === 'STRING') {
      elements.push({ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' })
    } else {
      elements.push({ name, type, repetition_type: 'OPTIONAL' })
    }
    const data = type === 'INT64' ? values.map((v) => (v === null ? null : BigInt(v as number))) : values
    return { name, data: data as ColumnSource['data'] }
  })
  return Buffer.from(parquetWriteBuffer({ columnData, schema: elements }))
}

export async function writeRepoFile(root: string, repo: string, path: string, content: string | Uint8Array, revision = 'main'): Promise<string> {
  const file = join(root, ...repo.split('/'), ...revision.split('/'), ...path.split('/'))
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, content)
  return file
}

/** `configSplitPath` is "config/split" (→ config/split/0000.parquet) or a full path ending in .parquet. */
export async function writeParquetDataset(root: string, repo: string, configSplitPath: string, rows: Row[], schema: ParquetSchema): Promise<string> {
  const path = configSplitPath.endsWith('.parquet') ? configSplitPath : `${configSplitPath}/0000.parquet`
  return writeRepoFile(root, repo, path, parquetBuffer(rows, schema), 'refs/convert/parquet')
}

export const toJsonl = (rows: Row[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n'

/** RFC 4180 with CRLF, quoting only fields that need it (as pandas' to_csv does); null → empty. */
export function toCsv(rows: Row[], columns: string[] = Object.keys(rows[0] ?? {})): string {
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v)
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
  }
  return [columns, ...rows.map((r) => columns.map((c) => r[c]))].map((cells) => cells.map(cell).join(',')).join('\r\n') + '\r\n'
}

const LETTERS = 'ABCDEFGHIJ'
/** Options with the correct answer placed at `at`. */
function place(correct: string, wrong: string[], at: number): string[] {
  const out = wrong.slice()
  out.splice(at, 0, correct)
  return out
}
const hex32 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32)

// ---------------------------------------------------------------- m-a-p/SuperGPQA (split train)

export const SUPERGPQA_SCHEMA: ParquetSchema = {
  uuid: 'STRING',
  question: 'STRING',
  options: 'LIST<STRING>',
  answer: 'STRING',
  answer_letter: 'STRING',
  discipline: 'STRING',
  field: 'STRING',
  subfield: 'STRING',
  difficulty: 'STRING',
  is_calculation: 'BOOLEAN',
}

type Sgq = [question: string, correct: string, wrong: string[], at: number, difficulty: 'easy' | 'middle' | 'hard', isCalc: boolean]
const SGQ_THERMO: Sgq[] = [
  ['An ideal monatomic gas expands reversibly and adiabatically until its volume doubles. By what factor does its absolute temperature change?', '2^{-2/3}', ['2^{-1/3}', '1/2', '2^{-5/3}', '2^{-3/5}', '2^{2/3}', '1', '2^{-1/2}', '2^{-2/5}', '1/4'], 5, 'middle', true],
  ['One mole of an ideal gas undergoes a free (Joule) expansion from volume V to 3V. What is the entropy change of the gas?', 'R ln 3', ['0', '-R ln 3', '3R', 'R/3', '(3/2) R ln 3', 'R ln 2', 'k_B ln 3'], 2, 'easy', true],
  ['For N distinguishable two-level systems with energy gap ε, what does the heat capacity approach when k_B T ≫ ε?', '0', ['N k_B', 'N k_B/2', '3N k_B/2', 'It diverges', 'N k_B ln 2'], 4, 'hard', false],
  ['Which quantity stays constant in a Joule–Thomson (throttling) process?', 'Enthalpy', ['Internal energy', 'Entropy', 'Gibbs free energy'], 1, 'easy', false],
]
const SGQ_CIRCUITS: Sgq[] = [
  ['A series RLC circuit has R = 10 Ω, L = 1 mH and C = 1 μF. What is its resonant frequency?', '5.03 kHz', ['31.6 kHz', '1.00 kHz', '159 Hz', '50.3 kHz', '3.16 kHz', '10.0 kHz', '15.9 kHz', '503 Hz', '100 kHz'], 0, 'easy', true],
  ['What is the quality factor of a series RLC circuit with R = 10 Ω, L = 1 mH and C = 1 μF?', '3.16', ['0.316', '31.6', '10', '1', '100', '0.1'], 3, 'middle', true],
  ['An ideal op-amp inverting amplifier uses R_in = 2 kΩ and R_f = 10 kΩ. What is its voltage gain?', '-5', ['5', '-0.2', '6', '-6', '0.2', '-10', '10'], 7, 'easy', true],
  ['Why is the static power dissipation of a CMOS inverter ideally close to zero?', 'In either steady state one of the two transistors is off', ['The supply voltage is low', 'The gate oxide is thick', 'The load capacitance is small', 'Both transistors are always saturated'], 2, 'middle', false],
]
const SGQ_LOGIC: Sgq[] = [
  ['Which formula is logically equivalent to ¬(P → Q)?', 'P ∧ ¬Q', ['¬P ∨ Q', '¬P ∧ Q', 'P ∨ ¬Q', '¬P → ¬Q', 'Q → P'], 3, 'easy', false],
  ["Which first-figure syllogism has the form 'All M are P; all S are M; therefore all S are P'?", 'Barbara', ['Celarent', 'Darii', 'Ferio', 'Baroco', 'Bocardo', 'Cesare', 'Camestres'], 6, 'easy', false],
  ['How many rows does the truth table of a formula with 5 distinct propositional variables have?', '32', ['25', '10', '16', '64', '120', '5', '31'], 1, 'easy', true],
  ["Gödel's first incompleteness theorem applies to every consistent, effectively axiomatized formal system that", 'can express elementary arithmetic', ['is decidable', 'has finitely many axioms', 'contains only pure first-order logic', 'is complete', 'is based on set theory'], 4, 'hard', false],
]

function supergpqa(list: Sgq[], discipline: string, field: string, subfield: string): Row[] {
  return list.map(([question, correct, wrong, at, difficulty, isCalc]) => ({
    uuid: hex32(`supergpqa:${question}`),
    question,
    options: place(correct, wrong, at),
    answer: correct,
    answer_letter: LETTERS[at],
    discipline,
    field,
    subfield,
    difficulty,
    is_calculation: isCalc,
  }))
}

export const SUPERGPQA_ROWS: Row[] = [
  ...supergpqa(SGQ_THERMO, 'Science', 'Physics', 'Thermodynamics and Statistical Physics'),
  ...supergpqa(SGQ_CIRCUITS, 'Engineering', 'Electronic Science and Technology', 'Circuits and Systems'),
  ...supergpqa(SGQ_LOGIC, 'Philosophy', 'Philosophy', 'Logic'),
]

// ---------------------------------------------------------------- Idavidrein/gpqa (gated; gpqa_diamond, train)

export const GPQA_SCHEMA: ParquetSchema = {
  'Pre-Revision Question': 'STRING',
  'Pre-Revision Correct Answer': 'STRING',
  'Pre-Revision Incorrect Answer 1': 'STRING',
  'Pre-Revision Incorrect Answer 2': 'STRING',
  'Pre-Revision Incorrect Answer 3': 'STRING',
  'Pre-Revision Explanation': 'STRING',
  'Self-reported question-writing time (minutes)': 'DOUBLE',
  Question: 'STRING',
  'Correct Answer': 'STRING',
  'Incorrect Answer 1': 'STRING',
  'Incorrect Answer 2': 'STRING',
  'Incorrect Answer 3': 'STRING',
  Explanation: 'STRING',
  'Revision Comments (from Question Writer)': 'STRING',
  Subdomain: 'STRING',
  "Writer's Difficulty Estimate": 'STRING',
  'Extra Revised Question': 'STRING',
  'Non-Expert Validator Accuracy': 'DOUBLE',
  'Majority Non-Expert Vals Incorrect': 'DOUBLE',
  'Expert Validator Accuracy': 'DOUBLE',
  'Record ID': 'STRING',
  'High-level domain': 'STRING',
}

type Gq = [id: string, domain: string, subdomain: string, question: string, correct: string, wrong: [string, string, string], explanation: string]
const GQ: Gq[] = [
  ['rec0Ofm6LW5dVyV9H', 'Physics', 'Quantum Mechanics', 'A particle is in the ground state of a one-dimensional infinite square well of width L. The width is suddenly doubled to 2L (one wall stays put). What is the probability of finding the particle in the ground state of the new well?', '32/(9π²)', ['1/2', '8/(3π²)', '16/(9π²)'], 'In the "sudden" approximation the wavefunction is unchanged.\nThe overlap integral is 4√2/(3π), so the probability is 32/(9π²) ≈ 0.36.'],
  ['recBv8kRz2XqP4mN1', 'Physics', 'Relativity', 'A muon (proper lifetime 2.2 μs) moves at 0.995c in the lab. About how far does it travel in the lab during one proper lifetime?', '6.6 km', ['660 m', '2.1 km', '66 km'], 'γ ≈ 10, so the lab lifetime is ≈ 22 μs; distance = γvτ ≈ 10 × 0.995 × 3×10^8 m/s × 2.2×10^-6 s ≈ 6.6 km.'],
  ['recd3Hn7sQk9WbT2u', 'Chemistry', 'Organic Chemistry', 'Which product forms predominantly when 2-methyl-2-butene reacts with HBr in the presence of peroxides?', '2-bromo-3-methylbutane', ['2-bromo-2-methylbutane', '1-bromo-2-methylbutane', '1-bromo-3-methylbutane'], 'Radical (anti-Markovnikov) addition: Br• adds to C3, giving the tertiary radical at C2, which then abstracts H from HBr.'],
  ['recZ5pL8yVc1Gf0Ra', 'Chemistry', 'Chemistry (general)', 'What is the pH of a 0.010 M aqueous sodium acetate solution at 25 °C? (Ka of acetic acid = 1.8 × 10^-5)', '8.37', ['7.00', '9.26', '5.63'], 'Kb = Kw/Ka = 5.6×10^-10; [OH-] = √(Kb·C) = 2.4×10^-6 M; pOH = 5.63, so pH = 8.37.'],
  ['recM2tX9eKw6Nh4Ds', 'Chemistry', 'Inorganic Chemistry', 'How many unpaired electrons does the high-spin octahedral complex [Fe(H2O)6]2+ have?', '4', ['0', '2', '5'], 'Fe(II) is d6; with a weak-field ligand, t2g^4 eg^2 leaves four unpaired electrons.'],
  ['rec7QjU3bY8cFz5Lp', 'Biology', 'Molecular Biology', "A point mutation changes an mRNA codon from 5'-UGG-3' to 5'-UGA-3'. What is the most likely immediate consequence for the protein?", 'Premature termination of translation (a nonsense mutation)', ['Substitution of tryptophan by cysteine', 'A frameshift downstream of the mutation', 'No change, because the genetic code is degenerate'], 'UGG codes for Trp; UGA is a stop codon, so the "opal" mutation truncates the protein.'],
  ['recHs1Wd6Rm0Tk9Ve', 'Biology', 'Genetics', 'In a population in Hardy–Weinberg equilibrium, 16% of individuals show a recessive phenotype. What fraction of the population is heterozygous?', '0.48', ['0.24', '0.36', '0.16'], 'q² = 0.16, so q = 0.4, p = 0.6 and 2pq = 0.48.'],
  ['recq4Ea8Jn2Px7Cg3', 'Physics', 'Electromagnetism and Photonics', 'Unpolarized light passes through three ideal polarizers. The first and third are crossed, and the middle one is at 45° to both. What fraction of the incident intensity is transmitted?', '1/8', ['0', '1/4', '1/2'], "Malus's law: 1/2 × cos²45° × cos²45° = 1/8."],
]

export const GPQA_DIAMOND_ROWS: Row[] = GQ.map(([id, domain, subdomain, question, correct, wrong, explanation], i) => ({
  'Pre-Revision Question': question,
  'Pre-Revision Correct Answer': correct,
  'Pre-Revision Incorrect Answer 1': wrong[0],
  'Pre-Revision Incorrect Answer 2': wrong[1],
  'Pre-Revision Incorrect Answer 3': wrong[2],
  'Pre-Revision Explanation': explanation,
  'Self-reported question-writing time (minutes)': [45, 30, 20, 25, 15, 35, 10, 20][i],
  Question: question,
  'Correct Answer': correct,
  'Incorrect Answer 1': wrong[0],
  'Incorrect Answer 2': wrong[1],
  'Incorrect Answer 3': wrong[2],
  Explanation: explanation,
  'Revision Comments (from Question Writer)': i % 3 === 0 ? 'Clarified the wording, per validator feedback.' : null,
  Subdomain: subdomain,
  "Writer's Difficulty Estimate": i % 2 ? 'Hard undergraduate level (could be a question on a hard undergraduate exam for students majoring in the subject)' : 'Hard graduate level (could be a question on a hard graduate exam for PhD students in the domain)',
  'Extra Revised Question': null,
  'Non-Expert Validator Accuracy': [0, 1 / 3, 0, 2 / 3, 1 / 3, 0, 1, 0][i],
  'Majority Non-Expert Vals Incorrect': [1, 1, 1, 0, 1, 1, 0, 1][i],
  'Expert Validator Accuracy': [1, 1, 0.5, 1, 1, 1, 1, 0.5][i],
  'Record ID': id,
  'High-level domain': domain,
}))

// ---------------------------------------------------------------- TIGER-Lab/MMLU-Pro (test, validation)

export const MMLU_PRO_SCHEMA: ParquetSchema = {
  question_id: 'INT64',
  question: 'STRING',
  options: 'LIST<STRING>',
  answer: 'STRING',
  answer_index: 'INT64',
  cot_content: 'STRING',
  category: 'STRING',
  src: 'STRING',
}

type Mq = [id: number, category: string, src: string, question: string, correct: string, wrong: string[], at: number, cot?: string]
const MQ_TEST: Mq[] = [
  [7211, 'math', 'ori_mmlu-high_school_mathematics', 'Find the sum of all integer solutions of |x - 3| ≤ 4.', '27', ['28', '21', '30', '24', '35', '18', '36', '25', '26'], 3],
  [7255, 'math', 'theoremQA-Math', 'What is the derivative of f(x) = x^2 e^x at x = 1?', '3e', ['2e', 'e', 'e^2', '4e', '0', '3', 'e/2', '2e^2', '5e'], 8],
  [7390, 'math', 'ori_mmlu-college_mathematics', 'In how many ways can 5 distinct books be arranged on a shelf if two particular books must be adjacent?', '48', ['24', '120', '60', '96', '12', '36', '72', '240', '20'], 0],
  [7442, 'math', 'ori_mmlu-high_school_statistics', 'A fair die is rolled twice. What is the probability that both rolls are even?', '1/4', ['1/2', '1/3', '1/6'], 1],
  [10122, 'physics', 'stemez-Physics', 'A 2 kg block slides from rest down a frictionless incline of height 5 m. What is its speed at the bottom? (g = 9.8 m/s^2)', '9.9 m/s', ['7.0 m/s', '14 m/s', '4.9 m/s', '98 m/s', '19.6 m/s', '3.1 m/s', '5.0 m/s', '12.1 m/s', '8.5 m/s'], 5],
  [10154, 'physics', 'scibench-fund', 'What is the wavelength of a photon with an energy of 2.0 eV?', '620 nm', ['310 nm', '1240 nm', '500 nm', '700 nm', '413 nm', '248 nm', '827 nm'], 6],
  [10307, 'physics', 'ori_mmlu-high_school_physics', 'A 10 μF capacitor is charged to 100 V. How much energy does it store?', '0.05 J', ['0.5 J', '0.1 J', '1 J', '5 J', '0.005 J', '0.01 J', '10 J', '50 J', '0.25 J'], 9],
  [10388, 'physics', 'ori_mmlu-conceptual_physics', 'Resistors of 6 Ω and 3 Ω are connected in parallel. What is the equivalent resistance?', '2 Ω', ['9 Ω', '4.5 Ω', '18 Ω', '1 Ω', '3 Ω'], 2],
  [1233, 'law', 'ori_mmlu-high_school_government_and_politics', 'Under the U.S. Constitution, which body has the power to declare war?', 'Congress', ['The President', 'The Supreme Court', 'The Senate alone', 'The House of Representatives alone', 'The Secretary of Defense', 'The Joint Chiefs of Staff', 'The state legislatures', 'The Vice President', 'The Department of State'], 4],
  [1240, 'law', 'ori_mmlu-professional_law', 'Which standard of proof applies in most civil cases in the United States?', 'Preponderance of the evidence', ['Beyond a reasonable doubt', 'Clear and convincing evidence', 'Probable cause', 'Reasonable suspicion', 'Substantial evidence'], 0],
  [1302, 'law', 'ori_mmlu-professional_law', 'A contract for the sale of goods for $600 or more must generally be evidenced by a writing under which provision?', 'UCC § 2-201, the statute of frauds for goods', ['UCC § 2-207, the battle of the forms', 'The parol evidence rule', 'The mailbox rule', 'The doctrine of promissory estoppel', 'The perfect tender rule', 'UCC § 2-302, unconscionability', 'The Restatement (Second) of Contracts § 90', 'The Magnuson–Moss Warranty Act', 'The Uniform Electronic Transactions Act'], 7],
  [1417, 'law', 'ori_mmlu-professional_law', 'Which doctrine bars a party from relitigating an issue that was actually decided in an earlier case against that party?', 'Collateral estoppel (issue preclusion)', ['Res ipsa loquitur', 'Stare decisis', 'Laches', 'Claim splitting', 'Equitable tolling', 'The rule against perpetuities', 'Sovereign immunity', 'Mootness', 'Ripeness'], 1],
]
const MQ_VALIDATION: Mq[] = [
  [0, 'math', 'ori_mmlu-high_school_mathematics', 'What is the remainder when 2^10 is divided by 7?', '2', ['1', '3', '4', '5', '6', '0', '7', '8', '9'], 0, "A: Let's think step by step. 2^3 = 8 ≡ 1 (mod 7), so 2^10 = (2^3)^3 · 2 ≡ 2. The answer is (A)."],
  [5, 'physics', 'stemez-Physics', 'A car accelerates uniformly from rest to 20 m/s in 5 s. How far does it travel in that time?', '50 m', ['100 m', '25 m', '20 m', '4 m', '40 m', '200 m', '10 m', '75 m', '60 m'], 2, "A: Let's think step by step. The average speed is 10 m/s over 5 s, so the distance is 50 m. The answer is (C)."],
  [10, 'law', 'ori_mmlu-professional_law', 'Which amendment to the U.S. Constitution protects against unreasonable searches and seizures?', 'The Fourth Amendment', ['The First Amendment', 'The Fifth Amendment', 'The Sixth Amendment', 'The Eighth Amendment', 'The Fourteenth Amendment'], 1, "A: Let's think step by step. Searches and seizures are governed by the Fourth Amendment. The answer is (B)."],
]

function mmluPro(list: Mq[]): Row[] {
  return list.map(([id, category, src, question, correct, wrong, at, cot]) => ({
    question_id: id,
    question,
    options: place(correct, wrong, at),
    answer: LETTERS[at],
    answer_index: at,
    cot_content: cot ?? '',
    category,
    src,
  }))
}

export const MMLU_PRO_TEST_ROWS: Row[] = mmluPro(MQ_TEST)
export const MMLU_PRO_VALIDATION_ROWS: Row[] = mmluPro(MQ_VALIDATION)

// ---------------------------------------------------------------- all of them

export const SUPERGPQA_REPO = 'm-a-p/SuperGPQA'
export const GPQA_REPO = 'Idavidrein/gpqa'
export const MMLU_PRO_REPO = 'TIGER-Lab/MMLU-Pro'

export async function writeHubFixtures(root: string): Promise<void> {
  await writeParquetDataset(root, SUPERGPQA_REPO, 'default/train', SUPERGPQA_ROWS, SUPERGPQA_SCHEMA)
  await writeRepoFile(root, SUPERGPQA_REPO, 'SuperGPQA-all.jsonl', toJsonl(SUPERGPQA_ROWS))
  await writeRepoFile(root, SUPERGPQA_REPO, 'README.md', '---\nconfigs:\n- config_name: default\n  data_files:\n  - split: train\n    path: SuperGPQA-all.jsonl\n---\n# SuperGPQA (test fixture)\n')

  await writeParquetDataset(root, GPQA_REPO, 'gpqa_diamond/train', GPQA_DIAMOND_ROWS, GPQA_SCHEMA)
  await writeRepoFile(root, GPQA_REPO, 'gpqa_diamond.csv', toCsv(GPQA_DIAMOND_ROWS, Object.keys(GPQA_SCHEMA)))
  await writeRepoFile(root, GPQA_REPO, 'README.md', '---\nextra_gated_prompt: You agree to NOT reveal examples from this dataset in plain text or images online.\n---\n# GPQA (test fixture)\n')

  await writeParquetDataset(root, MMLU_PRO_REPO, 'default/test', MMLU_PRO_TEST_ROWS, MMLU_PRO_SCHEMA)
  await writeParquetDataset(root, MMLU_PRO_REPO, 'default/validation', MMLU_PRO_VALIDATION_ROWS, MMLU_PRO_SCHEMA)
  await writeRepoFile(root, MMLU_PRO_REPO, 'data/test-00000-of-00001.parquet', parquetBuffer(MMLU_PRO_TEST_ROWS, MMLU_PRO_SCHEMA))
  await writeRepoFile(root, MMLU_PRO_REPO, 'data/validation-00000-of-00001.parquet', parquetBuffer(MMLU_PRO_VALIDATION_ROWS, MMLU_PRO_SCHEMA))
}
