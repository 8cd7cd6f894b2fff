import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|html|json|txt|xml|map|ico)$/;
/** Smaller files gain nothing that pays for a second request header. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

export interface PrecompressOptions {
  /** Only the files under this folder of the build's output (the admin's build adds its own to the site's). */
  under?: string;
}

/**
 * Writes `name.br` (Brotli, best quality) and `name.gz` (gzip -9) next to every text file of the client build, once
 * at build time, so that the server sends them without compressing anything per request.
 */
export function precompress({ under = '' }: PrecompressOptions = {}): Plugin {
  return {
    name: 'site:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const outDir = path.resolve(this.environment.config.root, this.environment.config.build.outDir);
        for (const file of filesUnder(path.join(outDir, under))) {
          if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
          const content = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}
