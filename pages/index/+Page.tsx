import { usePageContext } from '../../renderer/usePageContext.tsx';
import { HydrationBoundary } from '../../src/components/HydrationBoundary/HydrationBoundary.tsx';
import { linkButton } from '../../src/components/LinkButton/link-button.css.ts';
import { NewsCarousel } from '../../src/components/NewsCarousel/NewsCarousel.tsx';
import { ReviewsCarousel } from '../../src/components/ReviewsCarousel/ReviewsCarousel.tsx';
import { TownsBanner } from '../../src/components/TownsBanner/TownsBanner.tsx';
import { heroImage, localExpertsImage, type ServiceSlug } from '../../src/shared/images.ts';
import type { PublicOffer } from '../../src/shared/schemas/offer.ts';
import { paragraphsOf } from '../../src/shared/page-text-format.ts';
import { serviceCategories, telHref } from '../../src/shared/site-content.ts';
import { siteImageUrl } from '../../src/shared/site-image-url.ts';
import { laterSection } from '../../src/styles/recipes.css.ts';
import type { HomeData } from './+data.ts';
import * as styles from './home.css.ts';

const serviceTileBlurbs: Record<ServiceSlug, string> = {
  'residential-plumbing': 'Leaks, fixtures, sump pumps and repipes for every room of the house.',
  'sewer-drain': 'Clogs cleared, lines snaked and sewer cameras that find the real cause.',
  'filtration-system': 'Whole-house and reverse osmosis systems for cleaner, better-tasting water.',
  'underground-plumbing': 'Buried water and sewer lines repaired or replaced, trenchless where possible.',
  'water-heater': 'Gas and electric tank heaters repaired, flushed or replaced the same day.',
  'tankless-water': 'Endless hot water with properly sized gas and electric tankless systems.',
};

/** The four services most homeowners call about, as larger cards. */
const featuredServices: { slug: ServiceSlug; text: string }[] = [
  {
    slug: 'water-heater',
    text: 'No hot water? We carry common tank sizes on the truck, so most water heaters are repaired or replaced the day you call.',
  },
  {
    slug: 'sewer-drain',
    text: 'Slow drains and backups are cleared with professional machines, and a camera inspection shows you exactly what was wrong.',
  },
  {
    slug: 'tankless-water',
    text: 'Save space and energy with a tankless system sized for your household, installed to code with the permit handled for you.',
  },
  {
    slug: 'residential-plumbing',
    text: 'From a dripping faucet to a burst pipe in the crawl space, licensed plumbers fix it right the first time.',
  },
];

function categoryFor(slug: ServiceSlug) {
  return serviceCategories.find((category) => category.slug === slug)!;
}

function webp(src: string) {
  return siteImageUrl(`${src}.webp`);
}

/** One offer as the owner wrote it (Offers in /admin): its words, picture, links and terms. */
function OfferCard({ offer, phoneNumber }: { offer: PublicOffer; phoneNumber: string }) {
  const forNewCustomers = offer.audience === 'new-customers';
  return (
    <article className={`${styles.offerCard} ${forNewCustomers ? styles.newCustomerCard : ''}`}>
      {forNewCustomers && <p className={styles.offerEyebrow}>New customer special</p>}
      <h2 className={styles.offerTitle}>{offer.heading}</h2>
      {offer.pictureUrl && (
        <img
          className={styles.couponImage}
          src={offer.pictureUrl}
          {...(offer.picture === 'drawn' ? { width: 600, height: 300 } : {})}
          alt={offer.pictureAlt}
          loading="lazy"
        />
      )}
      {offer.description && <p>{offer.description}</p>}
      {offer.pictureUrl && offer.downloadName && (
        <a className={linkButton.navy} href={offer.pictureUrl} download={offer.downloadName}>
          Download Coupon
        </a>
      )}
      {(offer.showCallLink || offer.showEstimateLink) && (
        <div className={styles.offerActions}>
          {offer.showCallLink && (
            <a className={linkButton.orange} href={telHref(phoneNumber)}>
              Call {phoneNumber}
            </a>
          )}
          {offer.showEstimateLink && (
            <a className={linkButton.outlineNavy} href="/contact">
              Get Free Estimate
            </a>
          )}
        </div>
      )}
      {offer.finePrint.length > 0 && (
        <ul className={styles.finePrint} aria-label="Offer terms">
          {offer.finePrint.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      )}
    </article>
  );
}

export default function Page() {
  const { settings, data } = usePageContext();
  const { latestNews, reviews, firstPhotos, offers, text } = data as HomeData;
  const phoneHref = telHref(settings.phoneNumber);
  const heroSrc = (width: number, extension: 'webp' | 'jpg') =>
    siteImageUrl(`${heroImage.src}-${width}.${extension}`);
  const heroSrcSet = (extension: 'webp' | 'jpg') =>
    heroImage.widths.map((width) => `${heroSrc(width, extension)} ${width}w`).join(', ');

  return (
    <>
      <TownsBanner title={text.bannerTitle} />

      <section className={styles.hero} aria-labelledby="home-title">
        <picture>
          <source type="image/webp" srcSet={heroSrcSet('webp')} sizes="100vw" />
          <img
            className={styles.heroImage}
            src={heroSrc(heroImage.widths[heroImage.widths.length - 1]!, 'jpg')}
            srcSet={heroSrcSet('jpg')}
            sizes="100vw"
            width={heroImage.width}
            height={heroImage.height}
            alt={heroImage.alt}
            loading="eager"
            fetchPriority="high"
          />
        </picture>
        <div className={styles.heroContent}>
          <p className={styles.emergencyBadge}>{text.heroBadge}</p>
          <h1 id="home-title" className={styles.heroTitle}>
            {text.heroHeadline}
          </h1>
          <p className={styles.heroLead}>{text.heroLead}</p>
          <ul className={styles.claims}>
            <li>Fixed Today</li>
            <li>Upfront Pricing</li>
            <li>100% Satisfaction Guaranteed</li>
            <li>Licensed &amp; Insured</li>
          </ul>
          <div className={styles.heroActions}>
            <a className={linkButton.orange} href={phoneHref}>
              {`${text.callButtonLabel}: ${settings.phoneNumber}`}
            </a>
            <a className={linkButton.outlineLight} href="/contact">
              {text.scheduleButtonLabel}
            </a>
          </div>
          <dl className={styles.stats}>
            <div>
              <dt>Years experience</dt>
              <dd>15+</dd>
            </div>
            <div>
              <dt>Happy customers</dt>
              <dd>500+</dd>
            </div>
            <div>
              <dt>Rated plumber locally</dt>
              <dd>#1</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="service-tiles-title">
        <div className={styles.inner}>
          <h2 id="service-tiles-title" className={styles.sectionTitle}>
            {text.servicesHeading}
          </h2>
          <p className={styles.sectionLead}>{text.servicesLead}</p>
          <ul className={styles.tiles}>
            {serviceCategories.map((category) => (
              <li key={category.anchor}>
                <a className={styles.tile} href={`/services#${category.anchor}`}>
                  <span className={styles.tileTitle}>{category.title}</span>
                  <span className={styles.tileText}>{serviceTileBlurbs[category.slug]}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {offers.length > 0 && (
        <section className={`${styles.section} ${styles.offers} ${laterSection}`} aria-label="Special offers">
          <div className={`${styles.inner} ${styles.offerGrid}`}>
            {offers.map((offer) => (
              <OfferCard key={offer.id} offer={offer} phoneNumber={settings.phoneNumber} />
            ))}
          </div>
        </section>
      )}

      {/* Each carousel hydrates as a task of its own (HydrationBoundary). */}
      <HydrationBoundary>
        <NewsCarousel posts={latestNews} />
      </HydrationBoundary>

      <section className={`${styles.section} ${laterSection}`} aria-labelledby="featured-services-title">
        <div className={styles.inner}>
          <h2 id="featured-services-title" className={styles.sectionTitle}>
            {text.featuredHeading}
          </h2>
          <ul className={styles.cards}>
            {featuredServices.map(({ slug, text }) => {
              const category = categoryFor(slug);
              const photo = firstPhotos[slug];
              return (
                <li key={slug} className={styles.card}>
                  <picture>
                    <source type="image/webp" srcSet={webp(photo.src)} />
                    <img
                      className={styles.cardImage}
                      src={siteImageUrl(`${photo.src}.jpg`)}
                      width={photo.width}
                      height={photo.height}
                      alt={photo.alt}
                      loading="lazy"
                    />
                  </picture>
                  <div className={styles.cardBody}>
                    <h3 className={styles.cardTitle}>{category.title}</h3>
                    <p>{text}</p>
                    <a className={styles.learnMore} href={`/services#${category.anchor}`}>
                      Learn More<span className="visually-hidden"> about {category.title}</span>
                    </a>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <HydrationBoundary>
        <ReviewsCarousel reviews={reviews} serviceArea={settings.serviceArea} />
      </HydrationBoundary>

      <section className={`${styles.section} ${laterSection}`} aria-labelledby="local-experts-title">
        <div className={`${styles.inner} ${styles.split}`}>
          <picture>
            <source type="image/webp" srcSet={webp(localExpertsImage.src)} />
            <img
              className={styles.splitImage}
              src={siteImageUrl(`${localExpertsImage.src}.jpg`)}
              width={localExpertsImage.width}
              height={localExpertsImage.height}
              alt={localExpertsImage.alt}
              loading="lazy"
            />
          </picture>
          <div>
            <h2 id="local-experts-title" className={styles.sectionTitle}>
              {text.localHeading}
            </h2>
            {paragraphsOf(text.localText).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <a className={linkButton.navy} href="/about">
              About Our Team
            </a>
          </div>
        </div>
      </section>

      <section className={`${styles.finalCta} ${laterSection}`} aria-labelledby="final-cta-title">
        <div className={styles.inner}>
          <h2 id="final-cta-title" className={styles.finalCtaTitle}>
            Need a Plumber Today?
          </h2>
          <p>
            Call now for fast, friendly service, or ask for a free quote and we will get back to you the same
            business day.
          </p>
          <div className={styles.finalCtaActions}>
            <a className={linkButton.orange} href={phoneHref}>
              Call {settings.phoneNumber}
            </a>
            <a className={linkButton.outlineLight} href="/contact">
              Get Free Quote
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
