import { useEffect, useRef, useState, type ComponentType } from 'react';

type Place = { place: 'footer' | 'product' };

/** The review rating, its code and data fetched once its spot nears the screen; an empty box until then. */
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
