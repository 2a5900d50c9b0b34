import type { Command } from '../../platform/ops';

/** staff:create and the other staff commands. */
export const STAFF_COMMANDS: Record<string, Command> = {};
