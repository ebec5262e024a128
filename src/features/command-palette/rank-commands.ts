import { defaultFilter } from 'cmdk';
import { COMMAND_GROUPS, type Command, type CommandGroup } from './commands';

// command-score finds scattered letters too ("zzzz" in "Brazilian"): weaker than this is noise, not a match.
const WEAKEST_MATCH = 0.05;

export interface RankedGroup {
  group: CommandGroup;
  commands: Command[];
}

function score(words: string, search: string): number {
  const wanted = search.trim().toLowerCase();
  const wholeWord =
    wanted !== '' &&
    words
      .toLowerCase()
      .split(/[\s,]+/)
      .includes(wanted);
  return wholeWord ? 1 : defaultFilter(words, search);
}

/** What the search finds (all without one) by group, best first (a whole word, "de", before "Default"); groups too. */
export function rankCommands(
  commands: readonly Command[],
  search: string,
  wordsOf: (command: Command) => string,
): RankedGroup[] {
  const scored = commands
    .map((command) => ({ command, score: search ? score(wordsOf(command), search) : 1 }))
    .filter(({ score: found }) => found >= WEAKEST_MATCH);
  return COMMAND_GROUPS.map((group) => {
    const found = scored.filter(({ command }) => command.group === group).sort((a, b) => b.score - a.score);
    return { group, best: found[0]?.score ?? 0, commands: found.map(({ command }) => command) };
  })
    .filter(({ best }) => best > 0)
    .sort((a, b) => b.best - a.best)
    .map(({ group, commands: found }) => ({ group, commands: found }));
}
