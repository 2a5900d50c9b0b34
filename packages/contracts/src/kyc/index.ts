import { z } from 'zod';
import { fieldRulesForm, rules as r, textOf } from '../forms';
import { checkedByHandler, NumericId, replies, reply } from '../http';

/** KYC document calls: upload (multipart), the player's verification state, cancel a document under review. */
const Time = z.string().describe('ISO 8601 timestamp.');

export const DOCUMENT_TYPES = ['id_front', 'id_back', 'selfie', 'proof_of_address'] as const;
export const DocumentType = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof DocumentType>;

export const KycDocument = reply({
  id: z.number().int().positive(),
  type: DocumentType,
  status: z.enum(['pending', 'approved', 'rejected', 'cancelled']),
  reject_reason: z.string().nullable(),
  created_at: Time,
  reviewed_at: Time.nullable(),
});
export type KycDocument = z.infer<typeof KycDocument>;

export const DocumentReply = reply({ status: z.literal(true), document: KycDocument });
export type DocumentReply = z.infer<typeof DocumentReply>;

export const DocumentStatusReply = reply({
  status: z.enum(['none', 'pending', 'approved', 'rejected']).describe('Of the required documents as a whole.'),
  verified: z.boolean().describe('Every required document approved: what releases a withdrawal.'),
  required: z.array(DocumentType),
  documents: z.array(KycDocument).describe('The latest document of each type (cancelled ones left out).'),
});
export type DocumentStatusReply = z.infer<typeof DocumentStatusReply>;

export const kycCalls = {
  /**
   * POST /api/documents/upload: multipart, read as a stream (a file over 10 MB stops there: 413). The handler
   * checks the fields in the spec's words and the file by its first bytes.
   */
  upload: {
    consumes: ['multipart/form-data'],
    // A stream read part by part (the file is never buffered whole before its size is known): no parsed body exists
    // before the handler.
    body: checkedByHandler(
      z.object({
        type: DocumentType,
        document: z.string().meta({ format: 'binary' }).describe('jpg, png, webp or pdf (by content), at most 10 MB.'),
      }),
    ),
    response: replies({ 200: DocumentReply }),
  },
  /** GET /api/documents/status */
  status: { response: replies({ 200: DocumentStatusReply }) },
  /** POST /api/documents/cancel/:id: only a pending document of the player (another's is 404). */
  cancel: {
    params: fieldRulesForm(z.object({ id: NumericId }), { id: [r.present, r.id] }, (p) => ({
      id: Number(textOf(p.id)),
    })),
    response: replies({ 200: DocumentReply }),
  },
};
