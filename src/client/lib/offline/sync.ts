// Sending the outbox (issue 34; outbox.ts says how it works), and the Sync screen's changes to a kept write: loaded
// when there is something to send or the Sync screen opens, not with every screen (DESIGN.md §10).
import { uuidv7 } from './uuid';
import { fillPathSegment, noAnswerYet, SYNC_BATCH_MAX, SYNC_WAITS_STATUS } from '../../../shared/offline-sync-limits';
import { changed, countWaiting, listOutbox, type BatchItem, type OutboxDeps, type OutboxEntry, type SendAnswer, type SyncOutcome } from './outbox';
import { seal } from './vault';

async function save(deps: Pick<OutboxDeps, 'vault' | 'key'>, entry: OutboxEntry): Promise<void> {
  await deps.vault.put('outbox', { seq: entry.seq, status: entry.status, sealed: await seal(deps.key, entry) });
}

/** Changes a kept write (the Sync screen: a registration attached or corrected, a write given up), and says so. */
export async function updateEntry(deps: Pick<OutboxDeps, 'vault' | 'key'>, entry: OutboxEntry): Promise<void> {
  await save(deps, entry);
  await changed(deps.vault);
}

/** Gives up a write (the Sync screen, confirmed): it is deleted from the device. */
export async function discardEntry(deps: Pick<OutboxDeps, 'vault'>, seq: number): Promise<void> {
  await deps.vault.delete('outbox', seq);
  await changed(deps.vault);
}

/**
 * A failed registration corrected on the Sync screen: its new body is a new request, so it goes with a new key (the
 * old one stays bound to the old answer); its client id stays, and with it the visits that follow it.
 */
export function corrected(entry: OutboxEntry, body: Record<string, unknown>): OutboxEntry {
  return { ...entry, body: { ...body, clientId: entry.body.clientId }, id: uuidv7(), status: 'pending', error: undefined };
}

/**
 * A failed registration whose patient is already registered: the queued visits go to that patient (`patientId`),
 * and the registration itself is done (it made nothing).
 */
export function attached(entry: OutboxEntry, patientId: number, now: Date): OutboxEntry {
  return { ...entry, status: 'sent', resultId: patientId, error: undefined, sentAt: now.toISOString() };
}

/**
 * Sends the waiting writes in order, a batch at a time (POST /api/sync). A visit whose patient was registered offline
 * waits for that registration: it takes the patient's number from it once sent — or from its answer in the same
 * batch — and stays waiting behind it while it has failed. One sync at a time across the device's tabs (Web Locks); a
 * second caller waits for the first and finds nothing left to send.
 */
export async function syncOutbox(deps: OutboxDeps): Promise<SyncOutcome> {
  const run = () => sendWaiting(deps);
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request('afya-outbox-sync', run);
  return run();
}

async function sendWaiting(deps: OutboxDeps): Promise<SyncOutcome> {
  const now = deps.now ?? (() => new Date());
  const entries = await listOutbox(deps);
  // The writes others follow (a registration, an invoice), by their client id.
  const parents = new Map(entries.filter((e) => e.kind === 'patient' || e.kind === 'invoice').map((e) => [String(e.body.clientId), e]));
  const tried = new Set<number>();
  let sent = 0;
  let failed = 0;
  let stoppedBy: SyncOutcome['stoppedBy'] = null;
  for (;;) {
    const batch = nextBatch(entries, parents, tried);
    if (batch.length === 0) break;
    let answers: SendAnswer[];
    try {
      answers = await deps.send(batch);
    } catch {
      stoppedBy = 'offline';
      break;
    }
    for (const [i, answer] of answers.entries()) {
      const { entry } = batch[i]!;
      tried.add(entry.seq);
      if (answer.ok) {
        const done: OutboxEntry = { ...entry, status: 'sent', resultId: answer.id, sentAt: now().toISOString(), error: undefined };
        await save(deps, done);
        if (parents.has(String(done.body.clientId))) parents.set(String(done.body.clientId), done);
        sent += 1;
      } else if (answer.error.status === 401) {
        // The session ended: nothing more can be sent by it.
        stoppedBy = 'session';
      } else if (answer.error.status === SYNC_WAITS_STATUS) {
        // Its registration in the same batch was not done: it waits, as it would have behind it.
      } else if (noAnswerYet(answer.error.status, answer.error.code)) {
        stoppedBy = 'offline';
      } else {
        const refused: OutboxEntry = { ...entry, status: 'failed', error: answer.error };
        await save(deps, refused);
        if (parents.has(String(refused.body.clientId))) parents.set(String(refused.body.clientId), refused);
        failed += 1;
      }
      if (stoppedBy) break;
    }
    if (stoppedBy) break;
    if (answers.length < batch.length) {
      stoppedBy = 'offline';
      break;
    }
  }
  const waiting = await countWaiting(deps.vault);
  await changed(deps.vault);
  return { sent, failed, waiting, stoppedBy };
}

/**
 * The next writes to send, in order, up to SYNC_BATCH_MAX: those not yet tried in this sync whose registration or
 * invoice is known — sent before (its id), or in this batch (that write's answer) — the rest waiting behind.
 */
function nextBatch(entries: OutboxEntry[], parents: Map<string, OutboxEntry>, tried: Set<number>): BatchItem[] {
  const batch: BatchItem[] = [];
  const inBatch = new Map<string, number>();
  for (const entry of entries) {
    if (batch.length === SYNC_BATCH_MAX) break;
    if (entry.status !== 'pending' || tried.has(entry.seq)) continue;
    const item = following(entry, parents, inBatch);
    // Its registration or invoice has not reached the server (it failed, and waits for the Sync screen): neither does it.
    if (!item) continue;
    if (parents.has(String(entry.body.clientId))) inBatch.set(String(entry.body.clientId), batch.length);
    batch.push(item);
  }
  return batch;
}

/** A write as it goes: with its patient's or invoice's id when that was sent, else naming the write of the batch it comes from. */
function following(entry: OutboxEntry, parents: Map<string, OutboxEntry>, inBatch: Map<string, number>): BatchItem | undefined {
  const [clientId, field] = entry.patientClientId ? [entry.patientClientId, 'patientId'] : entry.invoiceClientId ? [entry.invoiceClientId, 'invoiceId'] : [];
  if (!clientId || !field) return { entry };
  const parent = parents.get(clientId);
  const from = inBatch.get(clientId);
  if (parent?.status === 'sent' && parent.resultId !== undefined) {
    const path = fillPathSegment(entry.path, field, parent.resultId);
    return { entry: path ? { ...entry, path } : { ...entry, body: { ...entry.body, [field]: parent.resultId } } };
  }
  return from === undefined ? undefined : { entry, use: { [field]: from } };
}
