import { useEffect, useRef, useState, type ComponentType } from 'react';

type Place = { place: 'footer' | 'product' };

/**
 * The review rating (RatingWidget.tsx) at no cost to the first load: its code and data are fetched once the spot
 * scrolls near the screen; until then, or when they cannot be had, an empty box.
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
