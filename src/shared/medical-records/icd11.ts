// ICD-11 MMS code syntax (WHO): a stem code ("1F40.Z", "CA40", "NC52.04"), optionally postcoordinated with
// extension codes into a cluster ("5C70.0&XS25": Dehydration, Severe). The codes themselves — which stems and
// extensions exist — are the bundled list the server searches (GET /api/diagnoses); this is the shape only.

const STEM = /^[0-9A-HJ-NP-W][0-9A-HJ-NP-Z]{3}(\.[0-9A-HJ-NP-Z]{1,2})?$/;
const EXTENSION = /^X[0-9A-HJ-NP-Z]{3,4}$/;

/** A diagnosis code split into its stem and extensions (the extensions sorted, so one cluster has one spelling). */
export type DiagnosisCode = { stem: string; extensions: string[] };

export function splitDiagnosisCode(code: string): DiagnosisCode {
  const [stem = '', ...extensions] = code.split('&');
  return { stem, extensions };
}

/** Checks and normalises a typed code: upper case, no spaces, extensions in order. */
export function parseDiagnosisCode(raw: string): { ok: true; code: string } | { ok: false; message: string } {
  const parts = raw.toUpperCase().replace(/\s+/g, '').split('&');
  const [stem = '', ...extensions] = parts;
  if (!STEM.test(stem)) return { ok: false, message: 'Not an ICD-11 code: choose a diagnosis from the list' };
  if (extensions.some((x) => !EXTENSION.test(x))) return { ok: false, message: 'An ICD-11 extension code starts with X (e.g. XS25 Severe)' };
  if (new Set(extensions).size !== extensions.length) return { ok: false, message: 'An extension code is repeated' };
  return { ok: true, code: [stem, ...[...extensions].sort()].join('&') };
}
