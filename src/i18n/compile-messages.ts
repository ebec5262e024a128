import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Messages } from './load-messages';

export type CompiledMessages = Record<string, MessageFormatElement[]>;

// Text and `{name}` arguments only: no plural, select, tag or quoting, which need the full ICU parser.
const SIMPLE = /^[^{}<>']*(?:\{\s*[\p{L}\p{N}_$-]+\s*\}[^{}<>']*)*$/u;
const LITERAL = 0;
const ARGUMENT = 1;

function compileSimple(text: string): MessageFormatElement[] {
  const parts = text.split(/\{\s*([^{}\s]+)\s*\}/);
  return parts.flatMap((value, index): MessageFormatElement[] =>
    index % 2 === 1 ? [{ type: ARGUMENT, value }] : value ? [{ type: LITERAL, value }] : [],
  );
}

/** As the ICU parser reads them; it is loaded only for a message that needs it (build/message-parser.mjs). */
export async function compileMessages(messages: Messages): Promise<CompiledMessages> {
  const texts = Object.entries(messages);
  const parser = texts.every(([, text]) => SIMPLE.test(text))
    ? null
    : await import('@formatjs/icu-messageformat-parser');
  return Object.fromEntries(
    texts.map(([id, text]) => [id, parser && !SIMPLE.test(text) ? parser.parse(text) : compileSimple(text)]),
  );
}
