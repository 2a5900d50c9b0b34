/** Betby's sportsbook widget, in English. */
export default {
  loading: 'Loading the sportsbook...',
  unavailable: {
    title: 'Sportsbook unavailable',
    text: 'We could not load the sportsbook right now. Check your connection and try again.',
    retry: 'Try again',
  },
  widgets: {
    title: 'Betting',
  },
};
