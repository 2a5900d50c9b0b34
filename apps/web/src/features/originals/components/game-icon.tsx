/** Our own simple vector art for each game card (no downloaded assets). */
export function GameIcon({ code, size = 56 }: { code: string; size?: number }) {
  const common = { width: size, height: size, viewBox: '0 0 64 64', 'aria-hidden': true } as const;
  switch (code) {
    case 'dice':
      return (
        <svg {...common}>
          <rect x="10" y="10" width="44" height="44" rx="10" fill="#fff" opacity=".95" />
          {[
            [22, 22],
            [42, 22],
            [32, 32],
            [22, 42],
            [42, 42],
          ].map(([x, y]) => (
            <circle key={`${x}-${y}`} cx={x} cy={y} r="4.5" fill="#0b1a33" />
          ))}
        </svg>
      );
    case 'mines':
      return (
        <svg {...common}>
          <path d="M32 8 L52 24 L32 56 L12 24 Z" fill="#7dd3fc" />
          <path d="M12 24 H52 L32 56 Z" fill="#38bdf8" />
          <path d="M22 24 L32 8 L42 24 Z" fill="#e0f2fe" />
        </svg>
      );
    case 'limbo':
      return (
        <svg {...common}>
          <path d="M8 52 Q30 48 40 30 T58 8" stroke="#fff" strokeWidth="5" fill="none" strokeLinecap="round" />
          <circle cx="58" cy="8" r="5" fill="#fde047" />
        </svg>
      );
    case 'plinko':
      return (
        <svg {...common}>
          {[
            [32, 14],
            [24, 26],
            [40, 26],
            [16, 38],
            [32, 38],
            [48, 38],
          ].map(([x, y]) => (
            <circle key={`${x}-${y}`} cx={x} cy={y} r="3" fill="#fff" />
          ))}
          <circle cx="28" cy="50" r="6" fill="#fde047" />
        </svg>
      );
    case 'keno':
      return (
        <svg {...common}>
          {[0, 1, 2].map((r) =>
            [0, 1, 2].map((c) => (
              <rect
                key={`${r}${c}`}
                x={10 + c * 16}
                y={10 + r * 16}
                width="12"
                height="12"
                rx="3"
                fill={(r + c) % 3 === 0 ? '#fde047' : '#fff'}
                opacity={(r + c) % 3 === 0 ? 1 : 0.7}
              />
            )),
          )}
        </svg>
      );
    case 'slot':
      return (
        <svg {...common}>
          <circle cx="32" cy="32" r="24" fill="#f59e0b" />
          <circle cx="32" cy="32" r="18" fill="#fbbf24" />
          {[
            [24, 24],
            [40, 24],
            [32, 40],
            [22, 38],
            [42, 38],
          ].map(([x, y]) => (
            <circle key={`${x}-${y}`} cx={x} cy={y} r="3.5" fill="#78350f" />
          ))}
        </svg>
      );
    case 'crash':
      return (
        <svg {...common}>
          <path d="M8 56 L24 40 L32 46 L54 14" stroke="#fff" strokeWidth="5" fill="none" strokeLinejoin="round" />
          <path d="M46 12 H56 V22" stroke="#fff" strokeWidth="5" fill="none" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <rect x="8" y="18" width="14" height="28" rx="4" fill="#ef4444" />
          <rect x="25" y="18" width="14" height="28" rx="4" fill="#fff" />
          <rect x="42" y="18" width="14" height="28" rx="4" fill="#111827" stroke="#fff" />
        </svg>
      );
  }
}
