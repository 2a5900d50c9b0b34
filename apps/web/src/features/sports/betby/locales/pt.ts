/** Betby's sportsbook widget, in Brazilian Portuguese (the default language). */
export default {
  loading: 'Carregando as apostas esportivas...',
  unavailable: {
    title: 'Apostas esportivas indisponíveis',
    text: 'Não foi possível carregar as apostas esportivas agora. Verifique sua conexão e tente de novo.',
    retry: 'Tentar de novo',
  },
  widgets: {
    title: 'Apostas',
  },
};
