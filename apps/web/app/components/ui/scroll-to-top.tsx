import { useEffect, useState } from 'react';
import { SCROLL_TO_TOP_THRESHOLD_PX } from '@kunci/contracts/constants';
import { ArrowUpIcon } from './icons.tsx';

/** Appears once the page has scrolled past the spec's 300 px. The shell places it (above the chat button). */
export function ScrollToTop({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0 })}
      className="rounded-full bg-white p-3 text-brand-700 shadow-lg ring-1 ring-gray-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ArrowUpIcon title={label} />
    </button>
  );
}
