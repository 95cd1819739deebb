import type { site } from '#shared/site.ts';

type Network = (typeof site.socialLinks)[number]['name'];

/** Simple line drawings of each network's mark, drawn for this site (24x24, currentColor). */
const paths: Record<Network, string> = {
  YouTube:
    'M3 8.5C3 6.6 4.5 5 6.4 5h11.2C19.5 5 21 6.6 21 8.5v7c0 1.9-1.5 3.5-3.4 3.5H6.4C4.5 19 3 17.4 3 15.5zM10 9v6l5-3z',
  X: 'M4 4h4.5l11.5 16h-4.5zM19.5 4l-6.2 7M4.5 20l6.2-7',
  Instagram:
    'M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM17.3 6.2v.1',
  LinkedIn:
    'M4 4h16v16H4zM8 10.5V17M8 7.2v.1M11.5 17v-6.5M11.5 13.2c0-1.6 1.1-2.7 2.5-2.7s2.3 1 2.3 2.7V17',
  GitHub:
    'M9 19c-4 1.3-4-2-5.5-2.5M14.5 21v-3.2c0-1 .1-1.4-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2 4.3 4.3 0 0 0-.1-3.2s-1-.3-3.4 1.3a11.6 11.6 0 0 0-6 0C6.3 3.1 5.3 3.4 5.3 3.4a4.3 4.3 0 0 0-.1 3.2A4.6 4.6 0 0 0 4 9.8c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.5 2V21',
};

export function SocialIcon({ name }: { name: Network }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
