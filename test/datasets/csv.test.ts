// RFC 4180 edge cases of the CSV reader, on literal text.
import { describe, expect, test } from 'vitest'
import { csvToRows, parseCsv } from '../../src/datasets/csv.ts'

const fields = (text: string) => parseCsv(text).map((r) => r.fields)

describe('parseCsv', () => {
  test('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(fields('a,b,c\n"x, y","say ""hi""","line 1\nline 2"\n')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'line 1\nline 2'],
    ])
  })

  test('accepts CRLF, LF and lone CR endings, and a missing final newline', () => {
    expect(fields('a,b\r\n1,2\n3,4\r5,6')).toEqual([['a', 'b'], ['1', '2'], ['3', '4'], ['5', '6']])
  })

  test('keeps a CRLF inside quotes as written', () => {
    expect(fields('q\r\n"one\r\ntwo"\r\n')).toEqual([['q'], ['one\r\ntwo']])
  })

  test('keeps empty fields, including an empty last field and a quoted empty field', () => {
    expect(fields('a,b,c\n,,\n"",x,\n')).toEqual([['a', 'b', 'c'], ['', '', ''], ['', 'x', '']])
  })

  test('skips blank lines but not a line holding one quoted empty field', () => {
    expect(fields('a\n\n1\n\r\n""\n\n')).toEqual([['a'], ['1'], ['']])
  })

  test('drops a UTF-8 BOM before the header', () => {
    expect(fields('\uFEFFRecord ID,Question\nrec1,Q')).toEqual([['Record ID', 'Question'], ['rec1', 'Q']])
  })

  test('keeps a stray quote inside an unquoted field literally, as Python csv does', () => {
    expect(fields('a,b\n5" disk,x\n')).toEqual([['a', 'b'], ['5" disk', 'x']])
  })

  test('reports the line where each record starts, counting line breaks inside quotes', () => {
    expect(parseCsv('h\n"a\nb"\nc\n').map((r) => r.line)).toEqual([1, 2, 4])
  })

  test('an unterminated quote names the line where it opened', () => {
    expect(() => parseCsv('a,b\n1,"never closed\n2,3\n', 'gpqa.csv')).toThrowErrorMatchingInlineSnapshot(
      `[JarvisError: gpqa.csv:2: a quoted field is never closed. Double each quote inside a quoted field ("say ""hi""").]`,
    )
  })
})

describe('csvToRows', () => {
  test('maps records to objects by the header row, values as strings', () => {
    expect(csvToRows('Record ID,Correct Answer,Expert Validator Accuracy\nrecd3Hn7sQk9WbT2u,"2-bromo-3-methylbutane",0.5\n')).toEqual([
      { 'Record ID': 'recd3Hn7sQk9WbT2u', 'Correct Answer': '2-bromo-3-methylbutane', 'Expert Validator Accuracy': '0.5' },
    ])
  })

  test('renames duplicate and empty header names as pandas does', () => {
    expect(csvToRows(',x,x,x\n0,a,b,c\n')).toEqual([{ 'Unnamed: 0': '0', x: 'a', 'x.1': 'b', 'x.2': 'c' }])
  })

  test('a header alone is no rows, an empty file is no rows', () => {
    expect(csvToRows('a,b\r\n')).toEqual([])
    expect(csvToRows('')).toEqual([])
  })

  test('a record with the wrong number of fields names the file and line', () => {
    expect(() => csvToRows('Question,Correct Answer\n"What is 2+2?",4\nWhat is 3, plus 3?,6\n', 'gpqa_diamond.csv')).toThrowErrorMatchingInlineSnapshot(
      `[JarvisError: gpqa_diamond.csv:3: record has 3 fields but the header has 2. Quote fields that contain commas, quotes or line breaks.]`,
    )
  })
})
