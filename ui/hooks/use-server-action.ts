import { useCallback, useState } from 'react';
import { useErrorText } from './use-shell';

/** A command's refusal in the shopper's words (an outcome the core answered, not threw): shown as the form's error. */
export class Refusal extends Error {}

/** A form's command: busy while it runs, its error translated, nothing the shopper typed touched. */
export function useServerAction() {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  // answers whether the command succeeded (its error, translated, is kept for the form to show until the next run)
  const run = useCallback(
    async (command: () => Promise<unknown>, doneText?: string): Promise<boolean> => {
      setBusy(true);
      setError(undefined);
      setDone(undefined);
      try {
        await command();
        setDone(doneText);
        return true;
      } catch (e) {
        setError(e instanceof Refusal ? e.message : errorText(e));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [errorText],
  );
  return { busy, error, done, run };
}

export type ServerAction = ReturnType<typeof useServerAction>;
