// Entering a test's result (issue 31): positive or negative for a malaria, HIV or pregnancy test (a positive
// malaria test names its species), a value for haemoglobin and blood sugar, the dipstick grades of a urinalysis.
// The server checks the result against the test; its per-field messages show under the fields, and what was
// entered stays when a save fails.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DIPSTICK_ANALYTES,
  DIPSTICK_GRADES,
  LAB_TEST_KINDS,
  LAB_VALUES,
  MALARIA_SPECIES,
  MALARIA_TESTS,
  type DipstickFindings,
  type LabResult,
  type LabTestRecord,
  type MalariaSpecies,
} from '../../../shared/laboratory';
import { FieldError, FormField, fieldAria } from '../../components/forms/form-field';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/locale-format';
import { failureText, labMessage, testName } from './lab-words';
import { useResultLabTest } from './lab.api';

type Props = { test: LabTestRecord; patientName: string; onClose: () => void };

export function LabResultDialog({ test, patientName, onClose }: Props) {
  const { t } = useTranslation();
  const mutation = useResultLabTest(test.id);
  const kind = LAB_TEST_KINDS[test.test];
  const malaria = (MALARIA_TESTS as readonly string[]).includes(test.test);
  const [result, setResult] = useState<LabResult | ''>('');
  const [species, setSpecies] = useState<MalariaSpecies | ''>('');
  const [value, setValue] = useState('');
  const [findings, setFindings] = useState<DipstickFindings>({});
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const name = testName(t, test.test);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issues: Record<string, string> = {};
    if (kind === 'qualitative' && !result) issues.result = labMessage('Choose positive or negative');
    if (kind === 'value' && !/^\s*\d+(\.\d+)?\s*$/.test(value)) issues.value = labMessage('Enter the value');
    if (Object.keys(issues).length > 0) return setErrors(issues);
    setErrors({});
    mutation.mutate(
      {
        result: kind === 'qualitative' ? (result as LabResult) : null,
        species: malaria && result === 'positive' && species ? species : null,
        value: kind === 'value' ? Number(value) : null,
        findings: kind === 'dipstick' ? findings : null,
        comment: comment || null,
      },
      {
        onSuccess: () => {
          toast({ title: t('lab.saved'), description: `${name}: ${patientName}` });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(Object.fromEntries(Object.entries(error.fieldErrors()).map(([k, m]) => [k, labMessage(m)])));
          toast({ variant: 'destructive', title: t('lab.saveFailed'), description: failureText(t, error, t('common.error')) });
        },
      },
    );
  };

  const positiveWord = test.test === 'hiv' ? t('lab.results.reactive') : t('lab.results.positive');
  const negativeWord = test.test === 'hiv' ? t('lab.results.nonReactive') : t('lab.results.negative');
  return (
    <FormDialog
      pending={mutation.isPending}
      onClose={onClose}
      title={t('lab.resultTitle', { test: name })}
      description={t('lab.resultDescription', { name: patientName, date: formatDate(test.orderedAt), by: test.orderedBy })}
      className="max-w-md"
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <fieldset disabled={mutation.isPending} className="grid min-w-0 gap-4">
          {kind === 'qualitative' ? (
            <fieldset className="grid gap-2" aria-describedby={errors.result ? 'lab-result-error' : undefined}>
              <legend className="text-sm font-medium">{t('lab.result')}</legend>
              <div className="flex flex-wrap gap-4">
                {(['positive', 'negative'] as const).map((r) => (
                  <label key={r} className="flex items-center gap-2 text-sm">
                    <input type="radio" name="lab-result" value={r} checked={result === r} onChange={() => setResult(r)} />
                    {r === 'positive' ? positiveWord : negativeWord}
                  </label>
                ))}
              </div>
              <FieldError id="lab-result" message={errors.result} />
            </fieldset>
          ) : null}
          {malaria && result === 'positive' ? (
            <FormField id="lab-species" label={t('lab.species')} error={errors.species}>
              <NativeSelect {...fieldAria('lab-species', errors.species)} value={species} onChange={(e) => setSpecies(e.target.value as MalariaSpecies | '')}>
                <option value="">—</option>
                {MALARIA_SPECIES.map((s) => (
                  <option key={s} value={s}>
                    {t(`lab.speciesNames.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ) : null}
          {kind === 'value' ? (
            <FormField id="lab-value" label={t('lab.value', { unit: LAB_VALUES[test.test as keyof typeof LAB_VALUES].unit })} error={errors.value}>
              <Input {...fieldAria('lab-value', errors.value)} inputMode="decimal" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} />
            </FormField>
          ) : null}
          {kind === 'dipstick' ? (
            <fieldset className="grid gap-2" aria-describedby={errors.findings ? 'lab-findings-error' : undefined}>
              <legend className="text-sm font-medium">{t('lab.result')}</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {DIPSTICK_ANALYTES.map((a) => (
                  <label key={a} className="grid gap-1 text-sm">
                    {t(`lab.analytes.${a}`)}
                    <NativeSelect
                      value={findings[a] ?? ''}
                      onChange={(e) => setFindings((f) => ({ ...f, [a]: e.target.value || undefined }))}
                    >
                      <option value="">{t('lab.notRead')}</option>
                      {DIPSTICK_GRADES.map((g) => (
                        <option key={g} value={g}>
                          {t(`lab.grades.${g}`)}
                        </option>
                      ))}
                    </NativeSelect>
                  </label>
                ))}
              </div>
              <FieldError id="lab-findings" message={errors.findings} />
            </fieldset>
          ) : null}
          <FormField id="lab-comment" label={t('lab.comment')} error={errors.comment}>
            <Textarea {...fieldAria('lab-comment', errors.comment)} rows={2} maxLength={500} value={comment} onChange={(e) => setComment(e.target.value)} />
          </FormField>
        </fieldset>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('lab.save')} running={t('lab.saving')} />
      </form>
    </FormDialog>
  );
}
