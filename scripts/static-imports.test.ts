// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { staticImports } from './static-imports.mjs';

describe('staticImports', () => {
  it("lists a minified chunk's leading imports, bare and named", () => {
    const code =
      'import{dt as e,ut as t}from"./index-CQ.js";import"./side-effect.js";import*as m from"./all.js";' +
      'import d from "./default.js"\nvar r=e(()=>import("./lazy.js"));const s=`import"./in-a-string.js"`;';
    expect(staticImports(code)).toEqual(['./index-CQ.js', './side-effect.js', './all.js', './default.js']);
  });

  it('reads past a leading comment, and finds nothing in a chunk that imports nothing', () => {
    expect(staticImports('/*! licence */\n// note\nimport{a}from"./a.js";')).toEqual(['./a.js']);
    expect(staticImports('var a=import("./lazy.js");')).toEqual([]);
  });
});
