import { registerMessages } from '../../../shared/lib/i18n';
import { en } from './locale-en';
import { pt } from './locale-pt';

registerMessages('mp', { pt, en });
