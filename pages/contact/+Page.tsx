import { usePageContext } from '../../renderer/usePageContext.tsx';
import { telHref } from '../../src/shared/site-content.ts';
import { townWithState } from '../../src/shared/town-lists.ts';
import { TownName } from '../../src/components/TownName/TownName.tsx';
import { FaqList } from '../../src/components/FaqList/FaqList.tsx';
import { Toaster } from '../../src/components/Toast/Toaster.tsx';
import type { ContactData } from './+data.ts';
import { ContactForm } from './ContactForm.tsx';
import * as styles from './contact.css.ts';
import { formatAddressLine } from '../../src/shared/postal-address.ts';

// The hours shown here are the fixed ones the company advertises, not the per-day settings.
const WORKING_HOURS = ['Monday to Friday: 8:00 AM to 6:00 PM', 'Weekend: by appointment'] as const;

export default function Page() {
  const { settings, data } = usePageContext();
  const { faqs, communityTowns, text } = data as ContactData;
  const [homeBase, ...nearbyTowns] = communityTowns;
  // Where the map and the location card point when Settings has no address: the home base town.
  const homeBasePlace = homeBase ? townWithState(homeBase) : '';

  return (
    <>
      <section className={styles.hero} aria-labelledby="contact-title">
        <div className={styles.heroInner}>
          <h1 id="contact-title" className={styles.heroTitle}>
            Contact {settings.companyName}
          </h1>
          <p className={styles.heroIntro}>{text.intro}</p>
        </div>
      </section>

      <section className={styles.container} aria-labelledby="contact-info-title">
        <h2 id="contact-info-title" className="visually-hidden">
          How to reach us
        </h2>
        <ul className={styles.infoGrid}>
          <li className={styles.infoCard}>
            <h3 className={styles.infoTitle}>Location</h3>
            <p>{formatAddressLine(settings) || homeBasePlace}</p>
          </li>
          <li className={styles.infoCard}>
            <h3 className={styles.infoTitle}>Phone</h3>
            <p>
              <a href={telHref(settings.phoneNumber)}>{settings.phoneNumber}</a>
            </p>
          </li>
          <li className={styles.infoCard}>
            <h3 className={styles.infoTitle}>Email</h3>
            <p>
              {settings.email ? (
                <a href={`mailto:${settings.email}`}>{settings.email}</a>
              ) : (
                'Use the form below'
              )}
            </p>
          </li>
          <li className={styles.infoCard}>
            <h3 className={styles.infoTitle}>Working Hours</h3>
            {WORKING_HOURS.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </li>
        </ul>
      </section>

      <div className={`${styles.container} ${styles.formAndMap}`}>
        {settings.contactFormEnabled ? (
          <ContactForm />
        ) : (
          // The owner turned the form off: the page still gets the visitor to a person.
          <section className={styles.form} aria-labelledby="call-us-title">
            <h2 id="call-us-title" className={styles.formTitle}>
              Call us to book service
            </h2>
            <p className={styles.formHint}>
              Our online form is closed right now. Call and a plumber will help you straight away.
            </p>
            <p>
              <a className={styles.submit} href={telHref(settings.phoneNumber)}>
                Call {settings.phoneNumber}
              </a>
            </p>
          </section>
        )}
        {homeBasePlace && (
          <section aria-labelledby="map-title" className={styles.mapSection}>
            <h2 id="map-title" className={styles.formTitle}>
              Find us
            </h2>
            <iframe
              className={styles.map}
              src={`https://www.google.com/maps?${new URLSearchParams({ q: homeBasePlace, output: 'embed' })}`}
              title={`Map of ${homeBasePlace}`}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
            />
          </section>
        )}
      </div>

      <section className={styles.communities} aria-labelledby="communities-title">
        <div className={styles.containerInner}>
          <h2 id="communities-title" className={styles.sectionTitle}>
            Communities we serve
          </h2>
          <ul className={styles.townList}>
            {homeBase && (
              <li className={styles.town}>
                <strong>
                  <TownName area={homeBase} />
                </strong>{' '}
                <span className={styles.homeBase}>(home base)</span>
              </li>
            )}
            {nearbyTowns.map((area) => (
              <li key={townWithState(area)} className={styles.town}>
                <TownName area={area} />
              </li>
            ))}
          </ul>
          <div className={styles.blurbs}>
            <div>
              <h3 className={styles.infoTitle}>Local expertise</h3>
              <p>{text.localExpertise}</p>
            </div>
            <div>
              <h3 className={styles.infoTitle}>Community focus</h3>
              <p>{text.communityFocus}</p>
            </div>
          </div>
        </div>
      </section>
      <FaqList faqs={faqs} />
      {/* Only pages that send something carry the toast code. */}
      <Toaster />
    </>
  );
}
