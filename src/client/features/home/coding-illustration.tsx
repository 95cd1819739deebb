/** A decorative drawing under the call to action: a laptop with code, a passed quiz and a check. */
export function CodingIllustration({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 480 280"
      width="480"
      height="280"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="70" y="30" width="300" height="190" rx="14" fill="#12163a" />
      <rect x="84" y="44" width="272" height="162" rx="6" fill="#1d2256" />
      <circle cx="100" cy="58" r="4" fill="#ff6b6b" />
      <circle cx="114" cy="58" r="4" fill="#ffc857" />
      <circle cx="128" cy="58" r="4" fill="#4ade80" />
      <rect x="100" y="80" width="70" height="9" rx="4" fill="#7c3aed" />
      <rect x="178" y="80" width="110" height="9" rx="4" fill="#c9cdff" />
      <rect x="118" y="100" width="90" height="9" rx="4" fill="#ffc857" />
      <rect x="216" y="100" width="60" height="9" rx="4" fill="#c9cdff" />
      <rect x="118" y="120" width="140" height="9" rx="4" fill="#8ea0ff" />
      <rect x="100" y="140" width="50" height="9" rx="4" fill="#7c3aed" />
      <rect x="158" y="140" width="80" height="9" rx="4" fill="#c9cdff" />
      <rect x="118" y="160" width="120" height="9" rx="4" fill="#4ade80" />
      <rect x="100" y="180" width="8" height="12" fill="#ffc857" />
      <path d="M40 220h360l30 26H10z" fill="#262c6e" />
      <rect x="190" y="226" width="60" height="6" rx="3" fill="#12163a" />
      <g transform="translate(330 110)">
        <rect width="130" height="92" rx="12" fill="#ffffff" stroke="#d5d8ea" />
        <rect x="14" y="16" width="70" height="8" rx="4" fill="#262c6e" />
        <rect x="14" y="34" width="100" height="8" rx="4" fill="#d5d8ea" />
        <rect x="14" y="50" width="100" height="8" rx="4" fill="#ffc857" />
        <rect x="14" y="66" width="100" height="8" rx="4" fill="#d5d8ea" />
      </g>
      <g transform="translate(40 120)">
        <circle r="30" cx="30" cy="30" fill="#ffc857" />
        <path
          d="M17 31l9 9 17-19"
          fill="none"
          stroke="#1b1f3b"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
    </svg>
  );
}
