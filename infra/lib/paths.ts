import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const INFRA_DIR = fileURLToPath(new URL('..', import.meta.url));
