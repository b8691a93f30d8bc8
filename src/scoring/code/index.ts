// Scoring model-written code: extraction, LiveCodeBench test data, sandboxed test runners, the Score.
export { extractCode, definesEntryPoint, stripThinking, type ExtractedCode, type ExtractOptions } from './extract-code.ts'
export { decodePrivateTests, encodePrivateTests, parseTestCases, TestDataError, type LcbTest } from './lcb-tests.ts'
export { stdoutMatches } from './compare-stdout.ts'
export { pyJsonEqual } from './py-json-equal.ts'
export { runAssertTests, runLcbTests, runTestFunctions, testFunctionNames, type CodeTestRun, type TestOutcome, type TestStatus } from './run-code-tests.ts'
export { emptyAnswerScore, scoreCodeRun } from './code-score.ts'
