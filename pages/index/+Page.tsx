import { usePageContext } from '../../renderer/usePageContext.tsx';
import { HydrationBoundary } from '../../src/components/HydrationBoundary/HydrationBoundary.tsx';
import { linkButton } from '../../src/components/LinkButton/link-button.css.ts';
import { NewsCarousel } from '../../src/components/NewsCarousel/NewsCarousel.tsx';
import { ReviewsCarousel } from '../../src/components/ReviewsCarousel/ReviewsCarousel.tsx';
import { TownsBanner } from '../../src/components/TownsBanner/TownsBanner.tsx';
import { heroImage, localExpertsImage } from '../../src/shared/images.ts';
import type { PublicOffer } from '../../src/shared/schemas/offer.ts';
import { paragraphsOf } from '../../src/shared/page-text-format.ts';
import { telHref } from '../../src/shared/site-content.ts';
import { siteImageUrl } from '../../src/shared/site-image-url.ts';
import { townNamesInWords } from '../../src/shared/town-lists.ts';
import { laterSection } from '../../src/styles/recipes.css.ts';
import type { HomeData } from './+data.ts';
import * as styles from './home.css.ts';

/** The local-experts section names this many of the banner's towns, the nearest first. */
const NEIGHBOUR_TOWNS_NAMED = 5;

/** The cards stand four across a wide screen, two on a tablet, one on a phone. */
const CARD_IMAGE_SIZES = '(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw';

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
  const { latestNews, reviews, reviewCount, services, bannerTowns, offers, text } = data as HomeData;
  const highlighted = services.filter((service) => service.homeHighlight);
  const phoneHref = telHref(settings.phoneNumber);
  const heroSrc = (width: number, extension: 'webp' | 'jpg') =>
    siteImageUrl(`${heroImage.src}-${width}.${extension}`);
  const heroSrcSet = (extension: 'webp' | 'jpg') =>
    heroImage.widths.map((width) => `${heroSrc(width, extension)} ${width}w`).join(', ');

  return (
    <>
      <TownsBanner title={text.bannerTitle} towns={bannerTowns} />

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
            <a className={linkButton.outlineLight} href="/book">
              Book online
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
            {services.map((service) => (
              <li key={service.id}>
                <a className={styles.tile} href={`/services#${service.anchor}`}>
                  <span className={styles.tileTitle}>{service.title}</span>
                  <span className={styles.tileText}>{service.summary}</span>
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
            {highlighted.map((service) => (
              <li key={service.id} className={styles.card}>
                {service.photo && (
                  <picture>
                    {service.photo.image.sources.map((source) => (
                      <source
                        key={source.type}
                        type={source.type}
                        srcSet={source.srcSet}
                        sizes={source.srcSet.includes(' ') ? CARD_IMAGE_SIZES : undefined}
                      />
                    ))}
                    <img
                      className={styles.cardImage}
                      src={service.photo.image.src}
                      srcSet={service.photo.image.srcSet || undefined}
                      sizes={service.photo.image.srcSet ? CARD_IMAGE_SIZES : undefined}
                      width={service.photo.width}
                      height={service.photo.height}
                      alt={service.photo.alt}
                      loading="lazy"
                    />
                  </picture>
                )}
                <div className={styles.cardBody}>
                  <h3 className={styles.cardTitle}>{service.title}</h3>
                  <p>{service.homeHighlight}</p>
                  <a className={styles.learnMore} href={`/services/${service.slug}`}>
                    Learn More<span className="visually-hidden"> about {service.title}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <HydrationBoundary>
        <ReviewsCarousel reviews={reviews} reviewCount={reviewCount} serviceArea={settings.serviceArea} />
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
            {bannerTowns.length > 0 && (
              <p>
                Neighbours in {townNamesInWords(bannerTowns.slice(0, NEIGHBOUR_TOWNS_NAMED))} trust us with
                their homes.
              </p>
            )}
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
