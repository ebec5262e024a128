// react-intl gets its messages compiled (src/i18n/compile-messages.ts): its ICU parser stays out of the client build.
const PARSER = '@formatjs/icu-messageformat-parser';
const FORMATTERS = /[\\/]node_modules[\\/](?:intl-messageformat|@formatjs[\\/]intl|react-intl)[\\/]/;

/** @returns {import('vite').Plugin} */
export function messageParserPlugin() {
  return {
    name: 'snxt-message-parser',
    enforce: 'pre',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    resolveId(source, importer, options) {
      if (source !== PARSER || !importer || !FORMATTERS.test(importer)) return null;
      return this.resolve(`${PARSER}/no-parser.js`, importer, { ...options, skipSelf: true });
    },
  };
}
