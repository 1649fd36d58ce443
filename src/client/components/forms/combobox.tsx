// The one search-as-you-type field (WAI-ARIA APG combobox pattern, list autocomplete): an input with role
// combobox that owns a listbox of what the server found for the words typed. The arrows move through the options
// (aria-activedescendant, so the focus stays in the input), Enter picks without submitting the form, Escape closes
// the list and not the dialog around it. The search is sent once the typing pauses and from two characters; the
// list says when it is loading, when nothing matched and when the search failed. The patient picker, a visit's
// diagnosis search and a MOH row's code search are uses of it.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ComponentProps, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { cn } from '../../lib/utils';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { FieldError, RequiredMark } from './form-field';

/** The shortest search sent: one letter matches half the county. */
const MIN_SEARCH = 2;

export type ComboboxProps<T, K extends QueryKey = QueryKey> = {
  id: string;
  label: string;
  required?: boolean;
  /** Under the input (its description), until an error joins it. */
  hint: ReactNode;
  error?: string;
  placeholder?: string;
  /** The list's accessible name ("ICD-11 codes found"). */
  listLabel: string;
  /** What the list says when the search found nothing. */
  noMatches: string;
  /** The options for a search of two characters or more (a query of the feature's *.api.ts). */
  search: (text: string) => UseQueryOptions<T[], Error, T[], K>;
  optionKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  /** Extra classes of an option's row (its layout); the active one is highlighted here. */
  optionClassName?: string;
  /** Offered but not pickable (a code already on the visit). */
  isDisabled?: (option: T) => boolean;
  onPick: (option: T) => void;
  /** The text, when the form keeps it (the code itself is typed); otherwise it is kept here and emptied by a pick. */
  value?: string;
  onValueChange?: (value: string) => void;
  /** Opens the list when the input takes the focus (default); otherwise only typing or the down arrow open it. */
  openOnFocus?: boolean;
  /** Stays open after a pick, for the next one (a visit's diagnoses). */
  stayOpen?: boolean;
  /** Enter never submits the form, even with the list closed (a form that a stray Enter must not save). */
  enterNeverSubmits?: boolean;
  /** A failed search, in words ("status: text"). */
  errorText?: (error: Error) => string;
  disabled?: boolean;
  /** The input's own attributes (its type, autoFocus, spellCheck; `data-field`, the form's name by which it focuses the input). */
  input?: Pick<ComponentProps<'input'>, 'type' | 'enterKeyHint' | 'spellCheck' | 'autoFocus'> & { 'data-field'?: string };
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
};

export function Combobox<T, K extends QueryKey>(props: ComboboxProps<T, K>) {
  const { id, label, required, hint, error, listLabel, noMatches, optionKey, renderOption, isDisabled, onPick, openOnFocus = true } = props;
  const { t } = useTranslation();
  const [ownText, setOwnText] = useState('');
  const text = props.value ?? ownText;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text.trim(), 250);
  const searching = open && !props.disabled && search.length >= MIN_SEARCH;
  const matches = useQuery({ ...props.search(search), enabled: searching });
  const options = searching ? (matches.data ?? []) : [];
  const expanded = searching && (options.length > 0 || matches.isFetched || matches.isError);
  const listId = `${id}-options`;
  const hintId = `${id}-hint`;
  const list = useRef<HTMLUListElement>(null);
  const pointer = useRef('');

  // A list that opens low in a long form scrolls into view (on a phone it would open under the keyboard), and the
  // option the arrows reach stays in sight in a list longer than its box.
  useEffect(() => {
    if (expanded) list.current?.scrollIntoView({ block: 'nearest' });
  }, [expanded]);
  useEffect(() => {
    if (expanded) list.current?.querySelector(`[id="${listId}-${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [expanded, active, listId]);

  const type = (value: string) => {
    if (props.onValueChange) props.onValueChange(value);
    else setOwnText(value);
    setActive(0);
    setOpen(true);
  };

  const pick = (option: T | undefined) => {
    if (option === undefined || isDisabled?.(option)) return;
    onPick(option);
    if (props.value === undefined) setOwnText('');
    if (!props.stayOpen) setOpen(false);
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
    } else if (e.key === 'Enter' && (expanded || props.enterNeverSubmits)) {
      // Enter picks from an open list; with the list closed it submits what was typed, unless it never may.
      e.preventDefault();
      if (expanded) pick(options[active]);
    } else if (e.key === 'Escape' && expanded) {
      // Closes the list, not the dialog around it.
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  const status = matches.isError
    ? t('common.loadError', { message: props.errorText ? props.errorText(matches.error) : matches.error.message || t('common.error') })
    : matches.isFetching
      ? t('common.loading')
      : noMatches;

  return (
    <div className="grid gap-1.5">
      <Label id={`${id}-label`} htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      <div className="relative">
        <Input
          {...props.input}
          ref={props.inputRef}
          id={id}
          role="combobox"
          autoComplete="off"
          maxLength={100}
          disabled={props.disabled}
          aria-required={required || undefined}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && options[active] !== undefined ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${id}-error` : hintId}
          placeholder={props.placeholder}
          value={text}
          onChange={(e) => type(e.target.value)}
          onFocus={openOnFocus ? () => setOpen(true) : undefined}
          onBlur={() => {
            setOpen(false);
            props.onBlur?.();
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          ref={list}
          id={listId}
          role="listbox"
          aria-label={listLabel}
          hidden={!expanded}
          className="absolute left-0 right-0 top-11 z-10 max-h-64 overflow-y-auto rounded-md border bg-background p-1 text-sm shadow-md"
        >
          {matches.isError || options.length === 0 ? (
            <li role="option" aria-selected={false} aria-disabled="true" className={cn('px-2 py-1.5', matches.isError ? 'text-destructive' : 'text-muted-foreground')}>
              {status}
            </li>
          ) : (
            options.map((option, i) => {
              const off = isDisabled?.(option) ?? false;
              return (
                <li
                  key={optionKey(option)}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  aria-disabled={off || undefined}
                  className={cn('rounded-sm px-2 py-2', off ? 'text-muted-foreground' : 'cursor-pointer', i === active && 'bg-accent text-accent-foreground', props.optionClassName)}
                  // mousedown, not click: the input must not lose focus (and close the list) first.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    pick(option);
                  }}
                  // Only a pointer that really moved makes its option the active one: a list scrolled under a
                  // resting pointer (by the arrows, or by the form bringing the list into view) must not move it.
                  onMouseMove={(e) => {
                    const at = `${e.clientX},${e.clientY}`;
                    if (pointer.current === at) return;
                    pointer.current = at;
                    setActive(i);
                  }}
                >
                  {renderOption(option)}
                </li>
              );
            })
          )}
        </ul>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldError id={id} message={error} />
    </div>
  );
}
