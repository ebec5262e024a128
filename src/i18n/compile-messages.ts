import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Messages } from './load-messages';

export type CompiledMessages = Record<string, MessageFormatElement[]>;

// Text (an apostrophe quotes only before ' { } < >) and `{name}` arguments; the rest needs the ICU parser.
const TEXT = String.raw`(?:[^{}<>']|'(?![{}<>']))*`;
const SIMPLE = new RegExp(String.raw`^${TEXT}(?:\{\s*[\p{L}\p{N}_$-]+\s*\}${TEXT})*$`, 'u');
const LITERAL = 0;
const ARGUMENT = 1;

function compileSimple(text: string): MessageFormatElement[] {
  const parts = text.split(/\{\s*([^{}\s]+)\s*\}/);
  return parts.flatMap((value, index): MessageFormatElement[] =>
    index % 2 === 1 ? [{ type: ARGUMENT, value }] : value ? [{ type: LITERAL, value }] : [],
  );
}

export async function compileMessages(messages: Messages): Promise<CompiledMessages> {
  const texts = Object.entries(messages);
  const simple = texts.map(([, text]) => SIMPLE.test(text));
  const parser = simple.every(Boolean) ? null : await import('@formatjs/icu-messageformat-parser');
  return Object.fromEntries(
    texts.map(([id, text], index) => [id, parser && !simple[index] ? parser.parse(text) : compileSimple(text)]),
  );
}
