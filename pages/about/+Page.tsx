import { usePageContext } from '../../renderer/usePageContext.tsx';
import { linkButton } from '../../src/components/LinkButton/link-button.css.ts';
import { PageHero } from '../../src/components/PageHero/PageHero.tsx';
import { aboutImage, localExpertsImage, type SiteImage } from '../../src/shared/images.ts';
import { telHref } from '../../src/shared/site-content.ts';
import { townWithState } from '../../src/shared/town-lists.ts';
import { TownName } from '../../src/components/TownName/TownName.tsx';
import { siteImageUrl } from '../../src/shared/site-image-url.ts';
import * as styles from './about.css.ts';
import type { AboutData } from './+data.ts';
import { linesOf, paragraphsOf } from '../../src/shared/page-text-format.ts';

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
  const { communityTowns, text } = data as AboutData;
  return (
    <>
      <PageHero eyebrow="About us" title={`About ${settings.companyName}`} lead={text.heroLead} />

      <section className={styles.section} aria-labelledby="who-we-are">
        <div className={`${styles.inner} ${styles.split}`}>
          <div>
            <h2 id="who-we-are" className={styles.sectionTitle}>
              {text.storyHeading}
            </h2>
            {paragraphsOf(text.story).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <Photo image={aboutImage} />
        </div>
      </section>

      <section className={`${styles.section} ${styles.muted}`} aria-labelledby="core-values">
        <div className={styles.inner}>
          <h2 id="core-values" className={styles.sectionTitle}>
            {text.valuesHeading}
          </h2>
          <ul className={styles.values}>
            {text.values.map((value) => (
              <li key={value.title} className={styles.valueCard}>
                <h3 className={styles.valueTitle}>{value.title}</h3>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {text.team.length > 0 && (
        <section className={styles.section} aria-labelledby="our-team">
          <div className={styles.inner}>
            <h2 id="our-team" className={styles.sectionTitle}>
              Meet the Team
            </h2>
            <ul className={styles.team}>
              {text.team.map((member) => (
                <li key={`${member.name} ${member.role}`} className={styles.teamMember}>
                  {member.photoUrl && (
                    <img
                      className={styles.teamPhoto}
                      src={member.photoUrl}
                      alt=""
                      width="160"
                      height="160"
                      loading="lazy"
                    />
                  )}
                  <h3 className={styles.valueTitle}>{member.name}</h3>
                  {member.role && <p>{member.role}</p>}
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <section className={styles.section} aria-labelledby="why-choose-us">
        <div className={styles.inner}>
          <h2 id="why-choose-us" className={styles.sectionTitle}>
            {text.reasonsHeading}
          </h2>
          <ul className={styles.reasons}>
            {linesOf(text.reasons).map((reason) => (
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
              {text.communityHeading}
            </h2>
            {paragraphsOf(text.communityText).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <ul className={styles.towns} aria-label="Communities we serve">
              {communityTowns.map((area) => (
                <li key={townWithState(area)}>
                  <TownName area={area} />
                </li>
              ))}
            </ul>
            {text.communityFacts.length > 0 && (
              <dl className={styles.facts}>
                {text.communityFacts.map((fact) => (
                  <div key={fact.label}>
                    <dt>{fact.label}</dt>
                    <dd>{fact.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            {text.communityLinkUrl && (
              <p>
                Learn more on the{' '}
                <a href={text.communityLinkUrl} target="_blank" rel="noopener noreferrer">
                  {text.communityLinkLabel || text.communityLinkUrl}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
                .
              </p>
            )}
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
