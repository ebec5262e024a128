// @vitest-environment node
// docs/architecture.md walks a theme change and a language change hop by hop: each hop's file exists and holds the
// symbol named, and each walk stays inside the settings domain and the shared folders.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const doc = readFileSync(`${root}docs/architecture.md`, 'utf8');
const SHARED = /^src\/(lib|i18n|components|config)\//;
const DOMAIN = /^src\/features\/settings\//;

interface Hop {
  file: string;
  symbol: string;
}

function walk(heading: string): Hop[] {
  const section = doc.split(/^## /m).find((part) => part.startsWith(heading)) ?? '';
  return [...section.matchAll(/^\|\s*\d+\s*\|\s*`([^`]+)`\s*\|\s*`([^`]+)`\s*\|/gm)].map(([, file, symbol]) => ({
    file: file!,
    symbol: symbol!,
  }));
}

describe.each(['A theme change, hop by hop', 'A language change, hop by hop'])('%s', (heading) => {
  const hops = walk(heading);

  it('has its hops written down', () => {
    expect(hops.length).toBeGreaterThanOrEqual(4);
  });

  it.each(hops.map((hop, index) => [index + 1, hop.file, hop.symbol]))('hop %i: %s holds %s', (_n, file, symbol) => {
    expect(existsSync(`${root}${file}`), `${file} exists`).toBe(true);
    expect(readFileSync(`${root}${file}`, 'utf8')).toMatch(new RegExp(`\\b${String(symbol)}\\b`));
  });

  it('stays inside the settings domain and the shared folders', () => {
    expect(hops.filter((hop) => !DOMAIN.test(hop.file) && !SHARED.test(hop.file))).toEqual([]);
  });
});
