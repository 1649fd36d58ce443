// A patient's appointments' English strings (the Patient Details section and the SMS consent control), registered
// when their chunk loads: the registry carries these, not the whole appointments screen's (DESIGN.md §10). The
// Kiswahili ones load with every module's when the language is switched (app/modules.ts).
import strings from './locales/en.json';
import { addEnglish } from '../../../lib/i18n';

addEnglish(strings);
