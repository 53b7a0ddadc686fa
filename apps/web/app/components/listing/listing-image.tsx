import { useEffect, useRef, useState } from 'react';
import { IMAGE_RETRY_COUNT, IMAGE_RETRY_DELAY_MS, IMAGE_WIDTHS } from '@kunci/contracts/constants';

export function srcSet(template: string): string {
  return IMAGE_WIDTHS.map((w) => `${template.replace('{w}', String(w))} ${w}w`).join(', ');
}

function HousePlaceholder({ label }: { label: string }) {
  return (
    <div role="img" aria-label={label} className="flex h-full w-full items-center justify-center bg-gray-100 text-gray-400">
      <svg viewBox="0 0 24 24" width="48" height="48" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M3 11.5 12 4l9 7.5M5.5 10v10h13V10M10 20v-5h4v5" />
      </svg>
    </div>
  );
}

/**
 * A listing photo in every published width. A failed load is retried once after 500 ms (spec section 8),
 * then replaced by a house placeholder.
 */
export function ListingImage({
  src,
  alt,
  sizes,
  eager = false,
  priority = false,
  placeholderLabel,
  fit = 'cover',
}: {
  src: string | null;
  alt: string;
  sizes: string;
  eager?: boolean;
  /** The likely largest paint: fetched first (one per page, so it does not share the line with others). */
  priority?: boolean;
  placeholderLabel: string;
  fit?: 'cover' | 'contain';
}) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(!src);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (failed || !src) return <HousePlaceholder label={placeholderLabel} />;
  const suffix = attempt ? `?retry=${attempt}` : '';
  const template = `${src}${suffix}`;
  return (
    <img
      src={template.replace('{w}', '640')}
      srcSet={srcSet(template)}
      sizes={sizes}
      alt={alt}
      width={1600}
      height={1067}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={`h-full w-full ${fit === 'cover' ? 'object-cover' : 'object-contain'}`}
      onError={() => {
        if (attempt < IMAGE_RETRY_COUNT) timer.current = setTimeout(() => setAttempt((a) => a + 1), IMAGE_RETRY_DELAY_MS);
        else setFailed(true);
      }}
    />
  );
}
