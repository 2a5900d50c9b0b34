import { registerMessages } from '../../../shared/lib/i18n';
import en from './en';
import pt from './pt';

registerMessages('boxes', { pt, en });
