// Which host names and origins are this server's own (issue 25 finding 5). The Host header is the browser's, but
// under DNS rebinding it is the attacker's name pointed at this server: "same origin" is decided by the hosts the
// server is configured for (ALLOWED_HOSTS and its defaults, env.ts), never by whatever Host a request carries.
import type { Config } from '../env.js';

type Protocol = 'http' | 'https';

const DEFAULT_PORT: Record<Protocol, string> = { http: '80', https: '443' };

/** host[:port] as a browser writes it for `protocol`: lower case, without the scheme's default port. */
export function canonicalHost(host: string, protocol: Protocol): string {
  const lower = host.toLowerCase();
  const suffix = `:${DEFAULT_PORT[protocol]}`;
  return lower.endsWith(suffix) ? lower.slice(0, -suffix.length) : lower;
}

const canonicalSets = new WeakMap<Config, Record<Protocol, Set<string>>>();

function allowedFor(config: Config, protocol: Protocol): Set<string> {
  let sets = canonicalSets.get(config);
  if (!sets) {
    sets = {
      http: new Set(config.allowedHosts.map((h) => canonicalHost(h, 'http'))),
      https: new Set(config.allowedHosts.map((h) => canonicalHost(h, 'https'))),
    };
    canonicalSets.set(config, sets);
  }
  return sets[protocol];
}

/** Whether the server answers for this Host (behind TRUST_PROXY, the proxy's X-Forwarded-Host: Fastify's request.host). */
export function isAllowedHost(config: Config, host: string, protocol: Protocol): boolean {
  return allowedFor(config, protocol).has(canonicalHost(host, protocol));
}

/**
 * Whether a browser's Origin is one of ours: an allowed host reached with the request's own scheme (an http page
 * may not write to the https site), or one of ALLOWED_ORIGINS as written.
 */
export function isOwnOrigin(config: Config, origin: string, protocol: Protocol): boolean {
  if (config.allowedOrigins.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === `${protocol}:` && isAllowedHost(config, url.host, protocol);
}
