import type { AnyRouter } from '@tanstack/react-router';
import type { Permission } from '../../config/permissions';

export const COMMAND_GROUPS = ['pages', 'theme', 'language', 'preferences', 'account', 'help'] as const;
export type CommandGroup = (typeof COMMAND_GROUPS)[number];

export interface Command {
  id: string;
  group: CommandGroup;
  /** A message id: shown in the active language, found by its English text too. */
  labelKey?: string;
  /** Message ids for the label's arguments ("{setting}: {option}"), each found by its English text too. */
  labelArgs?: Readonly<Record<string, string>>;
  /** Or a text shown as it is, in its own language (a language's name). */
  label?: { text: string; lang: string };
  /** More words it is found by, as they are (names, codes). */
  keywords?: readonly string[];
  keywordsKey?: string;
  current?: boolean;
  keyshortcuts?: string;
  /** Offered only to those who hold this permission. */
  requires?: Permission;
  run: () => void;
}

export interface CommandContext {
  router: AnyRouter;
}

export type CommandSource = (context: CommandContext) => readonly Command[];

/** Every source's commands by group, the first of each id, those that require a permission only if `may` grants it. */
export function collectCommands(
  sources: readonly CommandSource[],
  context: CommandContext,
  may: (permission: Permission) => boolean,
): Command[] {
  const seen = new Set<string>();
  return sources
    .flatMap((source) => source(context))
    .filter((command) => command.requires === undefined || may(command.requires))
    .filter((command) => !seen.has(command.id) && Boolean(seen.add(command.id)))
    .sort((a, b) => COMMAND_GROUPS.indexOf(a.group) - COMMAND_GROUPS.indexOf(b.group));
}
