// The code of a row's new entry: typed by hand (a code, or a prefix such as CA40) or picked from the bundled ICD-11
// list, searched by words of a title or by code over GET /api/diagnoses (WAI-ARIA combobox: arrows move, Enter picks
// without submitting, Escape closes the list and not the dialog). Picking puts the code in the box. The list opens
// as one types (or on the down arrow), not on focus: a refused code takes the focus back, and its message must show.
import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagnosisOption } from '../../../../shared/medical-records';
import { FieldError } from '../../../components/forms/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { cn } from '../../../lib/utils';
import { codeMatchesQuery } from './reports-settings.api';
import { errorText } from './settings-labels';

type Props = {
  id: string;
  label: string;
  hint: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
};

export function CodeSearchInput({ id, label, hint, error, value, onChange, onBlur, inputRef }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(value.trim(), 250);
  const searching = open && search.length >= 2;
  const matches = useQuery({ ...codeMatchesQuery(search), enabled: searching });
  const options = searching ? (matches.data ?? []) : [];
  const expanded = searching && (options.length > 0 || matches.isFetched || matches.isError);
  const listId = `${id}-options`;
  const hintId = `${id}-hint`;
  // A picked title shows under the box while the box holds its code.
  const [picked, setPicked] = useState<DiagnosisOption | null>(null);

  const pick = (option: DiagnosisOption | undefined) => {
    if (!option) return;
    onChange(option.code);
    setPicked(option);
    setOpen(false);
    setActive(0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      if (options.length > 0) setActive((i) => (i + 1) % options.length);
    } else if (e.key === 'ArrowUp' && options.length > 0) {
      e.preventDefault();
      setActive((i) => (i - 1 + options.length) % options.length);
    } else if (e.key === 'Enter' && expanded) {
      // Enter picks from an open list; with the list closed it submits what was typed.
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        {label}
        <span aria-hidden="true" className="ml-0.5 text-destructive">
          *
        </span>
      </Label>
      <div className="relative">
        <Input
          ref={inputRef}
          id={id}
          role="combobox"
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          aria-required
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && options[active] ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${id}-error` : hintId}
          placeholder={t('reportsSettings.add.codePlaceholder')}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onBlur={() => {
            setOpen(false);
            onBlur();
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('reportsSettings.add.matches')}
          hidden={!expanded}
          className="absolute left-0 right-0 top-11 z-10 max-h-60 overflow-y-auto rounded-md border bg-background p-1 text-sm shadow-md"
        >
          {matches.isError || options.length === 0 ? (
            <li role="option" aria-selected={false} aria-disabled="true" className={cn('px-2 py-1.5', matches.isError ? 'text-destructive' : 'text-muted-foreground')}>
              {matches.isError
                ? t('common.loadError', { message: errorText(t, matches.error) })
                : matches.isFetching
                  ? t('common.loading')
                  : t('reportsSettings.add.noMatches')}
            </li>
          ) : (
            options.map((option, i) => (
              <li
                key={option.code}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={cn('flex cursor-pointer gap-2 rounded-sm px-2 py-2', i === active && 'bg-accent text-accent-foreground')}
                // mousedown, not click: the box must not lose focus (and close the list) first.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(option);
                }}
              >
                <span className="w-16 shrink-0 font-mono font-semibold">{option.code}</span>
                <span className="min-w-0">{option.title}</span>
              </li>
            ))
          )}
        </ul>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {picked && picked.code === value.trim().toUpperCase() ? t('reportsSettings.add.picked', { code: picked.code, title: picked.title }) : hint}
      </p>
      <FieldError id={id} message={error} />
    </div>
  );
}
