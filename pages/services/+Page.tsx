import { usePageContext } from '../../renderer/usePageContext.tsx';
import { useHashScroll } from '../../src/client/hash-scroll.ts';
import { FaqList } from '../../src/components/FaqList/FaqList.tsx';
import { HydrationBoundary } from '../../src/components/HydrationBoundary/HydrationBoundary.tsx';
import { PhotoCarousel } from '../../src/components/PhotoCarousel/PhotoCarousel.tsx';
import { laterSection } from '../../src/styles/recipes.css.ts';
import type { ServicesData } from './+data.ts';
import { PriceFrom } from './PriceFrom.tsx';
import * as styles from './services.css.ts';

/** "Plumbing Services in <town>, <state>" from the company's address in Settings. */
function servicesHeading(city: string, state: string): string {
  const place = [city, state].filter(Boolean).join(', ');
  return place ? `Plumbing Services in ${place}` : 'Plumbing Services';
}

export default function Page() {
  useHashScroll();
  const { data, settings } = usePageContext();
  const { services, faqs } = data as ServicesData;
  const town = settings.addressCity || 'your area';
  return (
    <>
      <section className={styles.hero} aria-labelledby="services-title">
        <div className={styles.heroInner}>
          <p className={styles.badge}>LICENSED &amp; INSURED</p>
          <h1 id="services-title" className={styles.heroTitle}>
            {servicesHeading(settings.addressCity, settings.addressState)}
          </h1>
          <p className={styles.heroIntro}>
            Homeowners across {town} and the towns around it call us for everything from a stubborn clog to a
            new tankless water heater. Upfront pricing, tidy work and a satisfaction guarantee on every job.
          </p>
          <a className={styles.primaryButton} href="/contact">
            Request Service
          </a>{' '}
          <a className={styles.primaryButton} href="/book">
            Book online
          </a>
        </div>
      </section>

      <section className={styles.overview} aria-labelledby="overview-title">
        <h2 id="overview-title" className={styles.sectionTitle}>
          What we do
        </h2>
        <ul className={styles.overviewGrid}>
          {services.map((service) => (
            <li key={service.id} className={styles.overviewCard}>
              <h3 className={styles.cardTitle}>{service.title}</h3>
              <p>{service.summary}</p>
              <a className={styles.learnMore} href={`#${service.anchor}`}>
                Learn More<span className="visually-hidden"> about {service.title}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      {services.map((service, position) => (
        <section
          key={service.id}
          id={service.anchor}
          className={position === 0 ? styles.detail : `${styles.detail} ${laterSection}`}
          aria-labelledby={`${service.anchor}-title`}
        >
          <div className={styles.detailInner}>
            <div className={styles.detailText}>
              <h2 id={`${service.anchor}-title`} className={styles.sectionTitle}>
                {service.title}
              </h2>
              <PriceFrom priceFrom={service.priceFrom} />
              <div className={styles.description} dangerouslySetInnerHTML={{ __html: service.description }} />
              <ul className={styles.offerings}>
                {service.offerings.map((offering) => (
                  <li key={offering}>{offering}</li>
                ))}
              </ul>
              <div className={styles.detailActions}>
                <a className={styles.primaryButton} href="/contact">
                  Request Service<span className="visually-hidden"> for {service.title}</span>
                </a>
                <a className={styles.primaryButton} href={`/book?service=${service.slug}`}>
                  Book online<span className="visually-hidden"> for {service.title}</span>
                </a>
                <a className={styles.secondaryLink} href={`/services/${service.slug}`}>
                  All about {service.title}
                </a>
              </div>
            </div>
            <div
              className={
                position % 2 === 0 ? styles.detailMedia : `${styles.detailMedia} ${styles.detailMediaFirst}`
              }
            >
              {/* One carousel per service: each hydrates as a task of its own (HydrationBoundary). */}
              <HydrationBoundary>
                <PhotoCarousel label={service.title} images={service.photos} />
              </HydrationBoundary>
            </div>
          </div>
        </section>
      ))}

      <FaqList faqs={faqs} className={laterSection} />

      <section className={`${styles.closing} ${laterSection}`} aria-labelledby="closing-title">
        <h2 id="closing-title" className={styles.closingTitle}>
          Ready to solve your plumbing problems?
        </h2>
        <p>Tell us what is going on and we will get back to you with a time and an upfront price.</p>
        <a className={styles.primaryButton} href="/contact">
          Contact Us Today
        </a>
      </section>
    </>
  );
}
