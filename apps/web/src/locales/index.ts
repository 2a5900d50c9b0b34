import enApp from './en/app';
import enCommon from './en/common';
import enErrors from './en/error-messages';
import enSite from './en/site';
import enUi from './en/ui';
import ptApp from './pt/app';
import ptCommon from './pt/common';
import ptErrors from './pt/error-messages';
import ptSite from './pt/site';
import ptUi from './pt/ui';

/** Every message of the site, by locale and namespace. Keys are dotted paths: `app.header.login`. */
export const messages = {
  pt: { app: ptApp, common: ptCommon, error_messages: ptErrors, site: ptSite, ui: ptUi },
  en: { app: enApp, common: enCommon, error_messages: enErrors, site: enSite, ui: enUi },
};

export type Messages = (typeof messages)['pt'];
