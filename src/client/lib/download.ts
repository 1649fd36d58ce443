// Files the browser builds from data already on screen (the dashboard's and revenue's Export Report, the reports list,
// the IPPD differences).
import { CSV_BOM } from '../../shared/csv';
import { LANGUAGES, type Language } from '../../shared/language';

/** The language a file the server makes is asked in (?lang): the screen's (a CSV's heads and words, as a printed document's). */
export const fileLanguage = (language: string | undefined): Language => ((LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en');

/** Saves text as a file through a Blob link (no server round trip). A BOM lets spreadsheets read it as UTF-8 (issue 33 item 4). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([CSV_BOM, text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves a file the server made (already fetched) under its name. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
