export async function writeLoghub(_root: string): Promise<void> {}
