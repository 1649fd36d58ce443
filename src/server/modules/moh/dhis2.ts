// A finished monthly form (MOH 705A/705B/717) as KHIS payloads (domain/REPORTING.md, "KHIS (Kenya's DHIS2)"): the
// DHIS2 data value set (JSON) for one facility, the bulk data value set for a sub-county or county report, and the
// ADX XML KenyaEMR also emits. Pure functions: dhis2-client.ts sends them.
//
// What DHIS2's Web API documentation says, and what follows from it here (dhis2/dhis2-docs,
// src/developer/web-api/data.md, "Sending data values", "Sending bulks of data values", "ADX data format"):
// - A data value set for one form carries dataSet, completeDate, period and orgUnit once, and each value's
//   dataElement, categoryOptionCombo and value; values are strings. A monthly period is 'YYYYMM'.
// - A bulk set leaves out dataSet and completeDate and puts period and orgUnit on every value instead, so one request
//   carries several facilities. Completion is then registered per facility (completeDataSetRegistrations).
// - Zeros: DHIS2 stores a zero only for data elements set to "Store zero data values" (zeroIsSignificant); for the
//   others it skips the value with a conflict "Value is zero and not significant, must match data element: …",
//   which DHIS2 2.38+ answers with 409 / WARNING like any other conflict. We send zeros anyway: a row with data whose
//   count is 0 is the county's deliberate "0 cases", and KHIS decides what to keep. A row the system has no data for
//   ("not recorded", null) is never sent, not even as 0.
// - ADX: one <group> per facility form with orgUnit, period as 'YYYY-MM-01/P1M', dataSet and completeDate (extra
//   group attributes pass through to the DXF importer). Disaggregation in ADX is normally category attributes, but
//   DHIS2's ADX importer uses a categoryOptionCombo attribute on the dataValue in preference to them, and with
//   neither present a data element with the default category combo gets the default combo (dhis2-core,
//   DefaultAdxDataService.convertAttributesToDxf returns early for a default combo). Our mapping holds one
//   categoryOptionCombo uid per row, so we write it as that attribute, and leave it out for the default combo.
// - ADX is read with the *code* id scheme unless told otherwise; our dataSet, dataElement and categoryOptionCombo
//   ids are uids and orgUnit is the MFL code, so a person uploading the file must post it with ADX_IMPORT_QUERY.
import { countyDateTime } from '../../../shared/county-time.js';

/** One row of a form as KHIS knows it: the county's mapping of the row and the row's whole-number count. */
export type KhisValue = { rowKey: string; dataElement: string; categoryOptionCombo: string; value: number };

/** A facility's finished monthly form, ready to export. */
export type KhisForm = {
  dataSet: string;
  /** 'YYYY-MM' */
  period: string;
  /** The facility's MFL code (sent with orgUnitIdScheme=code). */
  orgUnit: string;
  /** 'YYYY-MM-DD' */
  completeDate: string;
  values: KhisValue[];
};

/** A row's count from the report: null when the system has no data for it ("not recorded"). */
export type KhisRowFigure = { rowKey: string; value: number | null };

/** The county's KHIS mapping of a row (khis_data_elements): blank until the county fills it in. */
export type KhisRowMapping = { rowKey: string; dataElement: string | null; categoryOptionCombo: string | null };

export type DataValue = { dataElement: string; categoryOptionCombo?: string; value: string };

export type DataValueSet = { dataSet: string; period: string; orgUnit: string; completeDate: string; dataValues: DataValue[] };

export type BulkDataValue = DataValue & { period: string; orgUnit: string };

/** Several facilities' forms in one request: period and orgUnit on each value (DHIS2 "bulks of data values"). */
export type BulkDataValueSet = { dataValues: BulkDataValue[] };

/** KHIS's default categoryOptionCombo (domain/REPORTING.md): a row without disaggregation. */
export const KHIS_DEFAULT_CATEGORY_OPTION_COMBO = 'NhSoXUMPK2K';

/** The query an ADX file from adxXml() needs on POST /api/dataValueSets (Content-Type application/adx+xml). */
export const ADX_IMPORT_QUERY = 'idScheme=uid&orgUnitIdScheme=code';

const ADX_NAMESPACE = 'urn:ihe:qrph:adx:2015';

/** 'YYYY-MM' → DHIS2's monthly period 'YYYYMM'. */
export function dhis2Period(period: string): string {
  return checkedMonth(period).replace('-', '');
}

/** 'YYYY-MM' → ADX's ISO 8601 interval 'YYYY-MM-01/P1M'. */
export function adxPeriod(period: string): string {
  return `${checkedMonth(period)}-01/P1M`;
}

/**
 * The values to send for a form: each row with a recorded count and a dataElement id. A row whose count is null is
 * "not recorded" and never sent; a counted row without a dataElement id is left out here and reported by
 * unmappedRows(). A blank categoryOptionCombo stays blank: DHIS2 then uses the default combo.
 */
export function khisValues(figures: KhisRowFigure[], mapping: KhisRowMapping[]): KhisValue[] {
  const byRow = new Map(mapping.map((m) => [m.rowKey, m]));
  const values: KhisValue[] = [];
  for (const f of figures) {
    if (f.value === null) continue;
    const m = byRow.get(f.rowKey);
    const dataElement = m?.dataElement?.trim();
    if (!dataElement) continue;
    values.push({ rowKey: f.rowKey, dataElement, categoryOptionCombo: m?.categoryOptionCombo?.trim() ?? '', value: f.value });
  }
  return values;
}

/**
 * Which rows have a count to send but no dataElement id (no mapping row, or a blank one): the export must say so
 * rather than silently drop them. Rows that are "not recorded" are not listed: there is nothing to send.
 */
export function unmappedRows(figures: KhisRowFigure[], mapping: KhisRowMapping[]): string[] {
  const mapped = new Set(mapping.filter((m) => m.dataElement?.trim()).map((m) => m.rowKey));
  return figures.filter((f) => f.value !== null && !mapped.has(f.rowKey)).map((f) => f.rowKey);
}

/** One facility's form as a DHIS2 data value set (POST /api/dataValueSets, JSON). */
export function dataValueSet(form: KhisForm): DataValueSet {
  checkForm(form);
  return {
    dataSet: form.dataSet,
    period: dhis2Period(form.period),
    orgUnit: form.orgUnit,
    completeDate: form.completeDate,
    dataValues: form.values.map(dataValue),
  };
}

/**
 * Several facilities' forms (a sub-county or county report) as one bulk data value set: no dataSet or completeDate
 * at the top, period and orgUnit on every value. Register each facility's completion separately.
 */
export function dataValueSets(forms: KhisForm[]): BulkDataValueSet {
  forms.forEach(checkForm);
  checkDistinctTargets(forms);
  return {
    dataValues: forms.flatMap((form) =>
      form.values.map((v) => {
        const { dataElement, categoryOptionCombo, value } = dataValue(v);
        return { dataElement, ...(categoryOptionCombo === undefined ? {} : { categoryOptionCombo }), period: dhis2Period(form.period), orgUnit: form.orgUnit, value };
      }),
    ),
  };
}

/** Facility forms as ADX XML, one <group> per form; `exported` is stamped in county time. */
export function adxXml(forms: KhisForm[], exported: Date = new Date()): string {
  forms.forEach(checkForm);
  checkDistinctTargets(forms);
  const lines = [`<?xml version="1.0" encoding="UTF-8"?>`, `<adx xmlns="${ADX_NAMESPACE}" exported="${attr(countyDateTime(exported))}">`];
  for (const form of forms) {
    lines.push(
      `  <group orgUnit="${attr(form.orgUnit)}" period="${adxPeriod(form.period)}" completeDate="${attr(form.completeDate)}" dataSet="${attr(form.dataSet)}">`,
    );
    for (const v of form.values) {
      const coc = v.categoryOptionCombo.trim();
      const combo = coc && coc !== KHIS_DEFAULT_CATEGORY_OPTION_COMBO ? ` categoryOptionCombo="${attr(coc)}"` : '';
      lines.push(`    <dataValue dataElement="${attr(v.dataElement)}"${combo} value="${wholeCount(v)}"/>`);
    }
    lines.push('  </group>');
  }
  lines.push('</adx>', '');
  return lines.join('\n');
}

function dataValue(v: KhisValue): DataValue {
  const coc = v.categoryOptionCombo.trim();
  return { dataElement: v.dataElement, ...(coc ? { categoryOptionCombo: coc } : {}), value: wholeCount(v) };
}

function wholeCount(v: KhisValue): string {
  if (!Number.isSafeInteger(v.value) || v.value < 0) throw new Error(`Row ${v.rowKey}: a KHIS value must be a whole count, not ${v.value}`);
  return String(v.value);
}

function checkedMonth(period: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) throw new Error(`A KHIS period must be a month as YYYY-MM, not "${period}"`);
  return period;
}

function checkForm(form: KhisForm): void {
  checkedMonth(form.period);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.completeDate)) throw new Error(`A KHIS completeDate must be YYYY-MM-DD, not "${form.completeDate}"`);
  if (!form.dataSet.trim()) throw new Error('The form has no KHIS dataSet id: the county fills it in under the form\'s KHIS settings');
  if (!form.orgUnit.trim()) throw new Error('The facility has no MFL code to report under');
  checkDistinctTargets([form]);
}

/**
 * Two rows mapped to the same dataElement and categoryOptionCombo would land in one KHIS cell, the second quietly
 * replacing the first: a mapping mistake to stop at, naming both rows.
 */
function checkDistinctTargets(forms: KhisForm[]): void {
  const seen = new Map<string, string>();
  for (const form of forms) {
    for (const v of form.values) {
      const coc = v.categoryOptionCombo.trim() || KHIS_DEFAULT_CATEGORY_OPTION_COMBO;
      const key = [form.orgUnit, form.period, v.dataElement, coc].join('\u0000');
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        throw new Error(`Rows ${earlier} and ${v.rowKey} of facility ${form.orgUnit} both map to KHIS data element ${v.dataElement} (${coc}) for ${form.period}`);
      }
      seen.set(key, v.rowKey);
    }
  }
}

/**
 * An XML attribute value: the five markup characters escaped, tabs and line breaks as character references (a parser
 * would otherwise fold them to spaces). Other control characters cannot appear in XML 1.0 at all, even escaped.
 */
function attr(s: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(s)) throw new Error(`${JSON.stringify(s)} holds a control character that XML cannot carry`);
  return s.replace(/[&<>"'\t\n\r]/g, (c) => XML_ESCAPES[c] ?? c);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };
