// A form's Patient field (the invoice form, the referral form): the patient is found in the registry by name or
// national ID, never typed as an id. A combobox over GET /api/patients?search= (WAI-ARIA APG combobox pattern:
// arrows move, Enter picks without submitting the form, Escape closes). The chosen patient stays shown with
// their ID and facility, so the wrong namesake is easy to spot, with a button to choose someone else.
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient } from '../../../shared/patients';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FieldError } from '../../components/forms/form-field';
import { errorText, fullName } from './patient-labels';
import { patientMatchesQuery } from './patients.api';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/**
 * The picker's words, from the calling screen's namespace: each screen's strings load with its own chunk, and
 * the patients namespace is too heavy to ship to billing and referrals for seven strings.
 */
export type PatientPickerText = {
  label: string;
  placeholder: string;
  hint: string;
  /** The list's accessible name. */
  matches: string;
  noMatches: string;
  change: string;
  /** The second line of a patient: national ID and registering facility. */
  line: (patient: Patient) => string;
};

type Props = {
  id: string;
  text: PatientPickerText;
  selected: Patient | null;
  onSelect: (patient: Patient | null) => void;
  error?: string;
  disabled?: boolean;
};

export function PatientPicker({ id, text, selected, onSelect, error, disabled }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(typed.trim(), 250);
  const searching = open && selected === null && search.length >= 2;
  const matches = useQuery({ ...patientMatchesQuery(search), enabled: searching });
  const rows = searching ? (matches.data?.rows ?? []) : [];
  const listId = `${id}-options`;
  const expanded = searching && (rows.length > 0 || matches.isFetched || matches.isError);

  // Choosing swaps the input for the chosen patient, and "Change patient" swaps it back; each takes the focus
  // as it appears (autoFocus), so the keyboard stays where the user is.
  const choose = (p: Patient | null) => {
    onSelect(p);
    setTyped('');
    setOpen(false);
    setActive(0);
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
      e.preventDefault();
      const p = rows[active];
      if (p) choose(p);
    } else if (e.key === 'Escape' && expanded) {
      // Closes the list, not the dialog around it.
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="grid gap-1.5">
      <label id={`${id}-label`} htmlFor={selected ? undefined : id} className="text-sm font-medium leading-none">
        {text.label}
        <span aria-hidden="true" className="ml-0.5 text-destructive">
          *
        </span>
      </label>
      {selected ? (
        <div role="group" aria-labelledby={`${id}-label`} data-testid="selected-patient" className="flex flex-wrap items-center justify-between gap-3 rounded-md border bg-muted/40 p-3">
          <div className="min-w-0">
            <p className="font-medium">{fullName(selected)}</p>
            <p className="text-xs text-muted-foreground">{text.line(selected)}</p>
          </div>
          <Button autoFocus variant="ghost" size="sm" disabled={disabled} onClick={() => choose(null)}>
            <X aria-hidden="true" />
            {text.change}
          </Button>
        </div>
      ) : (
        <div className="relative">
          <Input
            autoFocus
            id={id}
            data-field="patientId"
            role="combobox"
            autoComplete="off"
            maxLength={100}
            disabled={disabled}
            aria-required="true"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && rows[active] ? `${listId}-${rows[active].id}` : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            placeholder={text.placeholder}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={text.matches}
            hidden={!expanded}
            className="absolute left-0 right-0 top-11 z-10 max-h-64 overflow-y-auto rounded-md border bg-background p-1 text-sm shadow-md"
          >
            {matches.isError || rows.length === 0 ? (
              <li role="option" aria-selected={false} aria-disabled="true" className={matches.isError ? 'px-2 py-1.5 text-destructive' : 'px-2 py-1.5 text-muted-foreground'}>
                {matches.isError
                  ? t('common.loadError', { message: errorText(t, matches.error, t('common.error')) })
                  : matches.isFetching
                    ? t('common.loading')
                    : text.noMatches}
              </li>
            ) : (
              rows.map((p, i) => (
                <li
                  key={p.id}
                  id={`${listId}-${p.id}`}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? 'cursor-pointer rounded-sm bg-accent px-2 py-1.5 text-accent-foreground' : 'cursor-pointer rounded-sm px-2 py-1.5'}
                  // mousedown, not click: the input must not lose focus (and close the list) first.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(p);
                  }}
                  onMouseEnter={() => setActive(i)}
                >
                  <span className="font-medium">{fullName(p)}</span>
                  <span className="block text-xs text-muted-foreground">{text.line(p)}</span>
                </li>
              ))
            )}
          </ul>
        </div>
      )}
      {selected ? null : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {text.hint}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}
