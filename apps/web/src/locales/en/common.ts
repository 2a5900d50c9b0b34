import type pt from '../pt/common';

export default {
  languages: { pt: 'Português', en: 'English' },
  close: 'Close',
  loading: 'Loading...',
  retry: 'Try again',
  previous: 'Previous',
  next: 'Next',
} satisfies typeof pt;
