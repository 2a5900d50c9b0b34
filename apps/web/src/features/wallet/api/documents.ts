import type { DocumentReply, DocumentStatusReply, DocumentType, KycDocument } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';

export type DocType = DocumentType;
export type Doc = KycDocument;
export type DocStatus = DocumentStatusReply;

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
  return http.post<DocumentReply>('/documents/upload', form);
}

/** POST /documents/cancel/{id}. */
export const cancelDocument = (id: number) => http.post<DocumentReply>(`/documents/cancel/${id}`);
