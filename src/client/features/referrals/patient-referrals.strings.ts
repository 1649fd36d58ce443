// The English strings of a patient's referrals (patient-referrals.tsx), which the registry's Patient Details shows:
// only these keys of locales/en.json, so the registry does not carry the whole referrals screen's strings.
import strings from 'locale-keys:features/referrals/locales/en.json|referrals.patient,referrals.status,referrals.urgency,referrals.table.to';
import { addEnglish } from '../../lib/i18n';

addEnglish(strings);
