import { useHashScroll } from '../../src/client/hash-scroll.ts';
import { HydrationBoundary } from '../../src/components/HydrationBoundary/HydrationBoundary.tsx';
import { PhotoCarousel } from '../../src/components/PhotoCarousel/PhotoCarousel.tsx';
import { serviceSections } from './service-details.ts';
import { laterSection } from '../../src/styles/recipes.css.ts';
import * as styles from './services.css.ts';

export default function Page() {
  useHashScroll();
  return (
    <>
      <section className={styles.hero} aria-labelledby="services-title">
        <div className={styles.heroInner}>
          <p className={styles.badge}>LICENSED &amp; INSURED</p>
          <h1 id="services-title" className={styles.heroTitle}>
            Plumbing Services in Cumming, GA
          </h1>
          <p className={styles.heroIntro}>
            Homeowners across Cumming and Forsyth County call us for everything from a stubborn clog to a new
            tankless water heater. Upfront pricing, tidy work and a satisfaction guarantee on every job.
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
          {serviceSections.map((service) => (
            <li key={service.anchor} className={styles.overviewCard}>
              <h3 className={styles.cardTitle}>{service.title}</h3>
              <p>{service.summary}</p>
              <a className={styles.learnMore} href={`#${service.anchor}`}>
                Learn More<span className="visually-hidden"> about {service.title}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      {serviceSections.map((service, position) => (
        <section
          key={service.anchor}
          id={service.anchor}
          className={position === 0 ? styles.detail : `${styles.detail} ${laterSection}`}
          aria-labelledby={`${service.anchor}-title`}
        >
          <div className={styles.detailInner}>
            <div className={styles.detailText}>
              <h2 id={`${service.anchor}-title`} className={styles.sectionTitle}>
                {service.title}
              </h2>
              <p>{service.description}</p>
              <ul className={styles.offerings}>
                {service.offerings.map((offering) => (
                  <li key={offering}>{offering}</li>
                ))}
              </ul>
              <a className={styles.primaryButton} href="/contact">
                Request Service<span className="visually-hidden"> for {service.title}</span>
              </a>{' '}
              <a className={styles.primaryButton} href={`/book?service=${service.slug}`}>
                Book online<span className="visually-hidden"> for {service.title}</span>
              </a>
            </div>
            <div
              className={
                position % 2 === 0 ? styles.detailMedia : `${styles.detailMedia} ${styles.detailMediaFirst}`
              }
            >
              {/* Six carousels: each hydrates as a task of its own (HydrationBoundary). */}
              <HydrationBoundary>
                <PhotoCarousel label={service.title} images={service.gallery} />
              </HydrationBoundary>
            </div>
          </div>
        </section>
      ))}

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
