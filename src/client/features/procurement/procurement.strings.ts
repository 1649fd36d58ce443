// The procurement screen's English strings, registered when its chunk loads (lib/i18n.ts explains the split).
import strings from './locales/en.json';
import { addEnglish } from '../../lib/i18n';

addEnglish(strings);
