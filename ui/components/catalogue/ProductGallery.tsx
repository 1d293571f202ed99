import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaGalleryEntry } from '../../../core/catalogue/types';
import { imageUrl } from '../../../core/catalogue/image-url';
import { useConfig } from '../../hooks/use-service';

/** The product gallery (spec catalogue §9: 600x744), with thumbnails that choose the large image. */
/** `preferred` (the chosen variant's image) is shown first when the gallery holds it. */
export function ProductGallery({ images, name, preferred }: { images: readonly MediaGalleryEntry[]; name: string; preferred?: string | undefined }) {
  const { t } = useTranslation();
  const config = useConfig();
  const start = Math.max(0, images.findIndex((i) => i.image === preferred));
  const [index, setIndex] = useState(start);
  useEffect(() => setIndex(start), [images, start]);
  const size = config.images.gallery;
  const main = images[index] ?? images[0];
  const src = imageUrl(main?.image, size, config);
  return (
    <div className="gallery">
      <div className="gallery__main">
        {src ? <img src={src} alt={main?.lab ?? name} width={size.width} height={size.height} /> : <div className="gallery__noimage" role="img" aria-label={t('product.noImage')} />}
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label={t('product.images')}>
          {images.map((img, i) => (
            <li key={`${img.image}-${i}`}>
              <button type="button" aria-pressed={i === index} aria-label={t('product.showImage', { n: i + 1 })} onClick={() => setIndex(i)}>
                <img src={imageUrl(img.image, { width: 120, height: 149 }, config)} alt="" width={60} height={74} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
