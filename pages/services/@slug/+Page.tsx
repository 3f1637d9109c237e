import { usePageContext } from '../../../renderer/usePageContext.tsx';
import { FaqList } from '../../../src/components/FaqList/FaqList.tsx';
import { HydrationBoundary } from '../../../src/components/HydrationBoundary/HydrationBoundary.tsx';
import { PhotoCarousel } from '../../../src/components/PhotoCarousel/PhotoCarousel.tsx';
import { telHref } from '../../../src/shared/site-content.ts';
import { PriceFrom } from '../PriceFrom.tsx';
import * as styles from '../services.css.ts';
import type { ServiceData } from './+data.ts';

/** The ways to ask for the service: a call now, a visit booked online for it, or the estimate form. */
function WaysToAsk({ phoneNumber, serviceSlug }: { phoneNumber: string; serviceSlug: string }) {
  return (
    <>
      <a className={styles.primaryButton} href={telHref(phoneNumber)}>
        Call {phoneNumber}
      </a>
      <a className={styles.heroSecondaryButton} href={`/book?service=${serviceSlug}`}>
        Book online
      </a>
      <a className={styles.heroSecondaryButton} href="/contact">
        Get a Free Estimate
      </a>
    </>
  );
}

export default function Page() {
  const { data, settings } = usePageContext();
  const { service, faqs } = data as ServiceData;
  return (
    <>
      <nav className={styles.breadcrumb} aria-label="Breadcrumb">
        <ol className={styles.breadcrumbList}>
          <li className={styles.breadcrumbItem}>
            <a className={styles.breadcrumbLink} href="/">
              Home
            </a>
          </li>
          <li className={styles.breadcrumbItem}>
            <a className={styles.breadcrumbLink} href="/services">
              Services
            </a>
          </li>
          <li className={styles.breadcrumbItem} aria-current="page">
            {service.title}
          </li>
        </ol>
      </nav>

      <section className={styles.hero} aria-labelledby="service-title">
        <div className={styles.heroInner}>
          <p className={styles.badge}>LICENSED &amp; INSURED</p>
          <h1 id="service-title" className={styles.heroTitle}>
            {service.title}
          </h1>
          <p className={styles.heroIntro}>{service.summary}</p>
          <div className={styles.detailActions}>
            <WaysToAsk phoneNumber={settings.phoneNumber} serviceSlug={service.slug} />
          </div>
        </div>
      </section>

      <section className={styles.detail} aria-labelledby="service-details-title">
        <div className={styles.detailInner}>
          <div className={styles.detailText}>
            <h2 id="service-details-title" className={styles.sectionTitle}>
              What we do
            </h2>
            <PriceFrom priceFrom={service.priceFrom} />
            <div className={styles.description} dangerouslySetInnerHTML={{ __html: service.description }} />
            {service.offerings.length > 0 && (
              <>
                <h3 className={styles.cardTitle}>Included in {service.title}</h3>
                <ul className={styles.offerings}>
                  {service.offerings.map((offering) => (
                    <li key={offering}>{offering}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
          <div className={styles.detailMedia}>
            <HydrationBoundary>
              <PhotoCarousel label={service.title} images={service.photos} lazy={false} />
            </HydrationBoundary>
          </div>
        </div>
      </section>

      <FaqList faqs={faqs} title={`${service.title}: Questions and Answers`} />

      <section className={styles.closing} aria-labelledby="closing-title">
        <h2 id="closing-title" className={styles.closingTitle}>
          Need help with {service.title.toLowerCase()}?
        </h2>
        <p>
          Call now, book a visit online, or tell us what is going on and we will get back to you with a time
          and an upfront price.
        </p>
        <div className={styles.closingActions}>
          <WaysToAsk phoneNumber={settings.phoneNumber} serviceSlug={service.slug} />
        </div>
      </section>
    </>
  );
}
