import { useCallback, useState } from 'react';
import { storage } from '../../../shared/lib/storage';

/** Each widget's open or collapsed state, remembered on this device (localStorage). */
const KEY = 'missionWidgets';

type OpenMap = Record<string, boolean>;

function read(): OpenMap {
  try {
    const v = JSON.parse(storage.get(KEY) ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as OpenMap) : {};
  } catch {
    return {};
  }
}

export function useWidgetOpenState(): [(id: number) => boolean, (id: number, open: boolean) => void] {
  const [map, setMap] = useState<OpenMap>(read);
  const isOpen = useCallback((id: number) => map[String(id)] === true, [map]);
  const setOpen = useCallback((id: number, open: boolean) => {
    setMap((old) => {
      const next = { ...old, [String(id)]: open };
      storage.set(KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return [isOpen, setOpen];
}
