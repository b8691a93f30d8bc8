export async function writePaperArena(_root: string): Promise<void> {}
