// A visit's diagnosis picker (issue 13): finds a code in the bundled ICD-11 list by words of its title or by its
// code, over GET /api/diagnoses?search= (the combobox of components/forms). Unlike the patient picker it stays open
// for the next pick: a visit has up to MAX_DIAGNOSES codes, listed by the form; a code already on the visit is
// offered, marked, and not picked twice. Enter in it never saves the visit: a clinician who presses it before the
// list arrives has not finished the form. Each code shows the term it was found by ("UTI") and the row of the
// patient's MOH 705 it counts in (issue 31); codes that cannot apply to the patient's sex or age are not offered.
import { useTranslation } from 'react-i18next';
import type { DiagnosisMatch, DiagnosisOption } from '../../../shared/medical-records';
import { Combobox } from '../../components/forms/combobox';
import { errorText } from './patient-labels';
import { UNDER_FIVE } from '../../../shared/moh';
import { diagnosisMatchesQuery, type DiagnosisFit } from './patients.api';

type Props = {
  id: string;
  /** The codes already on the visit: offered, but marked and not picked twice. */
  picked: readonly string[];
  onPick: (diagnosis: DiagnosisOption) => void;
  /** The visit has as many diagnoses as it may: the search is closed. */
  full: boolean;
  error?: string;
  /** The patient's sex and age in months (null: not read yet), for the codes that fit and their MOH 705 form. */
  sex?: string;
  ageMonths: number | null;
};

export function DiagnosisPicker({ id, picked, onPick, full, error, sex, ageMonths }: Props) {
  const { t, i18n } = useTranslation();
  // The patient's own form (shared/moh/age-rule.ts: under five in whole years on the visit's day, the 705A).
  const form = ageMonths !== null && ageMonths < UNDER_FIVE * 12 ? '705A' : '705B';
  const fit: DiagnosisFit = { sex: sex === 'male' || sex === 'female' ? sex : undefined, age: ageMonths === null ? undefined : Math.floor(ageMonths / 12), lang: i18n.language };
  const isPicked = (d: DiagnosisOption) => picked.includes(d.code);
  return (
    <Combobox
      id={id}
      label={t('patients.record.diagnosisSearch')}
      hint={full ? t('patients.record.diagnosesFull', { max: picked.length }) : t('patients.record.diagnosisHint')}
      error={error}
      placeholder={t('patients.record.diagnosisPlaceholder')}
      listLabel={t('patients.record.diagnosisMatches')}
      noMatches={t('patients.record.diagnosisNoMatches')}
      errorText={(e) => errorText(t, e, t('common.error'))}
      search={(text) => diagnosisMatchesQuery(text, fit)}
      optionKey={(d) => d.code}
      optionClassName="flex gap-2"
      isDisabled={isPicked}
      renderOption={(d: DiagnosisMatch) => (
        <>
          <span className="w-[4.5rem] shrink-0 font-mono font-semibold">{d.code}</span>
          <span aria-hidden="true">—</span>
          <span className="min-w-0">
            {d.title}
            {isPicked(d) ? <span className="ml-1 text-xs">({t('patients.record.diagnosisAlready')})</span> : null}
            <span className="block text-xs text-muted-foreground">
              {d.matched ? `${t('patients.record.diagnosisFoundBy', { term: d.matched })} · ` : null}
              {form}: {d.rows[form]}
            </span>
          </span>
        </>
      )}
      onPick={onPick}
      stayOpen
      enterNeverSubmits
      input={{ type: 'search', enterKeyHint: 'search' }}
      disabled={full}
    />
  );
}
