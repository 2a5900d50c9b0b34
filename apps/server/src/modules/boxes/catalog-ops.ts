import type { Command } from '../../platform/ops';

/** box:create|publish|list|retire. */
export const CATALOG_COMMANDS: Record<string, Command> = {};
