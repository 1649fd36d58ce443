// A write a device may send twice (issue 34): a registration, a visit, an invoice made offline carries the device's
// own id for it (clientId, unique per table). The second insert breaks that unique index; the answer is the row the
// first one made, read back as the route reads it. A client id on another patient's row is the device's mistake, a 409
// naming clientId. Each module passes its own table's lookup and read: the mechanism is here once.
import { conflict } from './errors.js';
import { isUniqueViolation } from './sql.js';

export type ClientIdReplay<Row, T> = {
  /** The row this client id made, if any. */
  find: (clientId: string) => Promise<Row | undefined>;
  /** Whether that row is this write's (the same patient, the same national ID). */
  same: (row: Row) => boolean;
  /** The 409's words when it is not. */
  taken: string;
  /** The row as the first write answered it. */
  read: (row: Row) => Promise<T>;
};

/**
 * `insert`'s answer; when it breaks a unique index and the write carries a client id that made a row already, that
 * row's answer. Any other failure, a unique index other than the client id's included, is thrown as it was.
 */
export async function replayByClientId<Row, T>(clientId: string | null | undefined, insert: () => Promise<T>, replay: ClientIdReplay<Row, T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (!clientId || !isUniqueViolation(error)) throw error;
    const row = await replay.find(clientId);
    if (row === undefined) throw error;
    if (!replay.same(row)) throw conflict(replay.taken, [{ path: 'clientId', message: replay.taken }]);
    return replay.read(row);
  }
}
