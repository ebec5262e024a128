import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { compileSimple, PLURAL } from './compile-messages';

const PLURAL_ELEMENT = 6;
const POUND_ELEMENT = 7;

/** @internal A text compileMessages left as it is (plain text around one plural), as the ICU parser compiles it. */
export function compilePlural(text: string): MessageFormatElement[] {
  const [, before = '', value = '', choices = '', after = ''] = PLURAL.exec(text) ?? [];
  const options: Record<string, { value: MessageFormatElement[] }> = {};
  for (const [, key = '', choice = ''] of choices.matchAll(/([\w=]+)\s*\{([^{}]*)\}/g)) {
    options[key] = {
      value: choice
        .split('#')
        .flatMap((part, index) => [
          ...(index ? [{ type: POUND_ELEMENT }] : []),
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
