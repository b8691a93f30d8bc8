// GAIA's answer rules in our words (its prompt asks for a bare number, a short phrase or a list); FRAMES'
// prompt reuses them (openjarvis-evals.md §2.4).
export const GAIA_ANSWER_RULES = [
  'Answer the question below. Rules:',
  '- Give only your answer: a number, a short phrase with as few words as possible, or a comma-separated list of numbers and/or strings.',
  '- For a number, write only the number, without units unless the question asks for them.',
  "- For a string, use no articles and no abbreviations (e.g. write out state names).",
  '- For a list, apply these rules to each element.',
]
