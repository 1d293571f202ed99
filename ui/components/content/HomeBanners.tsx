import { Link } from 'react-router-dom';
import type { Banner, HomeContentData } from '../../../core/catalogue/home-content';

function BannerLink({ banner, className }: { banner: Banner; className: string }) {
  return (
    <Link to={banner.link} className={className} style={banner.color ? { backgroundColor: banner.color } : undefined}>
      <span className={`${className}__title`}>{banner.title}</span>
      {banner.subtitle && <span className={`${className}__subtitle`}>{banner.subtitle}</span>}
    </Link>
  );
}

/** spec catalogue §2.11: the main and small banners and the default content items of the store view's local file. */
export function HomeBanners({ content }: { content: HomeContentData }) {
  const { mainBanners, smallBanners } = content.banners;
  if (mainBanners.length + smallBanners.length + content.contentItems.length === 0) return null;
  return (
    <div className="home-banners">
      {(mainBanners.length > 0 || smallBanners.length > 0) && (
        <div className="home-banners__grid">
          {mainBanners.map((b) => (
            <BannerLink key={b.link + b.title} banner={b} className="banner-main" />
          ))}
          {smallBanners.length > 0 && (
            <div className="home-banners__small">
              {smallBanners.map((b) => (
                <BannerLink key={b.link + b.title} banner={b} className="banner-small" />
              ))}
            </div>
          )}
        </div>
      )}
      {content.contentItems.length > 0 && (
        <ul className="home-usps">
          {content.contentItems.map((item) => (
            <li key={item.title}>
              <strong>{item.title}</strong> <span>{item.message}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
