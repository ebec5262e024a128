declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    /** A LevelDB folder; in memory without one. */
    path?: string | undefined;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
  }

  export default function dynalite(options?: DynaliteOptions): Server;
}
