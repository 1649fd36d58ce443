// The day-first date field (issue 29): a clerk whose browser speaks en-US still types and reads 05/04/2026 as the
// 5th of April, the form receives the ISO date, a day that does not exist is refused in her language once she
// leaves the field, and a value set from outside (a reset, a cleared filter) shows in the field.
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { descriptionOf, inKiswahili, renderScreen } from '../../test/render-screen';
import { DateInput } from './date-input';

/** A form holding the field's value as a screen would, with a way to set it from outside. */
function DueDate({ initial = '', sent }: { initial?: string; sent: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <form>
      <label htmlFor="due-date">Due date</label>
      <DateInput
        id="due-date"
        min="2026-01-01"
        value={value}
        onChange={(iso) => {
          sent.push(iso);
          setValue(iso);
        }}
      />
      <button type="button" onClick={() => setValue('2026-01-31')}>
        Default
      </button>
      <button type="button" onClick={() => setValue('')}>
        Clear filters
      </button>
    </form>
  );
}

function setUp(initial?: string) {
  const sent: string[] = [];
  const view = renderScreen(<DueDate initial={initial} sent={sent} />);
  return { ...view, sent, field: screen.getByLabelText<HTMLInputElement>('Due date') };
}

// jsdom has no calendar to open: the browser's showPicker is stood in for, and put back after (one jsdom serves
// every component test file).
const showPicker = vi.fn();
const stubPicker = () => Object.defineProperty(HTMLInputElement.prototype, 'showPicker', { value: showPicker, configurable: true });

describe('DateInput', () => {
  beforeAll(stubPicker);
  beforeEach(() => {
    showPicker.mockClear();
    stubPicker();
  });
  afterAll(() => {
    delete (HTMLInputElement.prototype as { showPicker?: unknown }).showPicker;
  });

  it('reads 05/04/2026 as the 5th of April and hands the form the ISO date', async () => {
    const { user, sent, field } = setUp();
    expect(field).toHaveProperty('placeholder', 'DD/MM/YYYY');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    await user.type(field, '05/04/2026');
    expect(sent.at(-1)).toBe('2026-04-05');
    // A half-typed date is never sent: each keystroke before the last sent nothing but ''.
    expect(sent.slice(0, -1).every((iso) => iso === '')).toBe(true);
    await user.tab();
    expect(field.value).toBe('05/04/2026');
  });

  it('shows a value it is given day first', () => {
    const { field } = setUp('2026-04-05');
    expect(field.value).toBe('05/04/2026');
  });

  it('takes an ISO date as typed and shows it day first once left', async () => {
    const { user, sent, field } = setUp();
    await user.type(field, '2026-04-05');
    expect(sent.at(-1)).toBe('2026-04-05');
    expect(field.value).toBe('2026-04-05');
    await user.tab();
    expect(field.value).toBe('05/04/2026');
  });

  it('refuses a day the month does not have, and says so once the field is left', async () => {
    const { user, sent, field } = setUp();
    await user.type(field, '31/02/2026');
    expect(sent.at(-1)).toBe('');
    expect(screen.queryByText('There is no such date')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    expect(field.value).toBe('31/02/2026');
    expect(screen.getByText('There is no such date')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field)).toBe('There is no such date');
    // Typing again puts the message away until the field is left again.
    await user.clear(field);
    await user.type(field, '28/02/2026');
    expect(sent.at(-1)).toBe('2026-02-28');
    await user.tab();
    expect(screen.queryByText('There is no such date')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('says the same in Kiswahili', async () => {
    await inKiswahili({});
    const { user, field } = setUp();
    expect(screen.getByRole('button', { name: 'Fungua kalenda' })).toBeTruthy();
    await user.type(field, '31/02/2026');
    await user.tab();
    expect(screen.getByText('Hakuna tarehe kama hiyo')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '05/04/26');
    await user.tab();
    expect(screen.getByText('Andika mwaka kamili, kwa mfano 23/04/2026, si 23/04/26')).toBeTruthy();
  });

  it('follows a value set from outside: a default, then a cleared filter', async () => {
    const { user, sent, field } = setUp();
    await user.type(field, '05/04');
    await user.click(screen.getByRole('button', { name: 'Default' }));
    expect(field.value).toBe('31/01/2026');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(field.value).toBe('');
    expect(sent.at(-1)).toBe('');
  });

  it('sends nothing once the date is cleared', async () => {
    const { user, sent, field } = setUp('2026-04-05');
    await user.clear(field);
    expect(sent.at(-1)).toBe('');
    expect(field.value).toBe('');
    await user.tab();
    expect(screen.queryByRole('paragraph')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it("opens the browser's calendar from its button, which submits nothing, and takes the day chosen", async () => {
    const { user, sent, field, container } = setUp();
    const button = screen.getByRole('button', { name: 'Open calendar' });
    expect(button.getAttribute('type')).toBe('button');
    await user.click(button);
    expect(showPicker).toHaveBeenCalledTimes(1);
    const calendar = container.querySelector<HTMLInputElement>('input[type="date"]')!;
    expect(calendar.getAttribute('aria-hidden')).toBe('true');
    expect(calendar.tabIndex).toBe(-1);
    expect(calendar.min).toBe('2026-01-01');
    fireEvent.change(calendar, { target: { value: '2026-05-01' } });
    expect(sent.at(-1)).toBe('2026-05-01');
    expect(field.value).toBe('01/05/2026');
  });

  it('has no calendar button in a browser that cannot open its calendar', () => {
    delete (HTMLInputElement.prototype as { showPicker?: unknown }).showPicker;
    const { field, container } = setUp('2026-04-05');
    expect(screen.queryByRole('button', { name: 'Open calendar' })).toBeNull();
    expect(container.querySelector('input[type="date"]')).toBeNull();
    expect(field.value).toBe('05/04/2026');
  });
});
