// The CSP requires Trusted Types; TypeScript's DOM library has no declarations for them yet.

declare const trusted: unique symbol;
export type Trusted<Kind extends 'HTML' | 'ScriptURL'> = { readonly [trusted]: Kind };

export interface PolicyRules {
  createHTML?: (input: string) => string;
  createScriptURL?: (input: string) => string;
}

export interface Policy {
  createHTML(input: string): Trusted<'HTML'>;
  createScriptURL(input: string): Trusted<'ScriptURL'>;
}

interface TrustedTypesGlobal {
  trustedTypes?: { createPolicy(name: string, rules: PolicyRules): Policy };
}

/** Null without Trusted Types (sinks take strings there). Once, at module level: a second one of a name is refused. */
export function createPolicy(name: string, rules: PolicyRules): Policy | null {
  return (globalThis as TrustedTypesGlobal).trustedTypes?.createPolicy(name, rules) ?? null;
}

export const toSink = (value: Trusted<'HTML' | 'ScriptURL'> | string) => value as string;
