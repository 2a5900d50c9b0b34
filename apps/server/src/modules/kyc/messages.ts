/** Every player-facing KYC message, pt-BR and en. */
export const KMSG = {
  required: { pt: 'Este campo é obrigatório.', en: 'This field is required.' },
  idInvalid: { pt: 'Identificador inválido.', en: 'Invalid id.' },
  docType: {
    pt: 'Tipo de documento inválido. Use id_front, id_back, selfie ou proof_of_address.',
    en: 'Invalid document type. Use id_front, id_back, selfie or proof_of_address.',
  },
  docFile: {
    pt: 'O arquivo deve ser uma imagem jpg, png ou webp, ou um PDF.',
    en: 'The file must be a jpg, png or webp image, or a PDF.',
  },
  docSize: { pt: 'O arquivo deve ter no máximo 10 MB.', en: 'The file must be at most 10 MB.' },
  docApproved: {
    pt: 'Este documento já foi aprovado.',
    en: 'This document has already been approved.',
  },
  docNotFound: { pt: 'Documento não encontrado.', en: 'Document not found.' },
  docNotPending: {
    pt: 'Este documento não está mais em análise: outra decisão já foi tomada.',
    en: 'This document is no longer under review: a decision was already made.',
  },
  fileMissing: { pt: 'O arquivo deste documento não foi encontrado.', en: 'This document’s file was not found.' },
  docNotCancellable: {
    pt: 'Só documentos em análise podem ser cancelados.',
    en: 'Only documents under review can be cancelled.',
  },
} as const;
