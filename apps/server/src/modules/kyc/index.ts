/** KYC: the player's identity documents (upload, status, cancel) and the operator's review. */

export {
  documentStorage,
  findReviewDocument,
  listReviewDocuments,
  type ReviewDocument,
  readDocumentFile,
} from './review';
export { kycRoutes } from './routes';
export {
  DOCUMENT_TYPES,
  type DocumentApprovedHook,
  type DocumentType,
  isVerified,
  onDocumentApproved,
  REQUIRED_DOCUMENTS,
  reviewDocument,
} from './service';
