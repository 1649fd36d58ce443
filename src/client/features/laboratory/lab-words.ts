// A test and its result in the reader's language (the server's twin for documents is shared/laboratory labResultText).
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { DIPSTICK_ANALYTES, LAB_TEST_KINDS, LAB_VALUES, type LabTestRecord } from '../../../shared/laboratory';
import { knownMessage } from '../../lib/known-message';

export const testName = (t: TFunction, test: LabTestRecord['test']) => t(`lab.tests.${test}`);

/** "Positive · P. falciparum", "9.5 g/dL", "Protein 1+, Nitrites negative", "Awaiting result". */
export function resultText(t: TFunction, r: Pick<LabTestRecord, 'test' | 'status' | 'result' | 'species' | 'value' | 'findings'>): string {
  if (r.status === 'cancelled') return t('lab.results.cancelled');
  if (r.status !== 'resulted') return t('lab.results.waiting');
  switch (LAB_TEST_KINDS[r.test]) {
    case 'value':
      return r.value === null ? '' : `${r.value.toFixed(1)} ${LAB_VALUES[r.test as keyof typeof LAB_VALUES].unit}`;
    case 'dipstick': {
      const read = DIPSTICK_ANALYTES.filter((a) => r.findings?.[a]);
      if (read.every((a) => r.findings![a] === 'negative')) return t('lab.results.allNegative');
      return read
        .filter((a) => r.findings![a] !== 'negative')
        .map((a) => `${t(`lab.analytes.${a}`)} ${t(`lab.grades.${r.findings![a]}`)}`)
        .join(', ');
    }
    case 'qualitative': {
      if (r.test === 'hiv') return t(r.result === 'positive' ? 'lab.results.reactive' : 'lab.results.nonReactive');
      const said = t(`lab.results.${r.result ?? 'negative'}`);
      return r.species ? `${said} · ${t(`lab.speciesNames.${r.species}`)}` : said;
    }
  }
}

/** A positive malaria, HIV or pregnancy result stands out. */
export const isPositive = (r: Pick<LabTestRecord, 'status' | 'result'>) => r.status === 'resulted' && r.result === 'positive';

/** The server's fixed words about a test, in the reader's language. */
export const labMessage = (message: string) => knownMessage('lab.validation', message);

/** A failed request as SPEC.md §8 shows it ("status: text"), the text in the reader's language when it is known. */
export function failureText(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const prefix = `${error.status}: `;
    const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    return `${prefix}${labMessage(text)}`;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
