import type { Command } from '../../../platform/ops';

export const FEED_COMMANDS: Record<string, Command> = {};
