// The KHIS identifiers form apart from the screen: what it starts from, what a save sends, and where the server's
// per-field messages go.
import type { FieldPath } from 'react-hook-form';
import type { KhisMapping } from '../../../../shared/moh';

export type KhisValues = {
  form: KhisMapping['form'];
  dataSet: string;
  rows: { key: string; dataElement: string; categoryOptionCombo: string }[];
};

/** The form as the server holds it: a blank box for each identifier not set. */
export function khisValuesOf(mapping: KhisMapping): KhisValues {
  return {
    form: mapping.form,
    dataSet: mapping.dataSet ?? '',
    rows: mapping.rows.map((r) => ({ key: r.key, dataElement: r.dataElement ?? '', categoryOptionCombo: r.categoryOptionCombo ?? '' })),
  };
}

/** How many rows are sent to KHIS: those with a dataElement. */
export function rowsSent(rows: readonly { dataElement: string }[]): number {
  return rows.filter((r) => r.dataElement.trim() !== '').length;
}

const FIELD_PATH = /^(dataSet|rows\.\d+\.(dataElement|categoryOptionCombo))$/;

/**
 * The server's issues split into those a box shows ("dataSet", "rows.3.dataElement") and the rest (an unknown row,
 * the form), which the form shows above its Save button.
 */
export function placeIssues(issues: Record<string, string>): { fields: [FieldPath<KhisValues>, string][]; other: string[] } {
  const fields: [FieldPath<KhisValues>, string][] = [];
  const other: string[] = [];
  for (const [path, message] of Object.entries(issues)) {
    if (FIELD_PATH.test(path)) fields.push([path as FieldPath<KhisValues>, message]);
    else other.push(message);
  }
  return { fields, other };
}
