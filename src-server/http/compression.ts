/**
 * Compresses answers made per request (the API's JSON, index.html when no precompressed copy exists) with brotli
 * or gzip, as Accept-Encoding allows. On a phone's slow 4G a 300-stop route answer is seconds uncompressed.
 * The built app's files are mostly compressed at build time (scripts/precompress.mjs, served by static-app.ts);
 * those arrive here already encoded and pass through untouched.
 */
import { Readable } from 'node:stream';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a compressed answer saves less than a packet while still costing CPU. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/** Answers are compressed on every request, so fast levels: brotli 5 and gzip 6 get most of the gain of 11 and 9. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // The plugin applies its threshold to buffered answers only and compresses every stream. Its route hooks run
  // after this root hook, so answers it should leave alone are reshaped here first.
  app.addHook('onSend', async (_request, reply, payload) => {
    // A 304 has no body, yet the plugin would pipe @fastify/static's empty stream through brotli and label the
    // 304 `Content-Encoding: br`; a cache that revalidated a plain copy would then relabel that copy. The plugin
    // leaves a null payload alone.
    if (reply.statusCode === 304) {
      (payload as Readable | null)?.destroy?.();
      return null;
    }
    // A small plain file (sendFile streams it, with its length known) is read into memory, so the threshold
    // applies to it. (For HEAD, @fastify/send streams one empty string.)
    const length = Number(reply.getHeader('content-length'));
    if (payload instanceof Readable && length < COMPRESS_THRESHOLD_BYTES && !reply.hasHeader('content-encoding')) {
      const chunks: Buffer[] = [];
      for await (const chunk of payload) chunks.push(Buffer.from(chunk as Buffer | string));
      return Buffer.concat(chunks);
    }
    return payload;
  });
  // Registered before the routes: the plugin adds its hook to each route as the route is declared.
  await app.register(compress, {
    // No zstd or deflate: every browser takes br or gzip, and Node 22's zstd would otherwise win over br.
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: GZIP_LEVEL },
    // Clients send plain bodies; inflating request bodies would only widen what a request can make us do.
    globalDecompression: false,
  });
}
