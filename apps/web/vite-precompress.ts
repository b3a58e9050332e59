// Brotli and gzip copies of the built files beside the originals (main.js → main.js.br, main.js.gz), so the server
// sends compressed bytes without compressing on each request (apps/server/src/lib/static-assets.ts negotiates).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats that shrink; HTML is left out: the server fills in each page (nonce, runtime config) per response. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|wasm|txt|xml)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Compresses every compressible file of at least 1 KB under `outDir` (skipping `skip`, another build's folder). */
export async function precompressDirectory(outDir: string, skip?: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = filesUnder(outDir).filter((file) => COMPRESSIBLE.test(file) && !(skip && file.startsWith(skip + path.sep)));
  let count = 0;
  let bytes = 0;
  let brotliBytes = 0;
  await Promise.all(
    files.map(async (file) => {
      const source = await fs.promises.readFile(file);
      if (source.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        }),
        gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      // A copy that is not smaller is not written; the server then sends the original.
      if (br.length < source.length) await fs.promises.writeFile(`${file}.br`, br);
      if (gz.length < source.length) await fs.promises.writeFile(`${file}.gz`, gz);
      count += 1;
      bytes += source.length;
      brotliBytes += Math.min(br.length, source.length);
    }),
  );
  return { files: count, bytes, brotliBytes };
}

/** Vite plugin: after the bundle is written, the compressed copies. */
export function precompress(options: { outDir: string; skip?: string }): Plugin {
  return {
    name: 'rampart-precompress',
    apply: 'build',
    async closeBundle() {
      const { files, bytes, brotliBytes } = await precompressDirectory(options.outDir, options.skip);
      console.log(`precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli`);
    },
  };
}
