// The code of a row's new entry: typed by hand (a code, or a prefix such as CA40) or picked from the bundled ICD-11
// list, searched by words of a title or by code over GET /api/diagnoses (the combobox of components/forms). Picking
// puts the code in the box. The list opens as one types (or on the down arrow), not on focus: a refused code takes
// the focus back, and its message must show. With the list closed, Enter submits what was typed.
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagnosisOption } from '../../../../shared/medical-records';
import { Combobox } from '../../../components/forms/combobox';
import { codeMatchesQuery } from './reports-settings.api';
import { errorText } from './settings-labels';

type Props = {
  id: string;
  label: string;
  hint: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The form's name for the box (its `data-field`), by which the form focuses it. */
  field?: string;
};

export function CodeSearchInput({ id, label, hint, error, value, onChange, onBlur, inputRef, field }: Props) {
  const { t } = useTranslation();
  // A picked title shows under the box while the box holds its code.
  const [picked, setPicked] = useState<DiagnosisOption | null>(null);
  return (
    <Combobox
      id={id}
      label={label}
      required
      hint={picked && picked.code === value.trim().toUpperCase() ? t('reportsSettings.add.picked', { code: picked.code, title: picked.title }) : hint}
      error={error}
      placeholder={t('reportsSettings.add.codePlaceholder')}
      listLabel={t('reportsSettings.add.matches')}
      noMatches={t('reportsSettings.add.noMatches')}
      errorText={(e) => errorText(t, e)}
      search={codeMatchesQuery}
      optionKey={(o) => o.code}
      optionClassName="flex gap-2"
      renderOption={(o) => (
        <>
          <span className="w-16 shrink-0 font-mono font-semibold">{o.code}</span>
          <span className="min-w-0">{o.title}</span>
        </>
      )}
      onPick={(o) => {
        onChange(o.code);
        setPicked(o);
      }}
      value={value}
      onValueChange={onChange}
      openOnFocus={false}
      input={{ type: 'search', spellCheck: false, 'data-field': field }}
      inputRef={inputRef}
      onBlur={onBlur}
    />
  );
}
