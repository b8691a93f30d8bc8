export async function writeAmaBench(_root: string): Promise<void> {}
