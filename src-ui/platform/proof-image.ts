/**
 * Shows a stored proof image (a stop's photo or signature). `/v1/images/{id}` needs the bearer token, which an
 * <img> cannot send, so the core fetches it and hands over the Blob; this turns it into an object URL and revokes
 * that URL when the image leaves the screen (or its URL changes), so no Blob outlives its screen. Data URLs (a signature
 * just drawn, still unsent) and blob: URLs pass through as they are.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useCore } from '../app/core-context.tsx';

export interface ProofImageSource {
  /** What an <img> can show; null while it loads or when it failed. */
  src: string | null;
  /** It could not be loaded (gone, or offline and never cached); it is tried again when the phone is back online. */
  failed: boolean;
}

const passesThrough = (url: string) => url.startsWith('data:') || url.startsWith('blob:');

export function useProofImageSrc(url: string | null): ProofImageSource {
  useSignals();
  const { api, state } = useCore();
  const online = state.connectivity.value.online;
  const direct = url !== null && passesThrough(url);
  const [loaded, setLoaded] = useState<{ url: string; src: string | null; failed: boolean } | null>(null);
  // An image that failed is asked for again once the phone is (back) online; one that loaded is left alone.
  const attempt = loaded?.url === url && loaded.failed && online ? 'retry' : 'first';

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger.
  useEffect(() => {
    if (url === null || passesThrough(url)) return;
    let live = true;
    let objectUrl: string | null = null;
    void api.loadImage(url).then((result) => {
      if (!live) return;
      if (result.ok) objectUrl = URL.createObjectURL(result.value as Blob);
      setLoaded({ url, src: objectUrl, failed: !result.ok });
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, url, attempt]);

  if (url === null) return { src: null, failed: false };
  if (direct) return { src: url, failed: false };
  // A different URL's answer (the previous image) is never shown for this one.
  return loaded?.url === url ? { src: loaded.src, failed: loaded.failed } : { src: null, failed: false };
}
