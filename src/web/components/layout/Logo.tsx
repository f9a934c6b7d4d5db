export function Logo({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="56" height="56" rx="10" fill="#1c1917" />
      <rect x="14" y="14" width="36" height="36" rx="3" fill="#fbbf24" />
      <path d="M14 42l11-12 9 9 6-6 10 9v8H14z" fill="#b45309" />
      <circle cx="40" cy="24" r="5" fill="#fffbeb" />
    </svg>
  );
}
