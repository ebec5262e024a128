import { defaultFilter } from 'cmdk';
import { COMMAND_GROUPS, type Command, type CommandGroup } from './commands';

// command-score finds scattered letters too ("zzzz" in "Brazilian"): weaker than this is noise, not a match.
const WEAKEST_MATCH = 0.05;

export interface RankedGroup {
  group: CommandGroup;
  commands: Command[];
}

/** The commands the search finds (all without one), by group, best match first; a group ranks by its best. */
export function rankCommands(
  commands: readonly Command[],
  search: string,
  wordsOf: (command: Command) => string,
): RankedGroup[] {
  const scored = commands
    .map((command) => ({ command, score: search ? defaultFilter(wordsOf(command), search) : 1 }))
    .filter(({ score }) => score >= WEAKEST_MATCH);
  return COMMAND_GROUPS.map((group) => {
    const found = scored.filter(({ command }) => command.group === group).sort((a, b) => b.score - a.score);
    return { group, best: found[0]?.score ?? 0, commands: found.map(({ command }) => command) };
  })
    .filter(({ best }) => best > 0)
    .sort((a, b) => b.best - a.best)
    .map(({ group, commands: found }) => ({ group, commands: found }));
}
