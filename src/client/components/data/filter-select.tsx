// One filter of a list's filter row: a labelled native select whose first option means "no filter" (all …),
// followed by the given options. Each feature passes its own ids, texts and values.
import { NativeSelect } from '../ui/input';
import { Label } from '../ui/label';

export type FilterOption = { value: string; label: string };

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first option's text ("All facilities", "All statuses" …); none when every option is a choice. */
  allLabel?: string;
  /** The first option's value: '' unless the feature's filters use another (e.g. 'all'). */
  allValue?: string;
  options: readonly FilterOption[] | undefined;
  /** While the options load, a chosen value stays listed under this text. */
  loadingLabel?: string;
  className?: string;
};

export function FilterSelect({ id, label, value, onChange, allLabel, allValue = '', options, loadingLabel, className = 'grid gap-1.5' }: Props) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {allLabel === undefined ? null : <option value={allValue}>{allLabel}</option>}
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {!options && loadingLabel && value !== allValue ? <option value={value}>{loadingLabel}</option> : null}
      </NativeSelect>
    </div>
  );
}

/** Facilities as filter options: the id (as text) for the value, the name for the label. */
export const facilityOptions = (facilities: readonly { id: number; name: string }[] | undefined): FilterOption[] | undefined =>
  facilities?.map((f) => ({ value: String(f.id), label: f.name }));
