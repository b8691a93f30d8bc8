export async function writeTerminalBench(_root: string): Promise<void> {}
