// Words shared across the site (namespace `common`).
export default {
  languages: { pt: 'Português', en: 'English' },
  close: 'Fechar',
  loading: 'Carregando...',
  retry: 'Tentar novamente',
  previous: 'Anterior',
  next: 'Próximo',
};
