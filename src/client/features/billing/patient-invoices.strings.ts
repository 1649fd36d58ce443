// The English strings of a patient's invoices (patient-invoices.tsx), which the registry's Patient Details shows:
// only these keys of locales/en.json, so the registry does not carry the whole billing screen's strings.
import strings from 'locale-keys:features/billing/locales/en.json|billing.patient,billing.status,billing.services,billing.retryWhat';
import { addEnglish } from '../../lib/i18n';

addEnglish(strings);
