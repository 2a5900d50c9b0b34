import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';

export type DocType = 'id_front' | 'id_back' | 'selfie' | 'proof_of_address';
export type Doc = {
  id: number;
  type: DocType;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
  reject_reason: string | null;
  created_at: string;
};
export type DocStatus = { status: 'none' | 'pending' | 'approved' | 'rejected'; verified: boolean; documents: Doc[] };

export const documentsQuery = queryOptions({
  queryKey: ['documents'],
  queryFn: ({ signal }) => http.get<DocStatus>('/documents/status', { signal }),
});

/** GET /documents/status. */
export const useDocuments = () => useQuery(documentsQuery);

/** POST /documents/upload (multipart: document, type). */
export function uploadDocument(type: DocType, file: File) {
  const form = new FormData();
  form.append('type', type);
  form.append('document', file);
  return http.post<{ status: true; document: Doc }>('/documents/upload', form);
}

/** POST /documents/cancel/{id}. */
export const cancelDocument = (id: number) => http.post<{ status: true }>(`/documents/cancel/${id}`);
