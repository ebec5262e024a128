// The CSP requires Trusted Types: DOM sinks that can run code (innerHTML, script.src, …) take only
// values made by a policy whose name the CSP lists (src/config/trusted-types.mjs). TypeScript's
// DOM library has no declarations for the API yet; these are the parts the app uses.

declare const trusted: unique symbol;
/** A value a policy made. Sinks are typed as taking strings; `toSink` hands them this instead. */
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

/**
 * Creates the policy `name` when the browser has Trusted Types; null where it has not (sinks
 * take strings there). Call it once, at module level: a second policy of one name is refused.
 */
export function createPolicy(name: string, rules: PolicyRules): Policy | null {
  return (globalThis as TrustedTypesGlobal).trustedTypes?.createPolicy(name, rules) ?? null;
}

/** Passes a policy's value to a sink that DOM typings declare as taking a string. */
export const toSink = (value: Trusted<'HTML' | 'ScriptURL'> | string) => value as string;
