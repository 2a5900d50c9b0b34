import { z } from 'zod';
import { localized } from '../http';

/**
 * Parts every back-office call shares: keyset cursors and page sizes, the platform staff's tenant filter, dates,
 * ids and a staff member's written reason. A list's `next_cursor` is passed back as `cursor` for the next page.
 */

const cursorMessage = localized({
  pt: 'Cursor de página inválido: use o next_cursor da página anterior.',
  en: 'Invalid page cursor: use the previous page’s next_cursor.',
});
const dateMessage = localized({
  pt: 'Data inválida: use AAAA-MM-DD ou uma data e hora ISO 8601.',
  en: 'Invalid date: use YYYY-MM-DD or an ISO 8601 date and time.',
});
const reasonMessage = localized({
  pt: 'Informe o motivo (até 500 caracteres).',
  en: 'Give the reason (up to 500 characters).',
});

export const Cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: cursorMessage })
  .describe('The next_cursor of the previous page.');
export const Limit = z.coerce.number().int().min(1).max(100).default(50).describe('Rows per page (1-100, default 50).');
export const TenantFilter = z.coerce
  .number()
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER)
  .optional()
  .describe('Platform staff: one tenant only (absent: every tenant). Tenant staff see their own tenant anyway.');
export const When = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, { error: dateMessage })
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: dateMessage });
export const AdminIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** A staff member's written reason for an act (a rejection, an adjustment, a block): kept in the audit log. */
export const Reason = z
  .string({ error: reasonMessage })
  .trim()
  .min(1, { error: reasonMessage })
  .max(500, { error: reasonMessage });
