import type { pt } from './pt';

export const en: typeof pt = {
  title: 'Global chat',
  online: '{count} online',
  today: 'Today',
  yesterday: 'Yesterday',
  placeholder: 'Write a message...',
  send: 'Send',
  empty: 'No messages yet. Say hello!',
  loginToChat: 'Log in to chat.',
  login: 'Log in',
  loadError: 'Could not load the chat.',
  retry: 'Try again',
  pinned: 'Pinned',
  mission: 'Mission',
  counter: '{used}/{max}',
  connecting: 'Connecting...',
  feed: {
    title: 'Live bets',
    empty: 'Bets show up here as soon as they happen.',
    bet: 'Bet',
    win: 'Win',
    multiplier: '{value}x',
    simulated: 'Demo',
  },
};
