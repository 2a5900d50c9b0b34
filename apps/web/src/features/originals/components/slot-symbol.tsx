import type { SlotSymbol } from '@sorte/fairness';

/** Onça Dourada's symbols, drawn here as simple vector art of our own (no downloaded images). */
export function SlotSymbolArt({ symbol, size = 56 }: { symbol: SlotSymbol; size?: number }) {
  const p = { width: size, height: size, viewBox: '0 0 64 64', 'aria-hidden': true } as const;
  switch (symbol) {
    case 'wild':
      // Curupira: flame hair, backward feet.
      return (
        <svg {...p}>
          <path
            d="M32 4 C40 14 48 12 44 26 C52 22 50 34 46 38 H18 C14 34 12 22 20 26 C16 12 24 14 32 4Z"
            fill="#f97316"
          />
          <circle cx="32" cy="40" r="14" fill="#a16207" />
          <circle cx="27" cy="38" r="2.5" fill="#fff" />
          <circle cx="37" cy="38" r="2.5" fill="#fff" />
          <path d="M26 46 Q32 50 38 46" stroke="#fff" strokeWidth="2" fill="none" />
          <text x="32" y="62" fontSize="9" fontWeight="900" textAnchor="middle" fill="#fde047">
            WILD
          </text>
        </svg>
      );
    case 'onca':
      return (
        <svg {...p}>
          <circle cx="16" cy="16" r="7" fill="#d97706" />
          <circle cx="48" cy="16" r="7" fill="#d97706" />
          <circle cx="32" cy="34" r="22" fill="#f59e0b" />
          {[
            [20, 26],
            [44, 26],
            [18, 40],
            [46, 40],
            [32, 18],
          ].map(([x, y]) => (
            <circle key={`${x}${y}`} cx={x} cy={y} r="3" fill="#78350f" />
          ))}
          <circle cx="26" cy="32" r="3" fill="#111" />
          <circle cx="38" cy="32" r="3" fill="#111" />
          <path d="M28 42 L32 46 L36 42Z" fill="#111" />
        </svg>
      );
    case 'mico':
      return (
        <svg {...p}>
          <circle cx="32" cy="32" r="26" fill="#fb923c" />
          <circle cx="32" cy="36" r="14" fill="#7c2d12" />
          <circle cx="27" cy="33" r="2.5" fill="#fff" />
          <circle cx="37" cy="33" r="2.5" fill="#fff" />
          <ellipse cx="32" cy="42" rx="4" ry="2" fill="#451a03" />
        </svg>
      );
    case 'arara':
      return (
        <svg {...p}>
          <path d="M20 56 C14 36 20 12 38 10 C52 10 54 24 46 30 C40 34 34 40 36 56Z" fill="#2563eb" />
          <circle cx="40" cy="20" r="3" fill="#fde047" />
          <path d="M46 22 C56 24 54 34 46 32Z" fill="#1f2937" />
        </svg>
      );
    case 'tucano':
      return (
        <svg {...p}>
          <circle cx="24" cy="34" r="16" fill="#111827" />
          <circle cx="22" cy="30" r="7" fill="#fff" />
          <circle cx="23" cy="29" r="2.5" fill="#111" />
          <path d="M30 26 C46 20 60 26 60 32 C52 36 40 36 30 36Z" fill="#f97316" />
        </svg>
      );
    case 'caju':
      return (
        <svg {...p}>
          <path d="M16 30 C16 16 48 16 48 30 C48 46 40 56 32 56 C24 56 16 46 16 30Z" fill="#ef4444" />
          <path d="M24 18 C24 6 42 4 44 14 C38 12 30 14 24 18Z" fill="#a16207" />
          <path d="M22 12 L18 4" stroke="#16a34a" strokeWidth="3" />
        </svg>
      );
    default:
      return (
        <svg {...p}>
          {[
            [22, 24],
            [36, 20],
            [44, 34],
            [30, 36],
            [18, 40],
            [34, 50],
          ].map(([x, y]) => (
            <circle key={`${x}${y}`} cx={x} cy={y} r="9" fill="#6b21a8" stroke="#a855f7" strokeWidth="2" />
          ))}
        </svg>
      );
  }
}
