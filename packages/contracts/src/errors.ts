import { z } from 'zod';

/** Every error reply: a message in the request's language, and per-field messages for validation errors. */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
