// The laboratory's English strings (issue 31), registered when a screen that shows tests loads them
// (features/laboratory/index.ts); their Kiswahili loads with every module's (app/modules.ts).
import strings from './locales/en.json';
import { addEnglish } from '../../lib/i18n';

addEnglish(strings);
