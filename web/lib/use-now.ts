import { useEffect, useState } from 'react';

/** The time now (milliseconds since 1970), read again every `everyMs`, so what depends on it moves on. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
