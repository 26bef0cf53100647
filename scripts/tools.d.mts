export function toolsFolder(env?: Record<string, string | undefined>): string;
export function sourceHash(dir: string, version: string): string;
