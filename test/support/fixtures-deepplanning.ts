export async function writeDeepPlanning(_root: string): Promise<void> {}
