// A visit's diagnosis picker (issue 13): finds a code in the bundled ICD-11 list by words of its title or by its
// code, over GET /api/diagnoses?search=. The patient picker's combobox (patient-picker.tsx, WAI-ARIA APG pattern):
// arrows move, Enter picks without submitting the form, Escape closes the list and not the dialog. Unlike the
// patient picker it stays open for the next pick: a visit has up to MAX_DIAGNOSES codes, listed by the form.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagnosisOption } from '../../../shared/medical-records';
import { Input } from '../../components/ui/input';
import { FieldError } from '../../components/forms/form-field';
import { Label } from '../../components/ui/label';
import { errorText } from './patient-labels';
import { diagnosisMatchesQuery } from './patients.api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { cn } from '../../lib/utils';

type Props = {
  id: string;
  /** The codes already on the visit: offered, but marked and not picked twice. */
  picked: readonly string[];
  onPick: (diagnosis: DiagnosisOption) => void;
  /** The visit has as many diagnoses as it may: the search is closed. */
  full: boolean;
  disabled?: boolean;
  error?: string;
};

export function DiagnosisPicker({ id, picked, onPick, full, disabled, error }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(typed.trim(), 250);
  const searching = open && !full && search.length >= 2;
  const matches = useQuery({ ...diagnosisMatchesQuery(search), enabled: searching });
  const rows = searching ? (matches.data ?? []) : [];
  const listId = `${id}-options`;
  const expanded = searching && (rows.length > 0 || matches.isFetched || matches.isError);
  const isPicked = (d: DiagnosisOption) => picked.includes(d.code);
  const list = useRef<HTMLUListElement>(null);
  const pointer = useRef('');

  // The search sits low in a long form: when its list opens, the dialog scrolls just enough to show it (on a phone
  // it would otherwise open below the fold, under the keyboard).
  useEffect(() => {
    if (expanded) list.current?.scrollIntoView({ block: 'nearest' });
  }, [expanded]);
  // The option the arrows reach stays in sight in a list longer than its box.
  useEffect(() => {
    if (expanded) list.current?.querySelector(`[id="${listId}-${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [expanded, active, listId]);

  const pick = (d: DiagnosisOption | undefined) => {
    if (!d || isPicked(d)) return;
    onPick(d);
    setTyped('');
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
    } else if (e.key === 'Enter') {
      // Enter in the search never saves the visit: a clinician who presses it before the list arrives has not
      // finished the form.
      e.preventDefault();
      if (expanded) pick(rows[active]);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t('patients.record.diagnosisSearch')}</Label>
      <div className="relative">
        <Input
          id={id}
          role="combobox"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={100}
          disabled={disabled || full}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && rows[active] ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${id}-error` : hintId}
          placeholder={t('patients.record.diagnosisPlaceholder')}
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
          ref={list}
          id={listId}
          role="listbox"
          aria-label={t('patients.record.diagnosisMatches')}
          hidden={!expanded}
          className="absolute left-0 right-0 top-11 z-10 max-h-64 overflow-y-auto rounded-md border bg-background p-1 text-sm shadow-md"
        >
          {matches.isError || rows.length === 0 ? (
            <li role="option" aria-selected={false} aria-disabled="true" className={matches.isError ? 'px-2 py-1.5 text-destructive' : 'px-2 py-1.5 text-muted-foreground'}>
              {matches.isError
                ? t('common.loadError', { message: errorText(t, matches.error, t('common.error')) })
                : matches.isFetching
                  ? t('common.loading')
                  : t('patients.record.diagnosisNoMatches')}
            </li>
          ) : (
            rows.map((d, i) => {
              const already = isPicked(d);
              return (
                <li
                  key={d.code}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  aria-disabled={already || undefined}
                  className={cn('flex gap-2 rounded-sm px-2 py-2', already ? 'text-muted-foreground' : 'cursor-pointer', i === active && 'bg-accent text-accent-foreground')}
                  // mousedown, not click: the input must not lose focus (and close the list) first.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    pick(d);
                  }}
                  // Only a pointer that really moved picks the active option: a list scrolled under a resting
                  // pointer (by the arrows, or by the dialog bringing the list into view) must not move it.
                  onMouseMove={(e) => {
                    const at = `${e.clientX},${e.clientY}`;
                    if (pointer.current === at) return;
                    pointer.current = at;
                    setActive(i);
                  }}
                >
                  <span className="w-[4.5rem] shrink-0 font-mono font-semibold">{d.code}</span>
                  <span aria-hidden="true">—</span>
                  <span className="min-w-0">
                    {d.title}
                    {already ? <span className="ml-1 text-xs">({t('patients.record.diagnosisAlready')})</span> : null}
                  </span>
                </li>
              );
            })
          )}
        </ul>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {full ? t('patients.record.diagnosesFull', { max: picked.length }) : t('patients.record.diagnosisHint')}
      </p>
      <FieldError id={id} message={error} />
    </div>
  );
}
