import { useEffect, useState } from 'react';

/** The current time, ticking every `everyMs` while the component is shown (a countdown's clock). */
export function useNow(everyMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
