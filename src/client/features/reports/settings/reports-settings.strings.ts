// The reports settings' English strings, registered when their chunk loads (lib/i18n.ts explains the split); the
// Kiswahili ones load with every module's when the language is switched (app/modules.ts).
import strings from './locales/en.json';
import { addEnglish } from '../../../lib/i18n';

addEnglish(strings);
