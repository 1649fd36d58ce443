// The outbox (issue 34) on a real IndexedDB implementation (fake-indexeddb) and Node's WebCrypto: writes kept
// sealed and sent in order with their own ids; a visit behind an offline registration takes the patient's number
// from it, and waits while it is refused; no answer stops the sync with nothing lost; a refused registration is
// attached to a patient or corrected, and the visits behind it follow.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { validate, version } from 'uuid';
import { enqueue, listOutbox, type OutboxDeps, type OutboxEntry, type SendAnswer } from './outbox';
import { attached, corrected, syncOutbox, updateEntry } from './sync';
import { uuidv7 } from './uuid';
import { fillPathSegment } from '../../../shared/offline-sync-limits';
import { openVault, unseal, wipeVault, type Sealed } from './vault';

const KEY = Buffer.alloc(32, 7).toString('base64');
const OTHER_KEY = Buffer.alloc(32, 9).toString('base64');
const EXPIRES = '2999-01-01T00:00:00.000Z';

afterEach(() => wipeVault());

async function vaultOf(userId = 5, key = KEY) {
  const opened = await openVault(userId, async () => ({ key, sessionExpiresAt: EXPIRES }));
  if (!opened) throw new Error('no vault');
  return opened;
}

const registration = (nationalId: string) => ({ kind: 'patient' as const, method: 'POST' as const, path: '/api/patients', body: { nationalId, firstName: 'Atieno', lastName: 'Okumu' }, label: 'Atieno Okumu' });
const visitFor = (patientClientId: string) => ({ kind: 'visit' as const, method: 'POST' as const, path: '/api/medical-records', body: { facilityId: 4, chiefComplaint: 'Fever' }, patientClientId, label: 'Atieno Okumu' });

type Answer = SendAnswer;
/**
 * A server that answers from a script, one answer a write, and notes what it was sent — as POST /api/sync answers a
 * batch: a write whose patient comes from an earlier write's answer takes it (or waits, 424, when it was not done);
 * no network before the first write throws, and the answers stop at the first write it could not answer.
 */
function server(answers: ((entry: OutboxEntry) => Answer | 'offline')[]) {
  const sent: OutboxEntry[] = [];
  const batches: number[] = [];
  const send: OutboxDeps['send'] = async (batch) => {
    batches.push(batch.length);
    const out: Answer[] = [];
    for (const { entry, use } of batch) {
      let toSend = entry;
      const [field, index] = Object.entries(use ?? {})[0] ?? [];
      if (field !== undefined && index !== undefined) {
        const from = out[index];
        if (!from?.ok) {
          out.push({ ok: false, error: { status: 424, message: 'waits', issues: [] } });
          continue;
        }
        const path = fillPathSegment(entry.path, field, from.id);
        toSend = path ? { ...entry, path } : { ...entry, body: { ...entry.body, [field]: from.id } };
      }
      const answer = (answers.shift() ?? (() => 'offline' as const))(toSend);
      if (answer === 'offline') {
        if (out.length === 0) throw new TypeError('Failed to fetch');
        break;
      }
      sent.push(toSend);
      out.push(answer);
      if (!answer.ok && (answer.error.status >= 500 || answer.error.status === 401)) break;
    }
    return out;
  };
  return { sent, send, batches };
}
const refused = (status: number, path: string, message: string): Answer => ({ ok: false, error: { status, message, issues: [{ path, message }] } });

describe('the outbox', () => {
  it('keeps each write sealed: only its status can be read without the key', async () => {
    const { vault, key } = await vaultOf();
    const kept = await enqueue({ vault, key }, registration('45000001'));
    const [raw] = await vault.getAll('outbox');
    expect(raw!.status).toBe('pending');
    expect(JSON.stringify(raw)).not.toContain('Atieno');
    expect(await unseal<OutboxEntry>(key, raw!.sealed)).toMatchObject({ id: kept.id, body: { nationalId: '45000001', clientId: kept.id } });
    // Another session's key opens nothing.
    const other = await crypto.subtle.importKey('raw', Buffer.from(OTHER_KEY, 'base64'), 'AES-GCM', false, ['decrypt']);
    await expect(unseal(other, raw!.sealed as Sealed)).rejects.toThrow();
  });

  it('sends in order with each write\'s id as its key; a visit behind an offline registration takes its patient number', async () => {
    const deps = await vaultOf();
    const patient = await enqueue(deps, registration('45000002'));
    const visit = await enqueue(deps, visitFor(patient.id));
    const { sent, send } = server([() => ({ ok: true, id: 901 }), () => ({ ok: true, id: 77 })]);
    expect(await syncOutbox({ ...deps, send })).toEqual({ sent: 2, failed: 0, waiting: 0, stoppedBy: null });
    expect(sent.map((e) => e.id)).toEqual([patient.id, visit.id]);
    expect(sent[1]!.body).toMatchObject({ patientId: 901, clientId: visit.id });
    expect((await listOutbox(deps)).map((e) => [e.status, e.resultId])).toEqual([
      ['sent', 901],
      ['sent', 77],
    ]);
  });

  it('sends cash after its invoice, and the invoice after its patient: each takes the id the one before it got', async () => {
    const deps = await vaultOf();
    const patient = await enqueue(deps, registration('45000011'));
    const invoice = await enqueue(deps, { kind: 'invoice', method: 'POST', path: '/api/billing', body: { amount: 300, paymentMethod: 'cash' }, patientClientId: patient.id, label: 'Atieno Okumu' });
    const cash = await enqueue(deps, { kind: 'payment', method: 'POST', path: '/api/billing/:invoiceId/payments', body: { method: 'cash', receiptNumber: 'RCT-2026-B00003-01' }, invoiceClientId: invoice.id, label: 'Atieno Okumu' });
    // The first sync: the link drops after the registration; the second sends the rest, the invoice's number filling the path.
    const first = server([() => ({ ok: true, id: 901 }), () => 'offline']);
    expect(await syncOutbox({ ...deps, send: first.send })).toMatchObject({ sent: 1, waiting: 2, stoppedBy: 'offline' });
    const second = server([() => ({ ok: true, id: 4411 }), () => ({ ok: true, id: 88 })]);
    expect(await syncOutbox({ ...deps, send: second.send })).toEqual({ sent: 2, failed: 0, waiting: 0, stoppedBy: null });
    expect(second.sent.map((e) => [e.path, e.body.patientId])).toEqual([
      ['/api/billing', 901],
      ['/api/billing/4411/payments', undefined],
    ]);
    expect(second.sent[0]!.body.clientId).toBe(invoice.id);
    expect((await listOutbox(deps)).map((e) => e.resultId)).toEqual([901, 4411, 88]);
    expect(cash.body).toEqual({ method: 'cash', receiptNumber: 'RCT-2026-B00003-01' });
  });

  it('sends a long outbox in batches of at most 50, in order, each visit with the number its registration got', async () => {
    const deps = await vaultOf();
    for (let i = 0; i < 60; i += 1) {
      const patient = await enqueue(deps, registration(String(46_000_000 + i)));
      await enqueue(deps, visitFor(patient.id));
    }
    let next = 1000;
    const { sent, send, batches } = server(Array.from({ length: 120 }, () => () => ({ ok: true as const, id: (next += 1) })));
    expect(await syncOutbox({ ...deps, send })).toEqual({ sent: 120, failed: 0, waiting: 0, stoppedBy: null });
    expect(batches).toEqual([50, 50, 20]);
    const kept = await listOutbox(deps);
    expect(sent.map((e) => e.id)).toEqual(kept.map((e) => e.id));
    // Every visit went to the patient its registration made, across the batches' edges too.
    for (let i = 0; i < 120; i += 2) expect(sent[i + 1]!.body.patientId).toBe(kept[i]!.resultId);
  });

  it('stops without an answer, losing nothing: the same writes, in the same order, next time', async () => {
    const deps = await vaultOf();
    const patient = await enqueue(deps, registration('45000003'));
    await enqueue(deps, visitFor(patient.id));
    const first = server([() => 'offline']);
    expect(await syncOutbox({ ...deps, send: first.send })).toMatchObject({ sent: 0, waiting: 2, stoppedBy: 'offline' });
    // A server restarting (503) or a twin still being handled is no answer either.
    const busy = server([() => refused(503, '', 'Service Unavailable')]);
    expect(await syncOutbox({ ...deps, send: busy.send })).toMatchObject({ sent: 0, waiting: 2, stoppedBy: 'offline' });
    const second = server([() => ({ ok: true, id: 902 }), () => ({ ok: true, id: 78 })]);
    expect(await syncOutbox({ ...deps, send: second.send })).toMatchObject({ sent: 2, waiting: 0 });
    expect(second.sent.map((e) => e.kind)).toEqual(['patient', 'visit']);
  });

  it('keeps a refusal with its reasons; the visit behind it waits, an unrelated write goes; a session ended stops all', async () => {
    const deps = await vaultOf();
    const patient = await enqueue(deps, registration('45000004'));
    const visit = await enqueue(deps, visitFor(patient.id));
    const other = await enqueue(deps, registration('45000005'));
    const taken = refused(409, 'nationalId', 'A patient with this national ID is already registered');
    const { sent, send } = server([() => taken, () => ({ ok: true, id: 903 })]);
    expect(await syncOutbox({ ...deps, send })).toEqual({ sent: 1, failed: 1, waiting: 1, stoppedBy: null });
    expect(sent.map((e) => e.id)).toEqual([patient.id, other.id]);
    const [kept, waiting] = await listOutbox(deps);
    expect(kept).toMatchObject({ status: 'failed', error: taken.ok ? undefined : taken.error });
    expect(waiting).toMatchObject({ id: visit.id, status: 'pending' });

    // Attached to the patient registered meanwhile: the visit goes to them.
    await updateEntry(deps, attached(kept!, 640, new Date()));
    const after = server([() => ({ ok: true, id: 79 })]);
    expect(await syncOutbox({ ...deps, send: after.send })).toMatchObject({ sent: 1, waiting: 0 });
    expect(after.sent[0]!.body).toMatchObject({ patientId: 640 });

    // A session ended stops the sync: nothing more can be sent by it.
    await enqueue(deps, registration('45000006'));
    await enqueue(deps, registration('45000007'));
    const ended = server([() => refused(401, '', 'Unauthorized')]);
    expect(await syncOutbox({ ...deps, send: ended.send })).toMatchObject({ sent: 0, waiting: 2, stoppedBy: 'session' });
  });

  it('sends a corrected registration with a new key and its own client id, so the visits behind it still follow', async () => {
    const deps = await vaultOf();
    const patient = await enqueue(deps, registration('45000008'));
    const fixed = corrected({ ...patient, status: 'failed' }, { ...patient.body, nationalId: '45000009' });
    expect(fixed.id).not.toBe(patient.id);
    expect(fixed.body).toMatchObject({ nationalId: '45000009', clientId: patient.id });
    expect(fixed.status).toBe('pending');
  });
});

describe('a UUIDv7', () => {
  it('is a valid version 7 UUID that begins with the time it was made, so ids sort by time', () => {
    const at = Date.UTC(2026, 10, 30, 23, 59, 59, 999);
    const id = uuidv7(at);
    expect(validate(id)).toBe(true);
    expect(version(id)).toBe(7);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    expect(uuidv7(at) < uuidv7(at + 1)).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => uuidv7(at))).size).toBe(1000);
  });
});

describe('the vault', () => {
  it("is another member of staff's no longer: opened for someone else, what was kept is gone", async () => {
    const mine = await vaultOf(5);
    await enqueue(mine, registration('45000010'));
    const theirs = await vaultOf(6, OTHER_KEY);
    expect(await listOutbox(theirs)).toEqual([]);
  });
});
