export function Logo({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false" className={className}>
      <rect width="64" height="64" rx="14" fill="var(--primary)" />
      <rect x="12" y="14" width="40" height="8" rx="3" fill="var(--on-primary)" />
      <rect x="12" y="26" width="11" height="24" rx="3" fill="var(--accent)" />
      <rect x="27" y="26" width="25" height="24" rx="3" fill="var(--on-primary)" fillOpacity=".85" />
    </svg>
  );
}
