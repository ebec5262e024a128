// The palette with every domain's commands: a chunk of its own, loaded on first use or when the app is idle.
export const loadCommandPalette = () => import('./command-palette').then((module) => module.AppCommandPalette);
