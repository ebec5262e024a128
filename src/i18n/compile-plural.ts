import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { compileSimple, PLURAL } from './compile-messages';

// The parser's element types: a plural, and `#` (its number) inside one.
const PLURAL_ELEMENT = 6;
const POUND = 7;

/** A text compileMessages left as it is: plain text around one plural, as the ICU parser would compile it. */
export function compilePlural(text: string): MessageFormatElement[] {
  const [, before = '', value = '', choices = '', after = ''] = PLURAL.exec(text) ?? [];
  const options: Record<string, { value: MessageFormatElement[] }> = {};
  for (const [, key = '', choice = ''] of choices.matchAll(/([\w=]+)\s*\{([^{}]*)\}/g)) {
    options[key] = {
      value: choice
        .split('#')
        .flatMap((part, index) => [
          ...(index ? [{ type: POUND }] : []),
          ...compileSimple(part),
        ]) as MessageFormatElement[],
    };
  }
  return [
    ...compileSimple(before),
    { type: PLURAL_ELEMENT, value, options, offset: 0, pluralType: 'cardinal' },
    ...compileSimple(after),
  ];
}

/** A compiled message with its values, a plural left as text compiled first. */
export function formatCompiled(
  locale: string,
  message: MessageFormatElement[] | string,
  values?: Record<string, string | number>,
): string {
  const compiled = typeof message === 'string' ? compilePlural(message) : message;
  return String(createIntl({ locale, messages: { message: compiled } }).formatMessage({ id: 'message' }, values));
}
