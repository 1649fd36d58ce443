// A small DHIS2 (KHIS) for tests of the push client (modules/moh/dhis2-client.ts): a real HTTP server on a free
// loopback port that records every request and answers /api/dataValueSets and /api/completeDataSetRegistrations the
// way DHIS2 does (dhis2/dhis2-docs web-api/data.md; dhis2-core WebMessageUtils.importSummary):
// - 2.38 and later ('webMessage'): a WebMessage {httpStatus, httpStatusCode, status, message, response: ImportSummary},
//   HTTP 409 with status WARNING when any value was rejected, 200 OK otherwise.
// - 2.36 and 2.37 ('importSummary'): the bare ImportSummary, HTTP 200 even with conflicts.
// Counts come from the body: a value not stored before is imported, one stored before is updated, one whose data
// element the test marked as conflicting is ignored with a conflict. A dry run answers the same counts and stores
// nothing. Wrong credentials get 401; a path outside the API gets an HTML page, as a DHIS2 login screen would.
// GET /api/dataSets/{id} answers a dataSet's metadata (mock-dhis2-metadata.ts: a 705A dataSet as KHIS names things,
// and small 705B and 717 ones), or DHIS2's 404 WebMessage for a dataSet it does not have.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MOCK_DATA_SETS, type MockDataSet } from './mock-dhis2-metadata.js';

export * from './mock-dhis2-metadata.js';

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The Authorization header as sent. */
  authorization: string | undefined;
  contentType: string | undefined;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
};

export type MockDhis2Options = {
  username?: string;
  password?: string;
  /** The response shape: 'webMessage' (DHIS2 2.38+, the default) or 'importSummary' (2.36, 2.37). */
  shape?: 'webMessage' | 'importSummary';
  /** Wait this long before answering (for timeouts). */
  delayMs?: number;
  /** Serve the API under this path, as a DHIS2 deployed at https://host/dhis does (default: at the root). */
  basePath?: string;
  /**
   * Data elements not set to "store zero data values" (DHIS2's default): a zero is skipped with the conflict
   * "Value is zero and not significant", as DHIS2 does, and nothing is stored for it.
   */
  zeroNotStored?: boolean;
  /** The dataSets GET /api/dataSets/{id} knows (default: MOCK_DATA_SETS). */
  dataSets?: MockDataSet[];
};

export type MockDhis2 = {
  url: string;
  requests: RecordedRequest[];
  /** Stored data values: `${orgUnit}|${period}|${dataElement}|${categoryOptionCombo}` → value. */
  stored: Map<string, string>;
  /** Stored completions: `${dataSet}|${period}|${orgUnit}` → date. */
  completions: Map<string, string>;
  /**
   * From now on, reject every value of this data element as DHIS2 rejects an unknown one (E7610), or every completion
   * of this data set (the whole registration import fails, status ERROR).
   */
  conflictOn(id: string): void;
  close(): Promise<void>;
};

export const MOCK_DHIS2_USERNAME = 'busia.hro';
export const MOCK_DHIS2_PASSWORD = 'Kh1s-test-pass';

type Conflict = { object: string; value: string; objects?: Record<string, string>; errorCode?: string; property?: string; indexes?: number[] };
type Counts = { imported: number; updated: number; ignored: number; deleted: number };

export async function start(options: MockDhis2Options = {}): Promise<MockDhis2> {
  const username = options.username ?? MOCK_DHIS2_USERNAME;
  const password = options.password ?? MOCK_DHIS2_PASSWORD;
  const shape = options.shape ?? 'webMessage';
  const requests: RecordedRequest[] = [];
  const stored = new Map<string, string>();
  const completions = new Map<string, string>();
  const conflicting = new Set<string>();
  const dataSets = options.dataSets ?? MOCK_DATA_SETS;
  const api = `${options.basePath ?? ''}/api`;
  const expectedAuth = `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;

  const server = createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => send(res, 500, { httpStatus: 'Internal Server Error', httpStatusCode: 500, status: 'ERROR', message: String(e) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://mock');
    const text = await readBody(req);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // kept as text
    }
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body,
    });
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));

    const metadata = url.pathname.startsWith(`${api}/dataSets/`) ? /^([^/.]+)(\.json)?$/.exec(url.pathname.slice(`${api}/dataSets/`.length)) : null;
    if (metadata && req.method === 'GET') {
      if (req.headers.authorization !== expectedAuth) {
        send(res, 401, { httpStatus: 'Unauthorized', httpStatusCode: 401, status: 'ERROR', message: 'Unauthorized' });
        return;
      }
      const set = dataSets.find((d) => d.id === metadata[1]);
      if (set) send(res, 200, set);
      else send(res, 404, { httpStatus: 'Not Found', httpStatusCode: 404, status: 'ERROR', message: `DataSet with id ${metadata[1]} could not be found.` });
      return;
    }
    if (url.pathname !== `${api}/dataValueSets` && url.pathname !== `${api}/completeDataSetRegistrations`) {
      res.writeHead(200, { 'content-type': 'text/html;charset=UTF-8' }).end('<!DOCTYPE html><html><head><title>DHIS 2</title></head><body>Sign in</body></html>');
      return;
    }
    if (req.headers.authorization !== expectedAuth) {
      send(res, 401, { httpStatus: 'Unauthorized', httpStatusCode: 401, status: 'ERROR', message: 'Unauthorized' });
      return;
    }
    if (req.method !== 'POST' || !req.headers['content-type']?.startsWith('application/json') || typeof body !== 'object' || body === null) {
      send(res, 415, { httpStatus: 'Unsupported Media Type', httpStatusCode: 415, status: 'ERROR', message: 'Send a JSON body with POST' });
      return;
    }
    const dryRun = url.searchParams.get('dryRun') === 'true';
    if (url.pathname === `${api}/dataValueSets`) answer(res, importValues(body as DataValueSetBody, dryRun), dryRun);
    else answer(res, registerCompletion(body as CompletionBody, dryRun), dryRun);
  }

  type DataValueSetBody = { period?: string; orgUnit?: string; dataValues?: { dataElement: string; categoryOptionCombo?: string; period?: string; orgUnit?: string; value: string }[] };

  function importValues(set: DataValueSetBody, dryRun: boolean): { counts: Counts; conflicts: Conflict[] } {
    const counts: Counts = { imported: 0, updated: 0, ignored: 0, deleted: 0 };
    const conflicts: Conflict[] = [];
    (set.dataValues ?? []).forEach((v, i) => {
      if (conflicting.has(v.dataElement)) {
        counts.ignored++;
        conflicts.push({
          object: v.dataElement,
          objects: { dataElement: v.dataElement },
          value: `Data element not found or not accessible: \`${v.dataElement}\``,
          errorCode: 'E7610',
          property: 'dataElement',
          indexes: [i],
        });
        return;
      }
      if (options.zeroNotStored && Number(v.value) === 0) {
        counts.ignored++;
        conflicts.push({ object: v.dataElement, value: `Value is zero and not significant, must match data element: \`${v.dataElement}\``, errorCode: 'E7641', indexes: [i] });
        return;
      }
      const key = [v.orgUnit ?? set.orgUnit, v.period ?? set.period, v.dataElement, v.categoryOptionCombo ?? 'default'].join('|');
      if (stored.has(key)) counts.updated++;
      else counts.imported++;
      if (!dryRun) stored.set(key, v.value);
    });
    return { counts, conflicts };
  }

  type CompletionBody = { completeDataSetRegistrations?: { dataSet: string; period: string; organisationUnit: string; completed?: boolean; date?: string }[] };

  function registerCompletion(body: CompletionBody, dryRun: boolean): { counts: Counts; conflicts: Conflict[]; failed?: boolean } {
    const counts: Counts = { imported: 0, updated: 0, ignored: 0, deleted: 0 };
    const unknown = (body.completeDataSetRegistrations ?? []).find((r) => conflicting.has(r.dataSet));
    if (unknown) {
      counts.ignored = body.completeDataSetRegistrations?.length ?? 0;
      return { counts, conflicts: [{ object: unknown.dataSet, value: 'Data set not found or not accessible' }], failed: true };
    }
    for (const r of body.completeDataSetRegistrations ?? []) {
      const key = [r.dataSet, r.period, r.organisationUnit].join('|');
      if (completions.has(key)) counts.updated++;
      else counts.imported++;
      if (!dryRun) completions.set(key, r.date ?? new Date().toISOString().slice(0, 10));
    }
    return { counts, conflicts: [] };
  }

  function answer(res: ServerResponse, { counts, conflicts, failed }: { counts: Counts; conflicts: Conflict[]; failed?: boolean }, dryRun: boolean): void {
    const status = failed ? 'ERROR' : conflicts.length ? 'WARNING' : 'SUCCESS';
    const summary = {
      responseType: 'ImportSummary',
      status,
      importOptions: { idSchemes: {}, dryRun, async: false, importStrategy: 'CREATE_AND_UPDATE', mergeMode: 'REPLACE', reportMode: 'FULL' },
      description: failed ? 'Import process failed' : 'Import process completed successfully',
      importCount: counts,
      // 2.36 and 2.37 wrote a conflict as {object, value} only.
      conflicts: shape === 'webMessage' ? conflicts : conflicts.map(({ object, value }) => ({ object, value })),
      ...(shape === 'webMessage' ? { rejectedIndexes: conflicts.flatMap((c) => c.indexes ?? []) } : {}),
      dataSetComplete: 'false',
    };
    if (shape === 'importSummary') {
      send(res, 200, summary);
      return;
    }
    send(
      res,
      failed || conflicts.length ? 409 : 200,
      failed
        ? { httpStatus: 'Conflict', httpStatusCode: 409, status: 'ERROR', message: 'An error occurred, please check import summary.', response: summary }
        : conflicts.length
        ? { httpStatus: 'Conflict', httpStatusCode: 409, status: 'WARNING', message: 'One more conflicts encountered, please check import summary.', response: summary }
        : { httpStatus: 'OK', httpStatusCode: 200, status: 'OK', message: 'Import was successful.', response: summary },
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stored,
    completions,
    conflictOn: (id) => void conflicting.add(id),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
