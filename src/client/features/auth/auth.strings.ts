// The public pages' English strings (landing, demo portal, sign-in), registered when one of them loads
// (lib/i18n.ts explains the split).
import strings from './locales/en.json';
import { addEnglish } from '../../lib/i18n';

addEnglish(strings);
