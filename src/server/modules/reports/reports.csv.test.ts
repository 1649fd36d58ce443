// A report as one CSV table (reports.csv.ts): its sections' columns side by side under one header, each row under its
// section's columns, the scope and period on every row — worded in the reader's language.
import { describe, expect, it } from 'vitest';
import type { ReportSection } from '../../../shared/reports/index.js';
import { reportCsv, storedReportCsv } from './reports.csv.js';
import { say } from './analyses/words.js';

const register: ReportSection = {
  title: 'MOH 204A Outpatient Register (under 5 years)',
  columns: ['Date', 'Facility', 'New / Revisit', 'Sex', 'Diagnosis (ICD-11)'],
  rows: [
    ['2026-02-20', 'Busibwabo Dispensary', 'New', 'M', '1F40.Z Malaria'],
    ['2026-02-25', 'Busia County Referral Hospital', 'Revisit', 'F', null],
  ],
  note: null,
};

describe('a report as one CSV table', () => {
  it('puts one section under one header, its scope and period on every row; in Kiswahili its heads and its words too', () => {
    const data = { sections: [register], scope: 'Matayos Sub-county', periodLabel: '2026-02-15 to 2026-03-16' };
    expect(reportCsv(data, 'en')).toEqual([
      ['Scope', 'Period', 'Date', 'Facility', 'New / Revisit', 'Sex', 'Diagnosis (ICD-11)'],
      ['Matayos Sub-county', '2026-02-15 to 2026-03-16', '2026-02-20', 'Busibwabo Dispensary', 'New', 'M', '1F40.Z Malaria'],
      ['Matayos Sub-county', '2026-02-15 to 2026-03-16', '2026-02-25', 'Busia County Referral Hospital', 'Revisit', 'F', null],
    ]);
    expect(reportCsv(data, 'sw')).toEqual([
      ['Eneo', 'Kipindi', 'Tarehe', 'Kituo', 'Mpya / Marudio', 'Jinsia', 'Utambuzi (ICD-11)'],
      ['Kaunti Ndogo ya Matayos', '15 Februari 2026 hadi 16 Machi 2026', '2026-02-20', 'Busibwabo Dispensary', 'Mpya', 'Me', '1F40.Z Malaria'],
      ['Kaunti Ndogo ya Matayos', '15 Februari 2026 hadi 16 Machi 2026', '2026-02-25', 'Busia County Referral Hospital', 'Marudio', 'Ke', null],
    ]);
  });

  it('lays several sections side by side: a section column, each head once, a cell another section has left empty', () => {
    const byFacility: ReportSection = { title: 'Visits by facility', columns: ['MFL code', 'Facility', 'Visits'], rows: [['15834', 'Busia County Referral Hospital', 12]], note: 'A note stays in the PDF.' };
    const byMethod: ReportSection = { title: 'Visits by hour', columns: ['Hour', 'Visits', 'Visits'], rows: [['08:00', 3, 4]], note: null };
    const rows = reportCsv({ sections: [byFacility, byMethod], scope: 'All Facilities', periodLabel: 'February 2026' }, 'en');
    expect(rows).toEqual([
      ['Scope', 'Period', 'Section', 'MFL code', 'Facility', 'Visits', 'Hour', 'Visits'],
      ['All Facilities', 'February 2026', 'Visits by facility', '15834', 'Busia County Referral Hospital', 12, null, null],
      ['All Facilities', 'February 2026', 'Visits by hour', null, null, 3, '08:00', 4],
    ]);
    expect(reportCsv({ sections: [byFacility], scope: 'All Facilities', periodLabel: 'February 2026' }, 'sw')[1]!.slice(0, 2)).toEqual(['Vituo Vyote', 'Februari 2026']);
  });

  it("words an analysis's heads and title from its phrases, and leaves a head that is data as it is", () => {
    const section: ReportSection = {
      title: 'Facility utilization',
      columns: ['MFL code', 'Facility', '2026-W07'],
      rows: [['15834', 'Busia County Referral Hospital', 5]],
      note: null,
      text: { title: say('utilization.title'), columns: [say('col.mflCode'), say('col.facility'), say('asRecorded', { text: '2026-W07' })], notes: [] },
    };
    expect(reportCsv({ sections: [section, { ...section, rows: [] }], scope: 'Busia County Referral Hospital', periodLabel: 'February 2026' }, 'sw')).toEqual([
      ['Eneo', 'Kipindi', 'Sehemu', 'Nambari ya MFL', 'Kituo', '2026-W07'],
      ['Busia County Referral Hospital', 'Februari 2026', 'Matumizi ya vituo', '15834', 'Busia County Referral Hospital', 5],
    ]);
  });

  it('makes a file stored before the figures were kept one table: each line a row as wide as the widest', () => {
    expect(storedReportCsv('\uFEFFMOH 705A\nBusia\n\nNo.,Disease,Total\r\n1,"Diarrhoea, with dehydration",4\n')).toEqual([
      ['MOH 705A', '', ''],
      ['Busia', '', ''],
      ['No.', 'Disease', 'Total'],
      ['1', 'Diarrhoea, with dehydration', '4'],
    ]);
    expect(storedReportCsv('')).toEqual([]);
  });
});
