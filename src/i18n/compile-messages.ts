import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Messages } from './load-messages';

/** A plural stays text (see compileMessages). */
export type CompiledMessages = Record<string, MessageFormatElement[] | string>;

// Text (an apostrophe quotes only before ' { } < >) and `{name}` arguments, or such text around one plural whose
// choices are plain text with `#` for the number (`Delete {n, plural, one {# book} other {# books}}?`); the rest
// needs the ICU parser. Only data pages, which load later, say a plural: they compile it (compile-plural.ts).
const TEXT = String.raw`(?:[^{}<>']|'(?![{}<>']))*`;
const SIMPLE = new RegExp(String.raw`^${TEXT}(?:\{\s*[\p{L}\p{N}_$-]+\s*\}${TEXT})*$`, 'u');
export const PLURAL = new RegExp(
  String.raw`^(${TEXT})\{\s*([\w$-]+)\s*,\s*plural\s*,((?:\s*[\w=]+\s*\{[^{}<>'#]*(?:#[^{}<>'#]*)*\})+)\s*\}(${TEXT})$`,
  'u',
);
const LITERAL = 0;
const ARGUMENT = 1;

export function compileSimple(text: string): MessageFormatElement[] {
  const parts = text.split(/\{\s*([^{}\s]+)\s*\}/);
  return parts.flatMap((value, index): MessageFormatElement[] =>
    index % 2 === 1 ? [{ type: ARGUMENT, value }] : value ? [{ type: LITERAL, value }] : [],
  );
}

export async function compileMessages(messages: Messages): Promise<CompiledMessages> {
  const texts = Object.entries(messages);
  const rich = texts.filter(([, text]) => !SIMPLE.test(text) && !PLURAL.test(text));
  const parser = rich.length > 0 ? await import('@formatjs/icu-messageformat-parser') : null;
  return Object.fromEntries(
    texts.map(([id, text]) => [
      id,
      SIMPLE.test(text) ? compileSimple(text) : parser && !PLURAL.test(text) ? parser.parse(text) : text,
    ]),
  );
}
