// A deployed site must never name this machine: a value meant for development (a .env.local) refused by name.

/** Free text, never an address: a product may well be called "Localhost Monitor". */
const TEXT_VARIABLES = new Set(['VITE_APP_NAME', 'VITE_APP_SHORT_NAME', 'VITE_ENV_NAME']);

/** `localhost` and its subdomains, 127.0.0.0/8 and ::1, as the URL parser spells them (0x7f.1 is 127.0.0.1). */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127\.\d+\.\d+\.\d+$/.test(host)) return true;
  if (host === '[::1]') return true;
  const high = /^\[::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}\]$/.exec(host)?.[1];
  return high !== undefined && parseInt(high, 16) >> 8 === 127;
}

function hostOf(token: string): string | null {
  for (const candidate of [token, `http://${token.replace(/^\/+/, '')}`]) {
    try {
      const { hostname } = new URL(candidate);
      if (hostname) return hostname;
    } catch {
      // not a URL this way: the next one
    }
  }
  return null;
}

/** The VITE_* variables whose value holds a loopback host anywhere: a URL, a list of origins, a host with a port. */
function loopbackVariables(env: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(env)
    .filter(([name]) => name.startsWith('VITE_') && !TEXT_VARIABLES.has(name))
    .filter(([, value = '']) =>
      value
        .split(/[\s,;]+/)
        .filter(Boolean)
        .some((token) => {
          const host = hostOf(token);
          return host !== null && isLoopbackHost(host);
        }),
    )
    .map(([name]) => name)
    .sort();
}

export function refuseLoopbackValues(env: Readonly<Record<string, string | undefined>>): void {
  const names = loopbackVariables(env);
  if (names.length === 0) return;
  throw new Error(
    `${names.join(', ')} ${names.length > 1 ? 'name' : 'names'} a loopback address (localhost, 127.x or [::1]): ` +
      'the deployed site would call this machine. The value comes from the environment or a .env file; ' +
      'production builds read .env.local too: keep development values in .env.development.local, or unset ' +
      `${names.length > 1 ? 'them' : 'it'} for infra:synth and infra:deploy.`,
  );
}
