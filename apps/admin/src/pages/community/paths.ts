import { CursorPages } from '../../lib/cursor-pages';

/** The chat list's cursors behind refine's page numbers (cleared after a moderation act changes the list). */
export const chatPages = new CursorPages();
