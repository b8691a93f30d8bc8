import { describe, expect, test } from 'vitest'
import { extractOperationSql, finalAnswer } from './db-task.ts'
import { validateDirect } from './direct-validator.ts'
import { pyReprRows } from './py-repr.ts'

describe("upstream's DirectTypeAnswerValidator", () => {
  test('tuples, numbers within 1e-6, strings with a stray quote', () => {
    expect(validateDirect("[('Eve', 41), ('Gus', 35)]", [['Eve', 41], ['Gus', 35]])).toBe(true)
    expect(validateDirect("[('Gus', 35), ('Eve', 41)]", [['Eve', 41], ['Gus', 35]])).toBe(false) // row order counts
    expect(validateDirect('[(11600.7500001,)]', [[11600.75]])).toBe(true)
    expect(validateDirect('[(11600.8,)]', [[11600.75]])).toBe(false) // 1e-6 relative of 11600 is 0.0116
    expect(validateDirect("[(Decimal('29.99'),)]", [[29.99]])).toBe(true)
    expect(validateDirect('11600.75', [[11600.75]])).toBe(true) // a bare value for a one-row answer
    expect(validateDirect('Eve, 41', [['Eve', 41]])).toBe(true)
    expect(validateDirect('"Eve", 41', [['Eve', 41]])).toBe(true)
    expect(validateDirect('[]', [])).toBe(true)
    expect(validateDirect('[(1,), (2,)]', [[1]])).toBe(false)
    expect(validateDirect('[(1,', [[1]])).toBe(false) // unbalanced
  })

  test("a quoted number: the trim upstream meant (its off-by-one kept a quote, so \"'-55'\" never matched)", () => {
    expect(validateDirect("[('-55',)]", [[-55]])).toBe(true)
    expect(validateDirect('[(about 12 items,)]', [[12]])).toBe(true)
    expect(validateDirect('[(12 or 13,)]', [[12]])).toBe(false)
  })
})

describe('reading replies and showing results', () => {
  test('Final Answer: the last one, the rest of its line; upstream sql fences', () => {
    expect(finalAnswer('Action: Answer\nFinal Answer: [(2,)]')).toBe('[(2,)]')
    expect(finalAnswer('Final Answer: [(1,)]\nthinking again…\nFinal Answer: [(3,)]\nbye')).toBe('[(3,)]')
    expect(finalAnswer('<think>Final Answer: no</think>No answer here')).toBeNull()
    expect(extractOperationSql('Action: Operation\n```sql\nSELECT *\nFROM t;\n```')).toBe('SELECT * FROM t;')
    expect(extractOperationSql('no sql')).toBeNull()
  })

  test("rows as mysql.connector's str(fetchall()) prints them", () => {
    const fields = ['LONG', 'FLOAT', 'NEWDECIMAL', 'DATE', 'DATETIME', 'VAR_STRING', 'DOUBLE', 'TIME', 'LONGLONG'].map((type, i) => ({ name: `c${i}`, type }))
    expect(pyReprRows({ rows: [[1, 5500.5, '3.50', '2024-01-02', '2024-01-02 10:30:00', "D'Arcy", 5, '10:30:00', '9007199254740993'], [null, 0.1, '0.00', '2024-12-31', '2024-01-02 10:30:05', 'it', 1e-7, '00:00:00', '1']], fields, affectedRows: 0 })).toBe(
      "[(1, 5500.5, Decimal('3.50'), datetime.date(2024, 1, 2), datetime.datetime(2024, 1, 2, 10, 30), \"D'Arcy\", 5.0, datetime.timedelta(seconds=37800), 9007199254740993), (None, 0.1, Decimal('0.00'), datetime.date(2024, 12, 31), datetime.datetime(2024, 1, 2, 10, 30, 5), 'it', 1e-07, datetime.timedelta(0), 1)]",
    )
    expect(pyReprRows({ rows: [[2]], fields: [{ name: 'n', type: 'LONGLONG' }], affectedRows: 0 })).toBe('[(2,)]')
    expect(pyReprRows({ rows: null, fields: [], affectedRows: 3 })).toBe('[]')
  })
})
