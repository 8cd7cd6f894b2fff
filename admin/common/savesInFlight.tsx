import { createContext, useContext, useMemo, useRef, type MutableRefObject, type ReactNode } from 'react';
import { SaveContextProvider, useSaveContext, type SaveHandler } from 'react-admin';

type Values = Record<string, unknown>;

/** The saves of one form that are on their way: how many, and the values the newest one sent. */
export interface SavesInFlight {
  count: number;
  sent: Values | null;
}

const SavesInFlightContext = createContext<MutableRefObject<SavesInFlight> | null>(null);

/**
 * Put around a form: every save of it (a toolbar button, Ctrl+S) is noted while it is on its way, for what the form
 * does with the editor's typing meanwhile (`KeepTypingWhileSaving`, `SaveShortcut`).
 */
export const TrackSaves = ({ children }: { children: ReactNode }) => {
  const outer = useSaveContext();
  const saves = useRef<SavesInFlight>({ count: 0, sent: null });
  const value = useMemo(() => {
    const save = outer.save;
    if (!save) return outer;
    const tracked: SaveHandler<Values> = async (values, callbacks) => {
      saves.current = { count: saves.current.count + 1, sent: structuredClone(values) };
      try {
        return await save(values, callbacks);
      } finally {
        saves.current = { ...saves.current, count: saves.current.count - 1 };
      }
    };
    return { ...outer, save: tracked };
  }, [outer]);
  return (
    <SavesInFlightContext.Provider value={saves}>
      <SaveContextProvider value={value}>{children}</SaveContextProvider>
    </SavesInFlightContext.Provider>
  );
};

/** The saves on their way of the form around (see `TrackSaves`). */
export function useSavesInFlight(): MutableRefObject<SavesInFlight> {
  const saves = useContext(SavesInFlightContext);
  if (!saves) throw new Error('useSavesInFlight needs TrackSaves around the form');
  return saves;
}
