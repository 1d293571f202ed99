import { useEffect, useState } from 'react';

/** The screen-reader announcer: polite and assertive regions, in the server HTML too; `announce(text)`. */
type Politeness = 'polite' | 'assertive';
type Listener = (message: string, politeness: Politeness) => void;

const listeners = new Set<Listener>();

export function announce(message: string, options: { assertive?: boolean } = {}): void {
  if (!message) return;
  for (const l of listeners) l(message, options.assertive ? 'assertive' : 'polite');
}

function Region({ politeness }: { politeness: Politeness }) {
  const [text, setText] = useState('');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener: Listener = (message, p) => {
      if (p !== politeness) return;
      // empty first, then the text on the next tick: a repeated text is a change the screen reader reads again
      setText('');
      clearTimeout(timer);
      timer = setTimeout(() => setText(message), 60);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      clearTimeout(timer);
    };
  }, [politeness]);
  return (
    // aria-live without role=status/alert: the page's own alerts and statuses stay the only ones with those roles
    <div className="visually-hidden" aria-live={politeness} aria-atomic="true" data-live-region={politeness}>
      {text}
    </div>
  );
}

/** Render once per layout, outside any element that mounts later. */
export function LiveRegion() {
  return (
    <>
      <Region politeness="polite" />
      <Region politeness="assertive" />
    </>
  );
}
