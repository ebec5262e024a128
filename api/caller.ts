// Who calls: from the claims of the verified access token only, never from anything else the request carries.

export interface Caller {
  readonly sub: string;
  readonly groups: readonly string[];
}

/** Printable ASCII, as the subjects of Cognito (a UUID) and of common providers are. */
const SUBJECT = /^[\x21-\x7e]{1,255}$/;

const claimText = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** An array, or API Gateway's flattening of one (`"[snxt-editors other]"`); group names hold no spaces. */
function groupsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((group): group is string => typeof group === 'string');
  if (typeof value !== 'string') return [];
  return value
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/** Null unless an access token of one of `clientIds` (Cognito's name it in `client_id`, others may in `aud`). */
export function callerOf(claims: Readonly<Record<string, unknown>> | undefined, clientIds: readonly string[]) {
  if (!claims) return null;
  const sub = claimText(claims.sub);
  if (!sub || !SUBJECT.test(sub)) return null;
  const tokenUse = claimText(claims.token_use);
  if (tokenUse !== undefined && tokenUse !== 'access') return null;
  const client = claimText(claims.client_id) ?? claimText(claims.aud);
  if (!client || !clientIds.includes(client)) return null;
  return { sub, groups: groupsOf(claims['cognito:groups']) } satisfies Caller;
}
