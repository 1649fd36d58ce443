// SPEC.md §2.6 Medical Records of one patient: skeleton of 3 rows → error with retry → 'No medical records found' → records.
// Each visit shows its coded parts too (issue 13): visit type, ICD-11 diagnoses, vitals, referral in and out, who
// corrected it last, a Correct button for its author and the facility in-charge, and the earlier versions.
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, FileText, History, PencilLine } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MedicalRecord } from '../../../shared/medical-records';
import { countyClockTime, countyDate } from '../../../shared/county-time';
import type { Patient } from '../../../shared/patients';
import { VisitLabTests } from '../laboratory';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText, fullName, lastVisitText, vitalReadings } from './patient-labels';
import { patientRecordsQuery, recordVersionsQuery, visitSummaryUrl } from './patients.api';
import { PrintLink } from '../../components/print-link';
import { formatDate } from '../../lib/locale-format';
import { roleName } from '../../lib/labels';
import { useStaff } from '../../app/use-staff';
import { facilitiesQuery } from '../facilities';
import { CorrectMedicalRecordDialog } from './correct-medical-record-dialog';
import { ageMonthsOn } from './medical-record-fields';

type Props = {
  patientId: number;
  /**
   * The patient, once read: their age flags the vitals and asks a child's MUAC in a correction, their sex and age
   * choose the codes that fit, their name titles a test's result.
   */
  patient?: Pick<Patient, 'dateOfBirth' | 'gender' | 'firstName' | 'lastName'>;
};

export function MedicalRecordsList({ patientId, patient }: Props) {
  const dateOfBirth = patient?.dateOfBirth;
  const { t } = useTranslation();
  const records = useQuery(patientRecordsQuery(patientId));
  const [correcting, setCorrecting] = useState<MedicalRecord | null>(null);
  const mayCorrect = useMayCorrect();

  if (records.isPending) {
    return (
      <ul className="grid gap-3" aria-busy="true" aria-label={t('patients.details.loadingRecords')}>
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="grid gap-2 rounded-md border p-3" data-testid="record-skeleton">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </li>
        ))}
      </ul>
    );
  }
  if (records.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 rounded-md border border-destructive p-3 text-sm">
        <p className="text-destructive">{t('common.loadError', { message: errorText(t, records.error, t('common.error')) })}</p>
        <Button variant="outline" size="sm" onClick={() => void records.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const { rows, total } = records.data;
  if (rows.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
        <FileText aria-hidden="true" className="h-8 w-8" />
        <p>{t('patients.details.noRecords')}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <ul className="grid gap-3" aria-label={t('patients.details.records')}>
        {rows.map((r) => (
          <RecordItem key={r.id} record={r} dateOfBirth={dateOfBirth} patientName={patient ? fullName(patient) : ''} onCorrect={mayCorrect(r) ? () => setCorrecting(r) : undefined} />
        ))}
      </ul>
      {total > rows.length ? <p className="text-xs text-muted-foreground">{t('patients.details.latestRecords', { count: rows.length, total })}</p> : null}
      {correcting ? <CorrectMedicalRecordDialog record={correcting} dateOfBirth={dateOfBirth} gender={patient?.gender} open onOpenChange={(open) => (open ? undefined : setCorrecting(null))} /> : null}
    </div>
  );
}

/**
 * Who may correct a visit, as the server decides (medical-records.service.ts correctMedicalRecord): its author or
 * a facility in-charge, with the records:write grant reaching the visit's facility.
 */
function useMayCorrect(): (r: MedicalRecord) => boolean {
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  return (r) => {
    if (!staff.may('records:write')) return false;
    if (!(staff.id !== null && staff.id === r.clinicianId) && staff.role !== 'facility_incharge') return false;
    const facility = facilities.data?.find((f) => f.id === r.facilityId) ?? { id: r.facilityId, subcounty: '' };
    return staff.reaches('records:write', facility);
  };
}

function RecordItem({ record: r, dateOfBirth, patientName, onCorrect }: { record: MedicalRecord; dateOfBirth?: string; patientName: string; onCorrect?: () => void }) {
  const { t } = useTranslation();
  const ageMonths = ageMonthsOn(dateOfBirth, countyDate(new Date(r.visitDate)));
  const [showHistory, setShowHistory] = useState(false);
  const historyId = `record-${r.id}-history`;
  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-semibold">{r.chiefComplaint}</h4>
          <p className="text-muted-foreground">{t('patients.details.visitAt', { date: formatDate(r.visitDate), facility: r.facilityName })}</p>
          {r.clinicianName ? (
            <p className="text-xs text-muted-foreground" data-testid="recorded-by">
              {t('patients.details.recordedBy', { name: r.clinicianName, role: roleName(t, r.clinicianRole) })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge variant={r.visitType === 'new' ? 'info' : 'outline'} data-testid="visit-type">
            {t(`patients.visitType.${r.visitType}`)}
          </Badge>
          <Badge variant="secondary">{lastVisitText(t, r.visitDate)}</Badge>
        </div>
      </div>
      <dl className="grid gap-1">
        <RecordFacts record={r} ageMonths={ageMonths} />
        {r.followUpDate ? (
          <div className="flex flex-wrap items-center gap-1">
            <dt className="flex items-center gap-1 font-medium">
              <CalendarClock aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
              {t('patients.record.followUpDate')}:
            </dt>
            <dd>{formatDate(r.followUpDate)}</dd>
          </div>
        ) : null}
      </dl>
      <VisitLabTests recordId={r.id} facilityId={r.facilityId} patientId={r.patientId} patientName={patientName} visitDate={r.visitDate} />
      {r.version > 1 && r.updatedAt ? (
        <p className="text-xs text-muted-foreground" data-testid="corrected-by">
          {t('patients.details.correctedBy', { name: r.updatedBy ?? t('common.notSpecified'), date: formatDate(r.updatedAt) })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <PrintLink
          size="sm"
          href={(lang) => visitSummaryUrl(r.id, lang)}
          label={t('patients.details.printSummary')}
          ariaLabel={t('patients.details.printSummaryOf', { date: formatDate(r.visitDate) })}
        />
        {onCorrect ? (
          <Button variant="outline" size="sm" onClick={onCorrect} aria-label={t('patients.correct.openOf', { date: formatDate(r.visitDate) })}>
            <PencilLine aria-hidden="true" />
            {t('patients.correct.open')}
          </Button>
        ) : null}
        {r.version > 1 ? (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showHistory}
            aria-controls={historyId}
            aria-label={t('patients.history.openOf', { date: formatDate(r.visitDate) })}
            onClick={() => setShowHistory((v) => !v)}
          >
            <History aria-hidden="true" />
            {t('patients.history.open')}
          </Button>
        ) : null}
      </div>
      {showHistory ? <RecordHistory id={historyId} record={r} /> : null}
    </li>
  );
}

/** A label and its value in a record's <dl>. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-1">
      <dt className="font-medium">{label}:</dt>
      <dd className="min-w-0 whitespace-pre-line">{children}</dd>
    </div>
  );
}

/** What a visit records beside its complaint: coded diagnoses, the spec's text fields, vitals and referral. */
function RecordFacts({ record: r, ageMonths }: { record: MedicalRecord; ageMonths: number | null }) {
  const { t } = useTranslation();
  const vitals = vitalReadings(t, r.vitals, ageMonths);
  return (
    <>
      {r.diagnoses.length > 0 ? (
        <Fact label={t('patients.record.diagnosesSection')}>
          <ul className="grid gap-0.5" data-testid="coded-diagnoses">
            {r.diagnoses.map((d) => (
              <li key={d.code}>
                <span className="font-mono font-semibold">{d.code}</span> {d.title}
                {d.caseType === 'repeat' ? (
                  <Badge variant="warning" className="ml-1">
                    {t('patients.caseType.repeat')}
                  </Badge>
                ) : null}
              </li>
            ))}
          </ul>
        </Fact>
      ) : null}
      {(['diagnosis', 'treatment', 'prescription'] as const).map((field) =>
        r[field] ? (
          <Fact key={field} label={t(`patients.record.${field}`)}>
            {r[field]}
          </Fact>
        ) : null,
      )}
      {vitals.length > 0 ? (
        <Fact label={t('patients.record.vitalsSection')}>
          <span data-testid="vitals-line">
            {vitals.map((v, i) => (
              <span key={v.key}>
                {i > 0 ? ' · ' : null}
                {/* A reading never breaks across lines ("97" here, "%" there); the line breaks between readings. */}
                <span className={v.flag ? 'whitespace-nowrap font-semibold text-destructive' : 'whitespace-nowrap'} data-flag={v.flag ?? undefined}>
                  <abbr title={v.title} className="no-underline">
                    {v.abbr}
                  </abbr>{' '}
                  {v.value}
                  {v.flag ? (
                    <>
                      <span aria-hidden="true">{v.flag === 'high' ? ' ↑' : ' ↓'}</span>
                      <span className="sr-only"> ({t(`patients.vitalFlag.${v.flag}`)})</span>
                    </>
                  ) : null}
                </span>
              </span>
            ))}
          </span>
        </Fact>
      ) : null}
      {r.referredFrom ? <Fact label={t('patients.record.referredFrom')}>{t(`patients.referralPlace.${r.referredFrom}`)}</Fact> : null}
      {r.referredTo ? <Fact label={t('patients.record.referredTo')}>{t(`patients.referralPlace.${r.referredTo}`)}</Fact> : null}
      {r.outcome ? (
        <Fact label={t('patients.record.outcome')}>
          <span data-testid="visit-outcome" className={r.outcome === 'died' ? 'font-semibold' : undefined}>
            {t(`patients.outcome.${r.outcome}`)}
            {r.outcomeAt ? ` · ${t('patients.details.diedAt', { time: countyClockTime(r.outcomeAt) })}` : null}
          </span>
        </Fact>
      ) : null}
    </>
  );
}

/** What of a record a correction can change, to compare two versions by. */
const COMPARED = ['chiefComplaint', 'visitType', 'referredFrom', 'referredTo', 'outcome', 'vitals', 'diagnoses', 'diagnosis', 'treatment', 'prescription', 'notes', 'followUpDate'] as const;

/** The fields of `earlier` that `later` changed. */
function changedFields(earlier: MedicalRecord, later: MedicalRecord): (typeof COMPARED)[number][] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return COMPARED.filter((k) =>
    k === 'diagnoses' ? !same(earlier.diagnoses.map((d) => [d.code, d.caseType]), later.diagnoses.map((d) => [d.code, d.caseType])) : !same(earlier[k], later[k]),
  );
}

/** A corrected record's earlier versions, newest first: who replaced each, when, why, and what it said then. */
function RecordHistory({ id, record }: { id: string; record: MedicalRecord }) {
  const { t } = useTranslation();
  const versions = useQuery(recordVersionsQuery(record.id));
  const none = t('patients.history.blank');
  return (
    <section id={id} aria-label={t('patients.history.title')} className="grid gap-2 rounded-md bg-muted/40 p-2">
      {versions.isPending ? (
        <Skeleton className="h-4 w-2/3" aria-label={t('common.loading')} />
      ) : versions.isError ? (
        <div role="alert" className="grid justify-items-start gap-2">
          <p className="text-destructive">{t('common.loadError', { message: errorText(t, versions.error, t('common.error')) })}</p>
          <Button variant="outline" size="sm" onClick={() => void versions.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : versions.data.length === 0 ? (
        <p className="text-muted-foreground">{t('patients.history.empty')}</p>
      ) : (
        <ol className="grid gap-2">
          {versions.data.map((v, i) => {
            const later = i === 0 ? record : versions.data[i - 1]!.record;
            const changed = changedFields(v.record, later);
            return (
              <li key={v.version} className="grid gap-1 border-l-2 pl-2" data-testid="record-version">
                <p className="font-medium">{t('patients.history.version', { version: v.version, name: v.replacedBy, date: formatDate(v.replacedAt) })}</p>
                {v.reason ? <p>{t('patients.history.reason', { reason: v.reason })}</p> : null}
                {changed.length > 0 ? (
                  <>
                    <p className="text-muted-foreground">{t('patients.history.itRead')}</p>
                    <dl className="grid gap-0.5">
                      {changed.map((k) => (
                        <Fact key={k} label={historyLabel(t, k)}>
                          {historyValue(t, v.record, k) || none}
                        </Fact>
                      ))}
                    </dl>
                  </>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function historyLabel(t: TFunction, k: (typeof COMPARED)[number]): string {
  switch (k) {
    case 'vitals':
      return t('patients.record.vitalsSection');
    case 'diagnoses':
      return t('patients.record.diagnosesSection');
    default:
      return t(`patients.record.${k}`);
  }
}

function historyValue(t: TFunction, r: MedicalRecord, k: (typeof COMPARED)[number]): string {
  switch (k) {
    case 'vitals':
      return vitalReadings(t, r.vitals)
        .map((p) => `${p.abbr} ${p.value}`)
        .join(' · ');
    case 'diagnoses':
      return r.diagnoses.map((d) => `${d.code} ${d.title}${d.caseType === 'repeat' ? ` (${t('patients.caseType.repeat')})` : ''}`).join('; ');
    case 'visitType':
      return t(`patients.visitType.${r.visitType}`);
    case 'referredFrom':
    case 'referredTo':
      return r[k] ? t(`patients.referralPlace.${r[k]}`) : '';
    case 'followUpDate':
      return r.followUpDate ? formatDate(r.followUpDate) : '';
    case 'outcome':
      return r.outcome ? t(`patients.outcome.${r.outcome}`) : '';
    default:
      return r[k] ?? '';
  }
}
