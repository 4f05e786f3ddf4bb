export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 1024 1024" className={className} aria-hidden="true">
      <defs>
        <linearGradient id="logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#0ea5e9" />
        </linearGradient>
      </defs>
      <rect x="64" y="64" width="896" height="896" rx="200" fill="url(#logo-bg)" />
      <g fill="none" stroke="#fff" strokeWidth="64" strokeLinecap="round" strokeLinejoin="round">
        <path d="M420 400 L316 512 L420 624" />
        <path d="M604 400 L708 512 L604 624" />
        <path d="M552 372 L472 652" />
      </g>
    </svg>
  );
}
