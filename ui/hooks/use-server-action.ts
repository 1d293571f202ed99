import { useCallback, useState } from 'react';
import { useErrorText } from './use-shell';

export interface ServerAction {
  /** a request is under way (disable the submit button) */
  readonly busy: boolean;
  /** the translated error of the last failed run, cleared when the next one starts */
  readonly error: string | undefined;
  /** the `doneText` of the last run that succeeded, cleared when the next one starts */
  readonly done: string | undefined;
  /** run a command of a core service; answers whether it succeeded (the error is kept for the form to show) */
  run(command: () => Promise<unknown>, doneText?: string): Promise<boolean>;
}

/** A form's command: busy while it runs, its error translated, nothing the shopper typed touched. */
export function useServerAction(): ServerAction {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const run = useCallback(
    async (command: () => Promise<unknown>, doneText?: string) => {
      setBusy(true);
      setError(undefined);
      setDone(undefined);
      try {
        await command();
        setDone(doneText);
        return true;
      } catch (e) {
        setError(errorText(e));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [errorText],
  );
  return { busy, error, done, run };
}
