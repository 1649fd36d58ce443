// GET /metrics of a cluster (WORKERS > 1, main.ts). Each server process counts its own requests, reads and SMS, but
// they share one port, so a scrape reaches whichever process the first one hands the connection to: its counters
// alone, a different process's at the next scrape. So the process that is asked asks the first process, over the
// cluster's own channel, and the first asks every server process for its registries (prom-client's
// AggregatorRegistry) and answers with one set: counters and histograms summed, and each gauge as it says in
// core/metrics.ts (the largest replica lag, the job queue as any process reads it).
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const REQUEST = 'afya:metrics-request';
const ANSWER = 'afya:metrics-answer';
/** prom-client gives the server processes 5 s to answer the first; a worker waits a little longer for the sum. */
const WAIT_MS = 6000;

type Request = { type: typeof REQUEST; id: number };
type Answer = { type: typeof ANSWER; id: number; text?: string; error?: string };

const isRequest = (m: unknown): m is Request => typeof m === 'object' && m !== null && (m as Request).type === REQUEST;
const isAnswer = (m: unknown): m is Answer => typeof m === 'object' && m !== null && (m as Answer).type === ANSWER;

/** In the cluster's first process: answers each server process's request with every server process's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isRequest(message)) return;
    const answer = (a: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...a } satisfies Answer);
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

const waiting = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
let nextId = 0;

/**
 * In a server process of a cluster, as it starts: answers the first process's requests for this process's metrics
 * (an empty set until shareMetrics names its registries, so a process still starting never holds up a scrape), and
 * returns how this process asks for the cluster's.
 */
export function joinClusterMetrics(): () => Promise<string> {
  new AggregatorRegistry(); // its constructor makes this process answer the first process's requests
  process.on('message', (message: unknown) => {
    if (!isAnswer(message)) return;
    const w = waiting.get(message.id);
    if (!w) return;
    waiting.delete(message.id);
    if (message.text !== undefined) w.resolve(message.text);
    else w.reject(new Error(message.error ?? 'no metrics in the answer'));
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the first process did not answer within ${WAIT_MS / 1000} s`));
      }, WAIT_MS);
      waiting.set(id, {
        resolve: (text) => (clearTimeout(timer), resolve(text)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      process.send?.({ type: REQUEST, id } satisfies Request);
    });
}

/** The registries this server process adds to the cluster's metrics: its app's and its process's. */
export function shareMetrics(registries: Registry[]): void {
  AggregatorRegistry.setRegistries(registries);
}
