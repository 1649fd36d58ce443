// The invoice's patient, found in the registry by name or national ID (never a typed id): type two letters, pick
// from the matches. The chosen patient stays shown, with a way to change them.
import { useQuery } from '@tanstack/react-query';
import { Search, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient } from '../../../shared/patients';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FieldError } from '../patients/form-field';
import { fullName } from '../patients/patient-labels';
import { patientMatchesQuery } from '../patients/patients.api';
import { useDebouncedValue } from '../patients/use-staff';
import { billingError } from './billing-labels';

type Props = { id: string; selected: Patient | null; onSelect: (p: Patient | null) => void; error?: string; disabled?: boolean };

export function PatientPicker({ id, selected, onSelect, error, disabled }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const matches = useQuery({ ...patientMatchesQuery(search), enabled: !selected && search.length >= 2 });
  const hintId = `${id}-hint`;

  if (selected) {
    return (
      <div className="grid gap-1.5">
        <span className="text-sm font-medium leading-none" id={`${id}-label`}>
          {t('billing.create.patient')}
        </span>
        <div className="flex items-center justify-between gap-3 rounded-md border bg-muted/40 p-3" aria-labelledby={`${id}-label`} role="group" data-testid="selected-patient">
          <div className="flex items-center gap-3">
            <UserRound aria-hidden="true" className="h-5 w-5 text-primary" />
            <div>
              <p className="font-medium">{fullName(selected)}</p>
              <p className="text-xs text-muted-foreground">{t('billing.create.patientLine', { nationalId: selected.nationalId, facility: selected.facilityName })}</p>
            </div>
          </div>
          <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onSelect(null)}>
            <X aria-hidden="true" />
            {t('billing.create.changePatient')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium leading-none">
        {t('billing.create.patient')}
        <span aria-hidden="true" className="ml-0.5 text-destructive">
          *
        </span>
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="absolute left-3 top-3 h-4 w-4 text-muted-foreground" />
        <Input
          id={id}
          data-field="patientId"
          type="search"
          className="pl-9"
          autoComplete="off"
          maxLength={100}
          disabled={disabled}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          placeholder={t('billing.create.patientPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('billing.create.patientHint')}
      </p>
      <FieldError id={id} message={error} />
      {search.length >= 2 ? (
        <div aria-live="polite" className="grid gap-1">
          {matches.isPending ? (
            <p className="text-sm text-muted-foreground">{t('common.loading')}</p>
          ) : matches.isError ? (
            <p className="text-sm text-destructive">{t('common.loadError', { message: billingError(matches.error, t('common.error')) })}</p>
          ) : matches.data.rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('billing.create.noMatches')}</p>
          ) : (
            <ul aria-label={t('billing.create.matches')} className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-1">
              {matches.data.rows.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="w-full rounded-sm px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={() => {
                      onSelect(p);
                      setText('');
                    }}
                  >
                    <span className="sr-only">{t('billing.create.selectPatient')} </span>
                    <span className="font-medium">{fullName(p)}</span>
                    <span className="block text-xs text-muted-foreground">{t('billing.create.patientLine', { nationalId: p.nationalId, facility: p.facilityName })}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
