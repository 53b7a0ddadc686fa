import type { SVGProps } from 'react';

/** The player's icons (24 px, drawn in the text colour, hidden from assistive technology: their buttons are labelled). */
const Icon = ({ children, ...props }: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
    {children}
  </svg>
);

export const PlayIcon = () => (
  <Icon>
    <path d="M8 5.5v13l10.5-6.5z" />
  </Icon>
);
export const PauseIcon = () => (
  <Icon>
    <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
  </Icon>
);
export const MutedIcon = () => (
  <Icon>
    <path d="M4 9h3.5L12 5v14l-4.5-4H4z" />
    <path d="m15.5 9.5 5 5m0-5-5 5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" fill="none" />
  </Icon>
);
export const SoundIcon = () => (
  <Icon>
    <path d="M4 9h3.5L12 5v14l-4.5-4H4z" />
    <path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" fill="none" />
  </Icon>
);
export const PreviousIcon = () => (
  <Icon>
    <path d="m6 15 6-6 6 6" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
  </Icon>
);
export const NextIcon = () => (
  <Icon>
    <path d="m6 9 6 6 6-6" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
  </Icon>
);
