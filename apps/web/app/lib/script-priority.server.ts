import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/*
 * Page speed (issue 6): React Router's <Scripts /> asks for every module of the page with
 * `<link rel="modulepreload">`, which browsers fetch at high priority, in competition with the
 * stylesheets that the first paint waits for. The page is server-rendered and readable before any of
 * that JavaScript runs (it only hydrates), so the preloads are marked `fetchpriority="low"`: the
 * browser still starts them while parsing, but gives the bandwidth to what blocks rendering first.
 */
const NEEDLE = '<link rel="modulepreload"';
const REPLACEMENT = '<link rel="modulepreload" fetchpriority="low"';

/**
 * A pass-through for the streamed HTML document that rewrites its preload links, whatever the chunk
 * boundaries (a link or a multi-byte character may be cut in two). `onFinish` runs when the writer ends.
 */
export function lowPriorityModulePreloads(onFinish?: () => void): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  const rewrite = (text: string, last: boolean): string => {
    const replaced = (pending + text).replaceAll(NEEDLE, REPLACEMENT);
    // Keep back a tail that could be the start of a link cut by the chunk boundary.
    let keep = 0;
    if (!last) {
      for (let length = Math.min(NEEDLE.length - 1, replaced.length); length > 0; length--) {
        if (NEEDLE.startsWith(replaced.slice(replaced.length - length))) {
          keep = length;
          break;
        }
      }
    }
    pending = replaced.slice(replaced.length - keep);
    return replaced.slice(0, replaced.length - keep);
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      callback(null, rewrite(text, false));
    },
    flush(callback: TransformCallback) {
      onFinish?.();
      callback(null, rewrite(decoder.end(), true));
    },
  });
}
