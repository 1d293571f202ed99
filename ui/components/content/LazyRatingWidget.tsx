import { useEffect, useRef, useState, type ComponentType } from 'react';

type Place = { place: 'footer' | 'product' };

/**
 * The shop's review rating (RatingWidget.tsx) where it is shown, at no cost to the first load: its code and its data
 * are fetched once the spot scrolls near the screen (after hydration: effects run then). Until then, and when the
 * chunk or the data cannot be had, it is an empty box: nothing to see, no error.
 */
export function LazyRatingWidget({ place }: Place) {
  const box = useRef<HTMLDivElement>(null);
  const [Widget, setWidget] = useState<ComponentType<Place>>();
  useEffect(() => {
    const seen = new IntersectionObserver(([entry]) => {
      if (!entry?.isIntersecting) return;
      seen.disconnect();
      import('./RatingWidget').then((m) => setWidget(() => m.RatingWidget), () => undefined);
    }, { rootMargin: '200px' });
    seen.observe(box.current!);
    return () => seen.disconnect();
  }, []);
  return <div ref={box} className={`rating rating--${place}`}>{Widget ? <Widget place={place} /> : null}</div>;
}
