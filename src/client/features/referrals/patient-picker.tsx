// The Create Referral form's Patient field: a patient is found in the registry by name or ID (a combobox over
// GET /api/patients?search=), never typed as an id. Choosing one fills the field; typing again clears the choice.
import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient } from '../../../shared/patients';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/utils';
import { fullName } from '../patients/patient-labels';
import { patientMatchesQuery } from '../patients/patients.api';
import { useDebouncedValue } from '../patients/use-staff';
import { referralErrorText } from './referral-labels';

type Props = {
  id: string;
  selected: Patient | null;
  onSelect: (patient: Patient | null) => void;
  invalid: boolean;
  describedBy?: string;
};

const label = (p: Patient) => `${fullName(p)} (${p.nationalId})`;

export function PatientPicker({ id, selected, onSelect, invalid, describedBy }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(selected ? label(selected) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text.trim(), 250);
  const searching = open && selected === null && search.length >= 2;
  const matches = useQuery({ ...patientMatchesQuery(search), enabled: searching });
  const rows = searching ? (matches.data?.rows ?? []) : [];
  const listId = `${id}-options`;
  const expanded = searching && (rows.length > 0 || matches.isFetched || matches.isError);

  const choose = (p: Patient) => {
    onSelect(p);
    setText(label(p));
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && rows.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % rows.length);
    } else if (e.key === 'ArrowUp' && rows.length > 0) {
      e.preventDefault();
      setActive((i) => (i - 1 + rows.length) % rows.length);
    } else if (e.key === 'Enter' && expanded) {
      // Enter picks the highlighted patient instead of submitting the form.
      e.preventDefault();
      const p = rows[active];
      if (p) choose(p);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <Input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        maxLength={100}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && rows[active] ? `${listId}-${rows[active].id}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={[`${id}-hint`, describedBy].filter(Boolean).join(' ')}
        placeholder={t('referrals.form.patientPlaceholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
          if (selected) onSelect(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted-foreground">
        {selected ? t('referrals.form.patientChosen', { facility: selected.facilityName }) : t('referrals.form.patientHint')}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('referrals.form.patientMatches')}
        hidden={!expanded}
        className="absolute left-0 right-0 top-11 z-10 max-h-64 overflow-y-auto rounded-md border bg-background p-1 text-sm shadow-md"
      >
        {matches.isError ? (
          <li role="option" aria-selected={false} aria-disabled="true" className="px-2 py-1.5 text-destructive">
            {referralErrorText(t, matches.error)}
          </li>
        ) : rows.length === 0 ? (
          <li role="option" aria-selected={false} aria-disabled="true" className="px-2 py-1.5 text-muted-foreground">
            {matches.isFetching ? t('common.loading') : t('referrals.form.noPatients')}
          </li>
        ) : (
          rows.map((p, i) => (
            <li
              key={p.id}
              id={`${listId}-${p.id}`}
              role="option"
              aria-selected={i === active}
              className={cn('cursor-pointer rounded-sm px-2 py-1.5', i === active && 'bg-accent text-accent-foreground')}
              // mousedown, not click: the input must not lose focus (and close the list) first.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(p);
              }}
              onMouseEnter={() => setActive(i)}
            >
              <span className="font-medium">{fullName(p)}</span>
              <span className="ml-2 text-xs text-muted-foreground">
                {t('referrals.form.patientOption', { nationalId: p.nationalId, facility: p.facilityName })}
              </span>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
