// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { importedPackages, namesPackage, packageOf, packagesOnlyIn } from './packages.mjs';

describe('packageOf', () => {
  it.each([
    ['zod', 'zod'],
    ['react-dom/client', 'react-dom'],
    ['@tanstack/react-query', '@tanstack/react-query'],
    ['@radix-ui/react-alert-dialog/dist/index.js', '@radix-ui/react-alert-dialog'],
    ['./books-api', null],
    ['../../lib/http', null],
    ['/abs/path', null],
    ['node:fs', null],
    ['fs', null],
    ['virtual:pwa-register', null],
    ['@scope', null],
  ])('%s → %s', (specifier, name) => {
    expect(packageOf(specifier)).toBe(name);
  });
});

describe('importedPackages', () => {
  it('finds imports, type imports, re-exports, side-effect imports, dynamic imports and requires', () => {
    const source = [
      "import { z } from 'zod';",
      'import type { QueryClient } from "@tanstack/react-query";',
      "export { a } from './a';",
      "import 'react-hook-form';",
      "const lazy = () => import('@radix-ui/react-alert-dialog');",
      "const fs = require('node:fs');",
      "const x = require ( 'cjs-thing/sub' );",
      "import { http } from '../../lib/http';",
    ].join('\n');
    expect([...importedPackages(source)].sort()).toEqual([
      '@radix-ui/react-alert-dialog',
      '@tanstack/react-query',
      'cjs-thing',
      'react-hook-form',
      'zod',
    ]);
  });
});

describe('namesPackage', () => {
  it('matches the name as a quoted specifier or a subpath of it, not a longer name or a word in prose', () => {
    expect(namesPackage("import { z } from 'zod';", 'zod')).toBe(true);
    expect(namesPackage('import "react-dom/client"', 'react-dom')).toBe(true);
    expect(namesPackage("import 'zod-extra';", 'zod')).toBe(false);
    expect(namesPackage("import 'react-dom';", 'react')).toBe(false);
    expect(namesPackage('the form takes a zod schema', 'zod')).toBe(false);
    expect(namesPackage("import 'a.b';", 'a-b')).toBe(false);
  });
});

describe('packagesOnlyIn', () => {
  const manifest = {
    dependencies: { react: '^19', zod: '^4', 'react-hook-form': '^7' },
    devDependencies: { vitest: '^4' },
  };

  it('gives the dependencies the removed code imported that nothing left names, sorted', () => {
    const removed = [
      "import { z } from 'zod';\nimport { useForm } from 'react-hook-form';\nimport { it } from 'vitest';",
      "import { useState } from 'react';\nimport { v4 } from 'uuid';",
    ];
    const remaining = ["import { useState } from 'react';", "import { it } from 'vitest';"];
    expect(packagesOnlyIn(removed, remaining, manifest)).toEqual(['react-hook-form', 'zod']);
  });

  it('keeps a package any remaining text still names, a config included', () => {
    const removed = ["import { z } from 'zod';"];
    expect(packagesOnlyIn(removed, ["optimizeDeps: { include: ['zod'] }"], manifest)).toEqual([]);
    expect(packagesOnlyIn(removed, ["await import('zod/mini')"], manifest)).toEqual([]);
  });

  it('has nothing to remove when nothing was removed', () => {
    expect(packagesOnlyIn([], [], manifest)).toEqual([]);
  });
});
