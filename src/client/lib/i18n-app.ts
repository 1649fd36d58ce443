// The English strings of the signed-in screens, registered when the shell's chunk loads (see lib/i18n.ts).
import appStrings from 'locales:en/activity,billing,dashboard,facilities,inventory,nav,notifications,patients,planned,referrals,revenue,shell,staff,systemTest';
import { addEnglish } from './i18n';

export const APP_NAMESPACES = appStrings;
addEnglish(APP_NAMESPACES);
