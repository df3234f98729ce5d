export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#4361ee" />
      <path
        d="M7 19.5l2.2-5.6A2.5 2.5 0 0 1 11.5 12.3h9a2.5 2.5 0 0 1 2.3 1.6l2.2 5.6v3.2a1 1 0 0 1-1 1h-1.6a1 1 0 0 1-1-1v-1H10.6v1a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1z"
        fill="#fff"
      />
      <circle cx="11" cy="19.4" r="1.3" fill="#4361ee" />
      <circle cx="21" cy="19.4" r="1.3" fill="#4361ee" />
      <path d="M12.5 16.8l1.6-2.6h3.8l1.6 2.6z" fill="#c3cbf9" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <LogoMark />
      <span className="text-lg font-bold tracking-tight text-slate-900">FleetAssist</span>
    </span>
  );
}
