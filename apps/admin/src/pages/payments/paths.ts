import { CursorPages } from '../../lib/cursor-pages';

/** The payments section's calls. */
export const PAYMENT_PATHS = {
  deposits: '/api/admin/deposits',
  deposit: (id: number) => `/api/admin/deposits/${id}`,
  refund: (id: number) => `/api/admin/deposits/${id}/refund`,
  kyc: '/api/admin/kyc',
  kycDocument: (id: number) => `/api/admin/kyc/${id}`,
  kycFile: (id: number) => `/api/admin/kyc/${id}/file`,
  kycDecision: (id: number, act: 'approve' | 'reject') => `/api/admin/kyc/${id}/${act}`,
} as const;

/** The cursors behind the section's page numbers (see lib/cursor-pages). */
export const paymentPages = new CursorPages();

/** After a refund or a decision changes what a list holds. */
export function forgetPaymentPages() {
  paymentPages.clear();
}
