// UUIDv7 (RFC 9562 §5.7): 48 bits of Unix time in milliseconds, the version, then random bits — an id a device
// makes on its own that no other device will make, and that says roughly when it was made. Written here rather than
// taken from the `uuid` package: a dozen lines against its 0.6 KB on every signed-in screen (DESIGN.md §10's budget;
// docs/decisions/0029-offline-capture.md). outbox.test.ts checks these ids with that package's own validator.
export function uuidv7(now: number = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let ms = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
