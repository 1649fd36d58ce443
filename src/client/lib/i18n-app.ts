// The English strings of the signed-in screens, registered when the shell's chunk loads (see lib/i18n.ts).
import appStrings from 'locales:en/activity,nav,notifications,offline,planned,shell';
import { addEnglish } from './i18n';

export const APP_NAMESPACES = appStrings;
addEnglish(APP_NAMESPACES);
