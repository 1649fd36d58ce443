// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built client, once at build time, so
// the server hands a 3G phone the smallest copy its browser accepts without compressing on every request
// (@fastify/static's preCompressed, src/server/app.ts). Brotli at its best quality: built once, sent many times.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed copy saves less than the headers cost. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function precompress(dir) {
  let raw = 0;
  let br = 0;
  let count = 0;
  for (const path of files(dir)) {
    if (!TEXT.test(path) || path.includes(`${join(dir, '.vite')}`)) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    raw += body.length;
    br += brotli.length;
    count += 1;
  }
  return { count, raw, br };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist/client';
  const { count, raw, br } = precompress(dir);
  console.log(`precompressed ${count} files in ${dir}: ${(raw / 1024).toFixed(0)} KB raw, ${(br / 1024).toFixed(0)} KB as brotli`);
}
