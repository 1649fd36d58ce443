// The Sync screen (issue 34): what this device saved while the link was down and what became of it — waiting, sent,
// or refused with the server's reasons. A registration refused because the national ID was registered meanwhile
// (at another facility, say) is resolved here: attached to the patient already registered, so the visits queued
// behind it go to that patient, or sent again with the ID corrected. A refused write can be given up, after a
// question; nothing leaves the outbox silently.
import syncStrings from 'locales:en/sync';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient } from '../../../shared/patients';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { toast } from '../../components/ui/use-toast';
import { useOnline } from '../../components/offline-banner';
import { apiList, qs } from '../../lib/api-client';
import { addEnglish } from '../../lib/i18n';
import { formatDate, formatTime } from '../../lib/locale-format';
import { outboxDeps, syncNow, type OutboxEntry } from '../../lib/offline';
import { attached, corrected, discardEntry, updateEntry } from '../../lib/offline/sync';
import { useOutboxEntries } from '../../lib/offline/use-outbox';

// The screen's English strings arrive with it (lib/i18n.ts); its Kiswahili ones are in the app's sw.json.
addEnglish(syncStrings);

type Entry = OutboxEntry;

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

const STATUS_VARIANT = { pending: 'warning', sent: 'success', failed: 'danger' } as const;

export function SyncPage() {
  const { t } = useTranslation();
  const entries = useOutboxEntries();
  const online = useOnline();
  const [sending, setSending] = useState(false);
  const waiting = entries?.filter((e) => e.status === 'pending').length ?? 0;
  const failed = entries?.filter((e) => e.status === 'failed').length ?? 0;

  const sendNow = async () => {
    setSending(true);
    const outcome = await syncNow().catch(() => null);
    setSending(false);
    if (!outcome) return;
    if (outcome.stoppedBy === 'offline') toast({ variant: 'destructive', title: t('sync.stoppedTitle'), description: t('sync.stoppedBody') });
    else toast({ title: t('sync.doneTitle'), description: t('sync.doneBody', { sent: outcome.sent, failed: outcome.failed }) });
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('sync.title')}</h1>
          <p className="text-muted-foreground">{t('sync.subtitle')}</p>
        </div>
        <div className="grid justify-items-end gap-1">
          <Button onClick={() => void sendNow()} disabled={!online || sending || waiting === 0} data-testid="sync-now">
            {sending ? t('sync.sending') : t('sync.sendNow')}
          </Button>
          {/* A button that cannot be pressed says why. */}
          {!online ? (
            <p className="flex items-center gap-1 text-xs text-muted-foreground">
              {t('sync.needsConnection')}
            </p>
          ) : waiting === 0 ? (
            <p className="text-xs text-muted-foreground">{t('sync.nothingWaiting')}</p>
          ) : null}
        </div>
      </div>
      <p className="text-sm" role="status" data-testid="sync-summary">
        {entries === undefined ? t('common.loading') : t('sync.summary', { waiting, failed, sent: entries.length - waiting - failed })}
      </p>
      {entries?.length === 0 ? <p className="text-sm text-muted-foreground">{t('sync.empty')}</p> : null}
      <ol className="grid gap-3">
        {entries?.map((entry) => (
          <li key={entry.seq}>
            <EntryCard entry={entry} entries={entries} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function EntryCard({ entry, entries }: { entry: Entry; entries: Entry[] }) {
  const { t } = useTranslation();
  const registration = entry.patientClientId ? entries.find((e) => e.kind === 'patient' && e.body.clientId === entry.patientClientId) : undefined;
  const blocked = entry.status === 'pending' && registration !== undefined && registration.status === 'failed';
  return (
    <Card data-testid="sync-entry" data-status={entry.status}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle className="text-base">
          {t(`sync.kind.${entry.kind}`)} — {entry.label}
        </CardTitle>
        <Badge variant={STATUS_VARIANT[entry.status]}>{t(`sync.status.${entry.status}`)}</Badge>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p className="text-muted-foreground">{t('sync.recordedAt', { when: when(entry.recordedAt) })}</p>
        {entry.status === 'sent' && entry.sentAt ? <p className="text-muted-foreground">{t('sync.sentAt', { when: when(entry.sentAt) })}</p> : null}
        {blocked ? <p className="text-yellow-900">{t('sync.blocked', { name: registration.label })}</p> : null}
        {entry.status === 'failed' && entry.error ? <Refusal entry={entry} /> : null}
      </CardContent>
    </Card>
  );
}

/** Why the server refused a write, field by field, and what can be done about it. */
function Refusal({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const [discarding, setDiscarding] = useState(false);
  const error = entry.error!;
  const nationalIdTaken = entry.kind === 'patient' && error.status === 409 && error.issues.some((i) => i.path === 'nationalId');
  return (
    <div className="grid gap-2 rounded-md border border-destructive/40 bg-red-50 p-3" role="alert">
      <p className="font-medium text-red-900">{error.message}</p>
      {error.issues.length > 0 ? (
        <ul className="list-disc pl-5 text-red-900">
          {error.issues.map((i) => (
            <li key={`${i.path}:${i.message}`}>{i.path ? `${t(`sync.field.${i.path}`, { defaultValue: i.path })}: ${i.message}` : i.message}</li>
          ))}
        </ul>
      ) : null}
      {nationalIdTaken ? <NationalIdConflict entry={entry} /> : null}
      <div>
        <Button variant="outline" size="sm" onClick={() => setDiscarding(true)}>
          {t('sync.discard')}
        </Button>
      </div>
      <ConfirmDialog
        open={discarding}
        title={t('sync.discardTitle')}
        description={t('sync.discardBody', { what: `${t(`sync.kind.${entry.kind}`)} — ${entry.label}` })}
        action={t('sync.discard')}
        running={t('sync.discarding')}
        pending={false}
        variant="destructive"
        onClose={() => setDiscarding(false)}
        onConfirm={() => void outboxDeps().then((deps) => discardEntry(deps, entry.seq)).finally(() => setDiscarding(false))}
      />
    </div>
  );
}

/**
 * The national ID was registered meanwhile: the patient it names is found, and either the queued visits go to them
 * (the registration made nothing), or the ID typed at the desk was wrong and is corrected.
 */
function NationalIdConflict({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const nationalId = String(entry.body.nationalId ?? '');
  const [match, setMatch] = useState<Patient | null | undefined>(undefined);
  const [finding, setFinding] = useState(false);
  const [newId, setNewId] = useState(nationalId);
  const [idError, setIdError] = useState<string>();

  const find = async () => {
    setFinding(true);
    try {
      const { rows } = await apiList<Patient>(`/api/patients${qs({ search: nationalId, limit: 5 })}`);
      setMatch(rows.find((p) => p.nationalId === nationalId) ?? null);
    } catch {
      toast({ variant: 'destructive', title: t('sync.stoppedTitle'), description: t('sync.needsConnection') });
    } finally {
      setFinding(false);
    }
  };
  const attach = async (patient: Patient) => {
    await updateEntry(await outboxDeps(), attached(entry, patient.id, new Date()));
    toast({ title: t('sync.attachedTitle'), description: t('sync.attachedBody', { name: `${patient.firstName} ${patient.lastName}` }) });
    void syncNow();
  };
  const correct = async () => {
    // The server checks the new ID as it checks any registration's (a refusal comes back here, naming it).
    const typed = newId.trim().toUpperCase();
    if (typed === '' || typed === nationalId) {
      setIdError(t('sync.correctIdSame'));
      return;
    }
    await updateEntry(await outboxDeps(), corrected(entry, { ...entry.body, nationalId: typed }));
    void syncNow();
  };

  return (
    <div className="grid gap-3 rounded-md border bg-background p-3">
      <p>{t('sync.conflictHelp', { nationalId })}</p>
      {match === undefined ? (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void find()} disabled={finding} data-testid="sync-find-patient">
          {t('sync.findPatient')}
        </Button>
      ) : match === null ? (
        <p className="text-muted-foreground">{t('sync.notFound')}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <span>{t('sync.registeredAs', { name: `${match.firstName} ${match.lastName}`, facility: match.facilityName })}</span>
          <Button size="sm" onClick={() => void attach(match)} data-testid="sync-attach">
            {t('sync.attach')}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <FormField id={`sync-id-${entry.seq}`} label={t('sync.correctId')} error={idError}>
          <Input
            value={newId}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            {...fieldAria(`sync-id-${entry.seq}`, idError)}
            onChange={(e) => {
              setNewId(e.target.value);
              setIdError(undefined);
            }}
          />
        </FormField>
        <Button size="sm" variant="outline" onClick={() => void correct()} data-testid="sync-correct">
          {t('sync.sendCorrected')}
        </Button>
      </div>
    </div>
  );
}
