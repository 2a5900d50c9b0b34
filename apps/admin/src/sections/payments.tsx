import { FileSearchOutlined, IdcardOutlined } from '@ant-design/icons';
import { Route } from 'react-router';
import { cursorList } from '../lib/cursor-pages';
import { navLabel } from '../lib/messages';
import { DepositShowPage } from '../pages/payments/deposit-show';
import { DepositsPage } from '../pages/payments/deposits';
import { KycQueuePage } from '../pages/payments/kyc';
import { KycReviewPage } from '../pages/payments/kyc-review';
import { PAYMENT_PATHS, paymentPages } from '../pages/payments/paths';
import type { ConsoleSection } from './types';

const pt = {
  payments: {
    player: 'Jogador',
    amount: 'Valor',
    status: 'Situação',
    all: 'Todos',
    open: 'Abrir',
    period: 'Período',
    from: 'De',
    to: 'Até',
    searchButton: 'Buscar',
    clear: 'Limpar',
    nav: { deposits: 'Depósitos', kyc: 'Documentos' },
    withdrawals: {
      approvals: 'Aprovações',
      one: 'Uma basta',
      needsTwo: 'Precisa de duas',
      oneOfTwo: '1 de 2',
      firstRecorded: 'Primeira aprovação registrada: outra pessoa deve aprovar para liberar o saque.',
    },
    deposits: {
      title: 'Depósitos',
      search: 'Busca',
      searchHint: 'id do jogador, 150,00, txid ou E2E',
      created: 'Criado em',
      paid: 'Pago em',
      payer: 'CPF do pagador',
      e2e: 'Id fim a fim (E2E)',
      detail: 'Depósito #{{id}}',
      empty: 'Nenhum depósito encontrado.',
      statuses: {
        waiting_payment: 'Aguardando pagamento',
        paid: 'Pago',
        pending: 'Pendente',
        refused: 'Recusado',
        refunded: 'Devolvido',
        chargebacked: 'Estornado',
        expired: 'Expirado',
      },
    },
    refund: {
      button: 'Devolver ao pagador',
      retry: 'Tentar a devolução de novo',
      title: 'Devolver {{amount}} ao pagador',
      explain:
        'O valor sai do saldo do jogador e volta por PIX para a conta que pagou. Se o saldo não cobrir mais o valor, a devolução é recusada.',
      reason: 'Motivo da devolução',
      by: 'Devolvido por',
      auto: 'Automaticamente (pagador de outro CPF)',
      thirdParty: 'Pagamento de CPF diferente do titular',
      confirmed: 'Confirmado pelo PSP',
      done: 'Devolução feita e confirmada pelo PSP.',
      pending: 'O saldo foi debitado, mas o PSP ainda não confirmou a devolução: tente de novo.',
    },
    kyc: {
      title: 'Documentos em análise',
      type: 'Documento',
      sent: 'Enviado em',
      review: 'Analisar',
      reviewTitle: 'Documentos de {{player}} (#{{id}})',
      backToQueue: 'Voltar à fila',
      approve: 'Aprovar',
      reject: 'Recusar',
      approved: 'Documento aprovado. O jogador foi avisado.',
      rejected: 'Documento recusado. O jogador foi avisado.',
      rejectTitle: 'Recusar: {{type}}',
      rejectReason: 'Motivo (o jogador verá este texto)',
      openPdf: 'Abrir o PDF',
      hint: 'Como conferir',
      hintText: 'Compare o nome, a data de nascimento e o rosto da selfie com a foto do documento.',
      empty: 'Nenhum documento nesta fila.',
      types: {
        id_front: 'Documento (frente)',
        id_back: 'Documento (verso)',
        selfie: 'Selfie',
        proof_of_address: 'Comprovante de endereço',
      },
      statuses: { pending: 'Em análise', approved: 'Aprovado', rejected: 'Recusado', cancelled: 'Cancelado' },
    },
  },
};

const en: typeof pt = {
  payments: {
    player: 'Player',
    amount: 'Amount',
    status: 'Status',
    all: 'All',
    open: 'Open',
    period: 'Period',
    from: 'From',
    to: 'To',
    searchButton: 'Search',
    clear: 'Clear',
    nav: { deposits: 'Deposits', kyc: 'Documents' },
    withdrawals: {
      approvals: 'Approvals',
      one: 'One is enough',
      needsTwo: 'Needs two',
      oneOfTwo: '1 of 2',
      firstRecorded: 'First approval recorded: someone else must approve to release the withdrawal.',
    },
    deposits: {
      title: 'Deposits',
      search: 'Search',
      searchHint: 'player id, 150.00, txid or E2E',
      created: 'Created',
      paid: 'Paid',
      payer: 'Payer’s CPF',
      e2e: 'End-to-end id (E2E)',
      detail: 'Deposit #{{id}}',
      empty: 'No deposit found.',
      statuses: {
        waiting_payment: 'Waiting for payment',
        paid: 'Paid',
        pending: 'Pending',
        refused: 'Refused',
        refunded: 'Refunded',
        chargebacked: 'Charged back',
        expired: 'Expired',
      },
    },
    refund: {
      button: 'Refund to the payer',
      retry: 'Retry the refund',
      title: 'Refund {{amount}} to the payer',
      explain:
        'The amount leaves the player’s balance and goes back by PIX to the account that paid. If the balance no longer covers it, the refund is refused.',
      reason: 'Reason for the refund',
      by: 'Refunded by',
      auto: 'Automatically (payer with another CPF)',
      thirdParty: 'Paid from a CPF other than the account holder’s',
      confirmed: 'Confirmed by the PSP',
      done: 'Refunded and confirmed by the PSP.',
      pending: 'The balance was debited but the PSP has not confirmed the refund yet: try again.',
    },
    kyc: {
      title: 'Documents under review',
      type: 'Document',
      sent: 'Sent',
      review: 'Review',
      reviewTitle: 'Documents of {{player}} (#{{id}})',
      backToQueue: 'Back to the queue',
      approve: 'Approve',
      reject: 'Reject',
      approved: 'Document approved. The player was told.',
      rejected: 'Document rejected. The player was told.',
      rejectTitle: 'Reject: {{type}}',
      rejectReason: 'Reason (the player will see this text)',
      openPdf: 'Open the PDF',
      hint: 'How to check',
      hintText: 'Compare the name, date of birth and the selfie’s face with the document’s photo.',
      empty: 'No document in this queue.',
      types: {
        id_front: 'ID (front)',
        id_back: 'ID (back)',
        selfie: 'Selfie',
        proof_of_address: 'Proof of address',
      },
      statuses: { pending: 'Under review', approved: 'Approved', rejected: 'Rejected', cancelled: 'Cancelled' },
    },
  },
};

/** The payments section of the console: deposits (search, detail, refund) and the KYC review, under Payments. */
export const paymentsSection: ConsoleSection = {
  resources: [
    {
      name: 'deposits',
      list: '/payments/deposits',
      show: '/payments/deposits/:id',
      meta: Object.assign(navLabel('payments.nav.deposits'), { parent: 'payments', icon: <FileSearchOutlined /> }),
    },
    {
      name: 'kyc',
      list: '/payments/kyc',
      show: '/payments/kyc/:id',
      meta: Object.assign(navLabel('payments.nav.kyc'), { parent: 'payments', icon: <IdcardOutlined /> }),
    },
  ],
  routes: (
    <>
      <Route path="/payments/deposits" element={<DepositsPage />} />
      <Route path="/payments/deposits/:id" element={<DepositShowPage />} />
      <Route path="/payments/kyc" element={<KycQueuePage />} />
      <Route path="/payments/kyc/:id" element={<KycReviewPage />} />
    </>
  ),
  // The Payments group holds the KYC queue too: shown to every role that reads documents (the kyc role included).
  subjects: { payments: 'Kyc', deposits: 'Deposit', kyc: 'Kyc' },
  messages: { 'pt-BR': pt, en },
  lists: {
    deposits: cursorList(paymentPages, PAYMENT_PATHS.deposits, ['q', 'status', 'from', 'to']),
    kyc: cursorList(paymentPages, PAYMENT_PATHS.kyc, ['status', 'type']),
  },
};
