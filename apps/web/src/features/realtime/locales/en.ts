import type { pt } from './pt';

export const en: typeof pt = {
  wallet: { depositApproved: 'Deposit of {amount} confirmed!' },
  push: {
    title: 'Turn on notifications',
    text: 'Get deposit, bonus and promotion alerts even with the site closed.',
    enable: 'Turn on',
    later: 'Not now',
    success: 'Notifications turned on!',
    errors: {
      unsupported: 'Your browser does not support push notifications.',
      permission: 'Could not get permission for notifications.',
      subscribe: 'Error subscribing to push notifications.',
      worker: 'The notification service did not answer in time. Please try again.',
    },
  },
  install: {
    title: 'Install the {name} app',
    text: 'Quick access from your home screen, full screen and with notifications.',
    button: 'Install app',
    installed: 'The app is already installed on this device.',
    done: 'Done! The app was installed.',
    dismissed: 'Installation cancelled. You can try again whenever you like.',
    manual:
      'Your browser did not offer automatic installation. In the browser menu, choose "Install app" or "Add to Home screen".',
    iosLink: 'On iPhone or iPad? See how to install',
    benefits: ['Opens right from your home screen', 'Faster and full screen', 'Bonus and deposit alerts'],
    back: 'Back to home',
  },
  ios: {
    title: 'Install on iPhone',
    intro: 'In Safari, follow these steps:',
    steps: [
      'Tap the Share button (the square with an arrow pointing up) in the Safari bar.',
      'Scroll the options and tap "Add to Home Screen".',
      'Confirm with "Add". The app appears on your home screen.',
    ],
    safari: 'Open this site in Safari: other iPhone browsers cannot install apps.',
  },
};
