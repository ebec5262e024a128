export const REDACTED = '[redacted]';

const MAX_LAYERS = 8;

// Only what a matcher needs: HTML names every ASCII punctuation mark, letters and digits have no names worth decoding.
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  tab: '\t',
  newline: ' ',
  excl: '!',
  num: '#',
  dollar: '$',
  percnt: '%',
  lpar: '(',
  rpar: ')',
  ast: '*',
  midast: '*',
  plus: '+',
  comma: ',',
  period: '.',
  sol: '/',
  colon: ':',
  semi: ';',
  equals: '=',
  quest: '?',
  commat: '@',
  lsqb: '[',
  lbrack: '[',
  bsol: '\\',
  rsqb: ']',
  rbrack: ']',
  hat: '^',
  lowbar: '_',
  underbar: '_',
  grave: '`',
  lcub: '{',
  lbrace: '{',
  verbar: '|',
  vert: '|',
  rcub: '}',
  rbrace: '}',
};
const LEGACY_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos', 'nbsp']);

const ENTITY = /&(?:#0*(\d{1,7});?|#[xX]0*([\da-fA-F]{1,6});?|([A-Za-z][A-Za-z\d]{1,31})(;?))/g;
const ESCAPE = /\\(?:u\{0*([\da-fA-F]{1,6})\}|u([\da-fA-F]{4})|x([\da-fA-F]{2})|([\\/"'`])|([nrt]))/g;
const PERCENT_RUN = /(?:%[\da-fA-F]{2})+/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const INVISIBLE = /\p{Cf}/gu;
// A line break that was encoded stays inside its line: a query's rest-of-line cut must still reach past it.
const CONTROL_ESCAPES: Readonly<Record<string, string>> = { n: ' ', r: ' ', t: '\t' };
const LINE_BREAK = /[\n\r\u2028\u2029]/g;

function codePoint(value: number): string {
  if (!(value > 0 && value <= 0x10ffff) || (value >= 0xd800 && value <= 0xdfff)) return REDACTED;
  return String.fromCodePoint(value).replace(LINE_BREAK, ' ');
}

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, decimal?: string, hex?: string, name = '', semicolon?: string) => {
    if (decimal) return codePoint(Number(decimal));
    if (hex) return codePoint(parseInt(hex, 16));
    const key = name.toLowerCase();
    const known = NAMED_ENTITIES[key];
    return known !== undefined && (semicolon || LEGACY_ENTITIES.has(key)) ? known : whole;
  });
}

function decodeEscapes(text: string): string {
  return text.replace(
    ESCAPE,
    (_whole, braced?: string, unicode?: string, byte?: string, literal?: string, control = 't') => {
      if (braced) return codePoint(parseInt(braced, 16));
      if (unicode) return String.fromCharCode(parseInt(unicode, 16)).replace(LINE_BREAK, ' ');
      if (byte) return String.fromCharCode(parseInt(byte, 16)).replace(LINE_BREAK, ' ');
      return literal ?? CONTROL_ESCAPES[control] ?? '';
    },
  );
}

function decodePercent(text: string): string {
  return text.replace(PERCENT_RUN, (run) => {
    try {
      return decodeURIComponent(run).replace(LINE_BREAK, ' ');
    } catch {
      return REDACTED;
    }
  });
}

function decodeOnce(text: string): string {
  return decodePercent(decodeEscapes(decodeEntities(text)))
    .replace(LONE_SURROGATE, REDACTED)
    .normalize('NFKC')
    .replace(INVISIBLE, '');
}

// One layer at a time (`%2540` → `%40` → `@`); null when it still changes after MAX_LAYERS: that is not sent.
export function decodeLayers(text: string, eachLayer: (text: string) => string = (same) => same): string | null {
  let current = eachLayer(text);
  for (let layer = 0; layer < MAX_LAYERS; layer++) {
    const next = eachLayer(decodeOnce(current));
    if (next === current) return current;
    current = next;
  }
  return null;
}

const PRINTABLE = /^(?:[^\p{C}]|[\t\n\r])+$/u;

export function base64Text(run: string): string | null {
  const standard = run.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (standard.length % 4 === 1) return null;
  try {
    const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
    return PRINTABLE.test(text) ? text : null;
  } catch {
    return null;
  }
}
