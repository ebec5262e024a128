import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Messages } from './load-messages';

export type CompiledMessages = Record<string, MessageFormatElement[]>;

// Text (an apostrophe quotes only before ' { } < >) and `{name}` arguments, or such text around one plural whose
// choices are plain text with `#` for the number (`Delete {n, plural, one {# book} other {# books}}?`); the rest
// needs the ICU parser.
const TEXT = String.raw`(?:[^{}<>']|'(?![{}<>']))*`;
const SIMPLE = new RegExp(String.raw`^${TEXT}(?:\{\s*[\p{L}\p{N}_$-]+\s*\}${TEXT})*$`, 'u');
const PLURAL = new RegExp(
  String.raw`^(${TEXT})\{\s*([\w$-]+)\s*,\s*plural\s*,((?:\s*[\w=]+\s*\{[^{}<>'#]*(?:#[^{}<>'#]*)*\})+)\s*\}(${TEXT})$`,
  'u',
);
const LITERAL = 0;
const ARGUMENT = 1;

function compileSimple(text: string): MessageFormatElement[] {
  const parts = text.split(/\{\s*([^{}\s]+)\s*\}/);
  return parts.flatMap((value, index): MessageFormatElement[] =>
    index % 2 === 1 ? [{ type: ARGUMENT, value }] : value ? [{ type: LITERAL, value }] : [],
  );
}

function compilePlural(text: string): MessageFormatElement[] {
  const [, before = '', value = '', choices = '', after = ''] = PLURAL.exec(text) ?? [];
  const options: Record<string, { value: MessageFormatElement[] }> = {};
  for (const [, key = '', choice = ''] of choices.matchAll(/([\w=]+)\s*\{([^{}]*)\}/g)) {
    // `#` is the number (the parser's pound element, type 7).
    options[key] = {
      value: choice
        .split('#')
        .flatMap((part, index) => [...(index ? [{ type: 7 }] : []), ...compileSimple(part)]) as MessageFormatElement[],
    };
  }
  return [
    ...compileSimple(before),
    { type: 6, value, options, offset: 0, pluralType: 'cardinal' },
    ...compileSimple(after),
  ];
}

export async function compileMessages(messages: Messages): Promise<CompiledMessages> {
  const texts = Object.entries(messages);
  const rich = texts.filter(([, text]) => !SIMPLE.test(text) && !PLURAL.test(text));
  const parser = rich.length > 0 ? await import('@formatjs/icu-messageformat-parser') : null;
  return Object.fromEntries(
    texts.map(([id, text]) => [
      id,
      SIMPLE.test(text) ? compileSimple(text) : parser && !PLURAL.test(text) ? parser.parse(text) : compilePlural(text),
    ]),
  );
}
