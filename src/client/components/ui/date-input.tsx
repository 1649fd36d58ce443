// A date typed day first, whatever the browser's locale (issue 29): an <input type="date"> draws its own format, and
// Chromium with an en-US interface shows mm/dd/yyyy in both our languages, so a Kenyan reads 04/05/2026 as the 4th of
// May. This field shows and reads DD/MM/YYYY only (shared/day-first-date, as the registration's date of birth), and
// hands the form the ISO date it always took; a small button still opens the browser's calendar for a pointer user.
import { CalendarDays } from 'lucide-react';
import { useId, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_FIRST_FORMAT, DAY_FIRST_MESSAGES, parseDayFirstDate } from '../../../shared/day-first-date';
import { cn } from '../../lib/utils';
import { Input } from './input';

type Props = Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange' | 'min' | 'max'> & {
  /** The date as ISO (YYYY-MM-DD), or '' for none. */
  value: string;
  /** The ISO date once the text reads as one; '' while it is empty or does not. */
  onChange: (iso: string) => void;
  /** The calendar's bounds (ISO); the form's own rules still check what is typed. */
  min?: string;
  max?: string;
};

type MessageKey = keyof typeof DAY_FIRST_MESSAGES;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO date as the field shows it (2026-04-05 → 05/04/2026); anything else as it is. */
function dayFirst(iso: string): string {
  const m = ISO.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** What the text stands for: its ISO date, '' when it is empty, or the parser's refusal. */
function read(text: string): { iso: string; refusal?: MessageKey } {
  if (text.trim() === '') return { iso: '' };
  const parsed = parseDayFirstDate(text);
  if (parsed.ok) return { iso: parsed.iso };
  const key = (Object.keys(DAY_FIRST_MESSAGES) as MessageKey[]).find((k) => DAY_FIRST_MESSAGES[k] === parsed.message);
  return { iso: '', refusal: key ?? 'format' };
}

export function DateInput({ value, onChange, min, max, id, className, disabled, readOnly, onBlur, 'aria-describedby': describedBy, 'aria-invalid': ariaInvalid, ...props }: Props) {
  const { t } = useTranslation();
  const ownId = useId();
  const messageId = `${id ?? ownId}-day-first`;
  const picker = useRef<HTMLInputElement>(null);
  // The user's own text while they type; `seen` is the value it was last squared with.
  const [text, setText] = useState(() => dayFirst(value));
  const [seen, setSeen] = useState(value);
  const [blurred, setBlurred] = useState(false);

  // A value set from outside (a reset, a default, a cleared filter) that the text does not read as: the text follows.
  // What this field sent itself ('' for a half-typed date among it) reads back as the text, which then stays.
  if (value !== seen) {
    setSeen(value);
    if (read(text).iso !== value) {
      setText(dayFirst(value));
      setBlurred(false);
    }
  }

  const { refusal } = read(text);
  const message = blurred && refusal ? t(`common.dateInput.${refusal}`) : undefined;
  const locked = disabled || readOnly;
  // The browser's own calendar opens from a button where it can (Chromium 99, Firefox 101, Safari 16 on).
  const hasPicker = 'showPicker' in HTMLInputElement.prototype;
  const take = (next: string, iso = read(next).iso) => {
    setText(next);
    setBlurred(false);
    onChange(iso);
  };

  return (
    <div className="grid w-full min-w-0 gap-1.5">
      <div className="relative">
        <Input
          {...props}
          id={id ?? ownId}
          inputMode="numeric"
          autoComplete="off"
          placeholder={DAY_FIRST_FORMAT}
          disabled={disabled}
          readOnly={readOnly}
          className={cn(hasPicker && 'pr-10', className)}
          value={text}
          aria-invalid={message ? true : ariaInvalid}
          aria-describedby={[describedBy, message && messageId].filter(Boolean).join(' ') || undefined}
          onChange={(e) => take(e.target.value)}
          onBlur={(e) => {
            const { iso } = read(text);
            if (iso) setText(dayFirst(iso));
            setBlurred(true);
            onBlur?.(e);
          }}
        />
        {hasPicker ? (
          <>
            <button
              type="button"
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 print:hidden"
              aria-label={t('common.dateInput.calendar')}
              disabled={locked}
              onClick={() => {
                try {
                  picker.current?.showPicker();
                } catch {
                  // Refused (no user gesture the browser counts, a sandboxed frame): the field is there to type in.
                }
              }}
            >
              <CalendarDays className="size-4" aria-hidden="true" />
            </button>
            {/* The browser's calendar, never seen or reached: the button opens it under the field. */}
            <input
              ref={picker}
              type="date"
              tabIndex={-1}
              aria-hidden="true"
              className="pointer-events-none absolute bottom-0 left-0 h-px w-full opacity-0"
              min={min}
              max={max}
              value={ISO.test(value) ? value : ''}
              disabled={locked}
              onChange={(e) => take(dayFirst(e.target.value), e.target.value)}
            />
          </>
        ) : null}
      </div>
      {message ? (
        <p id={messageId} className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
