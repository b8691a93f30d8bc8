import { describe, expect, test } from 'vitest'
import { cleanAnswer, exactMatch, htmlUnescape, mustInclude, redditPostUrl, requiredContents, stringMatch, urlMatch } from './evaluators.ts'
import { finalAnswer } from './prompt.ts'

// WebArena's evaluators as WebChoreArena ships them, case by case (evaluation_harness/evaluators.py).

describe('string_match', () => {
  test('clean_answer drops one pair of outer quotes and lowercases; exact_match compares the cleaned strings', () => {
    expect(cleanAnswer('  "B01LX8WW2Q" ')).toBe('b01lx8ww2q')
    expect(exactMatch('B01LX8WW2Q', "'b01lx8ww2q'")).toBe(1)
    expect(exactMatch('B01LX8WW2Q', 'The SKU is B01LX8WW2Q')).toBe(0)
  })

  test('must_include: a substring, " |OR| " alternatives, and a one-character reference must be a whole token', () => {
    expect(mustInclude('5: 2, 4: 1', 'The distribution is 5: 2, 4: 1, 3: 0')).toBe(1)
    expect(mustInclude('2,320 |OR| 2320', 'a11yproject.com: 2320')).toBe(1)
    expect(mustInclude('0', 'I found 10 of them', true)).toBe(0)
    expect(mustInclude('0', 'I found 0 of them', true)).toBe(1)
    expect(mustInclude('0', 'I found 10 of them', false)).toBe(1)
  })

  test('the approaches multiply; must_include over several strings averages (partial credit)', async () => {
    const never = async () => {
      throw new Error('no judge needed')
    }
    expect(await stringMatch({ must_include: ['red', 'blue'] }, 'Red and green', { intent: '', stringNote: '', fuzzy: never, ua: never })).toBe(0.5)
    expect(await stringMatch({ exact_match: 'n/a', must_include: ['n/a'] }, 'N/A', { intent: '', stringNote: '', fuzzy: never, ua: never })).toBe(1)
  })

  test('fuzzy_match asks the judge; "N/A" is matched exactly first, then the unachievable reason is judged', async () => {
    const asked: string[] = []
    const o = { intent: 'Q?', stringNote: 'the item does not exist', fuzzy: async (r: string, p: string) => (asked.push(`fuzzy ${r} / ${p}`), 1), ua: async (r: string, p: string) => (asked.push(`ua ${r} / ${p}`), 0) }
    expect(await stringMatch({ fuzzy_match: ['Green Teapot', 'only one'] }, 'The green teapot', o)).toBe(1)
    expect(await stringMatch({ fuzzy_match: 'N/A' }, 'N/A', o)).toBe(1)
    expect(await stringMatch({ fuzzy_match: 'N/A' }, 'It is sold out', o)).toBe(0)
    expect(asked).toEqual(['fuzzy Green Teapot; only one / the green teapot', 'ua the item does not exist / it is sold out'])
    expect(await stringMatch({ fuzzy_match: 'x' }, 'y', { ...o, fuzzy: async () => null })).toBeNull()
  })
})

describe('url_match (GOLD in PRED)', () => {
  const ev = (reference_url: string, extra = {}) => ({ reference_url, url_note: 'GOLD in PRED', ...extra })
  test('netloc + path equal (case, trailing slash ignored); every query key of the reference must hold one of its values', () => {
    expect(urlMatch('http://127.0.0.1:7770/Green-Teapot.html/', ev('http://127.0.0.1:7770/green-teapot.html'))).toBe(1)
    expect(urlMatch('http://127.0.0.1:7770/red-kettle.html', ev('http://127.0.0.1:7770/green-teapot.html'))).toBe(0)
    expect(urlMatch('http://h/search?q=mug&page=2', ev('http://h/search?q=mug'))).toBe(1)
    expect(urlMatch('http://h/search?q=cup', ev('http://h/search?q=mug |OR| http://h/search?q=cup'))).toBe(1)
    expect(urlMatch('http://h/search', ev('http://h/search?q=mug'))).toBe(0)
    expect(urlMatch('http://h/b', ev('http://h/a', { or: [{ reference_url: 'http://h/b' }] }))).toBe(1)
    expect(() => urlMatch('http://h/', ev('http://h/', { url_note: 'EXACT' }))).toThrow('Unknown matching rule: EXACT')
  })
})

describe('program_html pieces', () => {
  test('required contents: exact_match, or must_include averaged with " |OR| " alternatives', () => {
    expect(requiredContents('SKU: B005IR33MM\nPrice: $12.99', { must_include: ['SKU: B005IR33MM\nPrice: $12.99'] })).toBe(1)
    expect(requiredContents('dotfiles: 553', { must_include: ['dotfiles: 553 |OR| dotfiles: 5,53', 'timeit: 22'] })).toBe(0.5)
    expect(requiredContents(' Done ', { exact_match: 'done' })).toBe(1)
  })

  test('reddit_get_post_url cuts a comment URL to its post; html.unescape decodes entities', () => {
    expect(redditPostUrl('http://127.0.0.1:9999/f/coolgithubprojects/42/my-post/comment/7')).toBe('http://127.0.0.1:9999/f/coolgithubprojects/42/')
    expect(redditPostUrl('http://127.0.0.1:9999/forums')).toBe('http://127.0.0.1:9999/forums')
    expect(htmlUnescape('Tom &amp; Jerry &lt;3 &#8217;s &#x41; &nbsp;')).toBe('Tom & Jerry <3 ’s A \u00a0')
  })

  test("the agent's answer is what follows its last FINAL ANSWER:", () => {
    expect(finalAnswer('I looked.\nFINAL ANSWER: 5: 2, 4: 1')).toBe('5: 2, 4: 1')
    expect(finalAnswer('final answer: maybe\nFinal Answer: B01LX8WW2Q')).toBe('B01LX8WW2Q')
    expect(finalAnswer('B01LX8WW2Q')).toBe('B01LX8WW2Q')
  })
})
