import { usePageContext } from '../../renderer/usePageContext.tsx';
import { linkButton } from '../../src/components/LinkButton/link-button.css.ts';
import { PageHero } from '../../src/components/PageHero/PageHero.tsx';
import { aboutImage, localExpertsImage, type SiteImage } from '../../src/shared/images.ts';
import { telHref } from '../../src/shared/site-content.ts';
import { townWithState } from '../../src/shared/town-lists.ts';
import { TownName } from '../../src/components/TownName/TownName.tsx';
import type { Data } from './+data.ts';
import { siteImageUrl } from '../../src/shared/site-image-url.ts';
import * as styles from './about.css.ts';

const coreValues = [
  {
    title: 'Integrity',
    text: 'Upfront prices before any work starts, and honest advice, even when the answer is a cheap fix.',
  },
  {
    title: 'Excellence',
    text: 'Licensed plumbers, quality parts and work done to code, backed by our 100% satisfaction guarantee.',
  },
  {
    title: 'Respect',
    text: 'We treat your home like our own: shoe covers on, drop cloths down and the work area left clean.',
  },
  {
    title: 'Reliability',
    text: 'We arrive when we say we will and answer emergency calls around the clock.',
  },
];

const reasonsToChooseUs = [
  '15+ years of experience in North Georgia homes',
  'Licensed and insured plumbers',
  'Upfront, flat-rate pricing with no surprises',
  '24/7 emergency service, most problems fixed today',
  '100% satisfaction guaranteed on every job',
  'More than 500 happy customers in Forsyth County',
];

function Photo({ image }: { image: SiteImage }) {
  return (
    <picture>
      <source type="image/webp" srcSet={siteImageUrl(`${image.src}.webp`)} />
      <img
        className={styles.image}
        src={siteImageUrl(`${image.src}.jpg`)}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading="lazy"
      />
    </picture>
  );
}

export default function Page() {
  const { settings, data } = usePageContext();
  const { communityTowns } = data as Data;
  return (
    <>
      <PageHero
        eyebrow="About us"
        title={`About ${settings.companyName}`}
        lead="A local, family-minded plumbing company in Cumming, Georgia, serving homeowners and businesses across Forsyth County."
      />

      <section className={styles.section} aria-labelledby="who-we-are">
        <div className={`${styles.inner} ${styles.split}`}>
          <div>
            <h2 id="who-we-are" className={styles.sectionTitle}>
              Who We Are
            </h2>
            <p>
              {settings.companyName} started with one truck and one promise: show up on time, tell people the
              price before the work starts, and fix the problem properly the first time. More than fifteen
              years later, that promise still runs the company.
            </p>
            <p>
              Our licensed and insured plumbers handle everything from dripping faucets and clogged drains to
              water heaters, tankless installs, filtration systems and underground sewer lines, for homes and
              businesses alike.
            </p>
          </div>
          <Photo image={aboutImage} />
        </div>
      </section>

      <section className={`${styles.section} ${styles.muted}`} aria-labelledby="core-values">
        <div className={styles.inner}>
          <h2 id="core-values" className={styles.sectionTitle}>
            Our Core Values
          </h2>
          <ul className={styles.values}>
            {coreValues.map((value) => (
              <li key={value.title} className={styles.valueCard}>
                <h3 className={styles.valueTitle}>{value.title}</h3>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="why-choose-us">
        <div className={styles.inner}>
          <h2 id="why-choose-us" className={styles.sectionTitle}>
            Why Choose Us
          </h2>
          <ul className={styles.reasons}>
            {reasonsToChooseUs.map((reason) => (
              <li key={reason}>
                <span className={styles.check} aria-hidden="true">
                  ✓
                </span>
                <span>{reason}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${styles.section} ${styles.muted}`} aria-labelledby="community">
        <div className={`${styles.inner} ${styles.split}`}>
          <Photo image={localExpertsImage} />
          <div>
            <h2 id="community" className={styles.sectionTitle}>
              Proudly Serving Our Community
            </h2>
            <p>
              Cumming is our home base, and our trucks cover the neighbouring communities every day. Forsyth
              County is home to over 250,000 residents with a 96% graduation rate, and we are proud to keep
              its homes and businesses running.
            </p>
            <ul className={styles.towns} aria-label="Communities we serve">
              {communityTowns.map((area) => (
                <li key={townWithState(area)}>
                  <TownName area={area} />
                </li>
              ))}
            </ul>
            <dl className={styles.facts}>
              <div>
                <dt>Forsyth County residents</dt>
                <dd>250,000+</dd>
              </div>
              <div>
                <dt>Graduation rate</dt>
                <dd>96%</dd>
              </div>
            </dl>
            <p>
              Learn more about the county on the{' '}
              <a href="https://www.forsythco.com/" target="_blank" rel="noopener noreferrer">
                Forsyth County Government website
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              .
            </p>
            <div className={styles.ctaRow}>
              <a className={linkButton.orange} href={telHref(settings.phoneNumber)}>
                Call {settings.phoneNumber}
              </a>
              <a className={linkButton.outlineNavy} href="/contact">
                Contact Us
              </a>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
