// A form's Patient field (the invoice, referral and booking forms): the patient is found in the registry by name or
// national ID, never typed as an id (the combobox, over the registry's search the calling form hands in). The chosen
// patient stays shown with their ID and facility, so the wrong namesake is easy to spot, with a button to choose
// someone else. It lives here, not in the patients screen, so that the screens that pick a patient do not import
// the registry's screen (and the registry can show their parts in a patient's details: app/modules.ts).
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { X } from 'lucide-react';
import type { Patient } from '../../../shared/patients';
import { personName } from '../../lib/labels';
import { Button } from '../ui/button';
import { Label } from '../ui/label';
import { Combobox } from './combobox';
import { FieldError, RequiredMark } from './form-field';

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

type Props<K extends QueryKey> = {
  id: string;
  text: PatientPickerText;
  /** The registry's search (patients' patientMatchesQuery). */
  search: (text: string) => UseQueryOptions<Patient[], Error, Patient[], K>;
  selected: Patient | null;
  onSelect: (patient: Patient | null) => void;
  error?: string;
  disabled?: boolean;
};

export function PatientPicker<K extends QueryKey>({ id, text, search, selected, onSelect, error, disabled }: Props<K>) {
  // Choosing swaps the input for the chosen patient, and "Change patient" swaps it back; each takes the focus as
  // it appears (autoFocus), so the keyboard stays where the user is.
  if (!selected) {
    return (
      <Combobox
        id={id}
        label={text.label}
        required
        hint={text.hint}
        error={error}
        placeholder={text.placeholder}
        listLabel={text.matches}
        noMatches={text.noMatches}
        search={search}
        optionKey={(p) => String(p.id)}
        optionClassName="py-1.5"
        renderOption={(p) => (
          <>
            <span className="font-medium">{personName(p)}</span>
            <span className="block text-xs text-muted-foreground">{text.line(p)}</span>
          </>
        )}
        onPick={onSelect}
        input={{ autoFocus: true, 'data-field': 'patientId' }}
        disabled={disabled}
      />
    );
  }
  return (
    <div className="grid gap-1.5">
      <Label id={`${id}-label`}>
        {text.label}
        <RequiredMark />
      </Label>
      <div role="group" aria-labelledby={`${id}-label`} data-testid="selected-patient" className="flex flex-wrap items-center justify-between gap-3 rounded-md border bg-muted/40 p-3">
        <div className="min-w-0">
          <p className="font-medium">{personName(selected)}</p>
          <p className="text-xs text-muted-foreground">{text.line(selected)}</p>
        </div>
        <Button autoFocus variant="ghost" size="sm" disabled={disabled} onClick={() => onSelect(null)}>
          <X aria-hidden="true" />
          {text.change}
        </Button>
      </div>
      <FieldError id={id} message={error} />
    </div>
  );
}
