import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';

/** An image with fallbacks, `sources` best first: when one fails to load (offline, never cached), the next is tried. */
export function FallbackImage({ sources, ...rest }: { sources: readonly string[] } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'>) {
  const [index, setIndex] = useState(0);
  const ref = useRef<HTMLImageElement>(null);
  const key = sources.join('|');
  useEffect(() => setIndex(0), [key]);
  const next = () => setIndex((i) => (i + 1 < sources.length ? i + 1 : i));
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src')) next();
  }, [index, key]);
  return <img ref={ref} src={sources[index]} onError={next} {...rest} />;
}
