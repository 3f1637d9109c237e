import { usePageContext } from '../../renderer/usePageContext.tsx';
import { useHashScroll } from '../../src/client/hash-scroll.ts';
import { PostList } from '../../src/components/PostList/PostList.tsx';
import * as styles from '../../src/components/PostList/post-pages.css.ts';
import type { Data } from './+data.ts';

const preventiveMaintenanceTips = [
  'Flush your water heater once a year to clear sediment; it lasts longer and heats faster.',
  'Know where your main water shut-off valve is, and turn it fully off and on twice a year so it does not seize.',
  'Keep grease, coffee grounds and "flushable" wipes out of drains; they are the most common cause of clogs we clear.',
  'Fit hair catchers in showers and tubs and empty them weekly.',
  'Check under sinks and around toilets monthly for drips, stains or soft flooring.',
  'Replace washing machine supply hoses every five years, or sooner if they bulge or crack; braided steel hoses last longer.',
  'Test your sump pump each spring by pouring a bucket of water into the pit and watching it switch on.',
  'Keep your water pressure under 80 PSI; a pressure regulator protects pipes, fixtures and appliances.',
] as const;

const emergencyPreparednessTips = [
  'Label the main shut-off valve and show everyone in the household how to close it.',
  'Keep a flashlight, towels, a bucket and an adjustable wrench where you can find them in the dark.',
  'Before a hard freeze, disconnect garden hoses, cover outdoor spigots and open cabinet doors on outside walls.',
  'If a pipe bursts, shut off the water first, then switch off power to wet areas before you mop up.',
  'Turn off the water heater (gas to pilot, or the breaker) when the main water is shut off for long.',
  'Take photos of any water damage before cleanup for your insurance claim.',
  'Save our number in your phone now so you are not searching for a plumber during an emergency.',
] as const;

export default function Page() {
  const { data, settings } = usePageContext();
  const list = data as Data;
  useHashScroll();

  return (
    <>
      <section className={styles.hero} aria-labelledby="advice-title">
        <div className={styles.heroInner}>
          <h1 id="advice-title" className={styles.heroTitle}>
            Advice Center
          </h1>
          <p className={styles.heroIntro}>
            Practical plumbing advice from the team that fixes it every day in {settings.serviceArea}.
          </p>
        </div>
      </section>

      <section className={styles.container} aria-labelledby="advice-list-title">
        <h2 id="advice-list-title" className={styles.sectionTitle}>
          Expert plumbing advice
        </h2>
        {list.total > 0 && (
          <PostList
            list={list}
            basePath="/advice-center"
            backSource="advice-center"
            companyName={settings.companyName}
            label="Advice pages"
          />
        )}
      </section>

      <section className={styles.container} aria-labelledby="tips-title">
        <h2 id="tips-title" className={styles.sectionTitle}>
          Quick tips
        </h2>
        <div className={styles.tipsGrid}>
          <div className={styles.tipCard}>
            <h3>Preventive maintenance</h3>
            <ul className={styles.tipList}>
              {preventiveMaintenanceTips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </div>
          <div className={styles.tipCard}>
            <h3>Emergency preparedness</h3>
            <ul className={styles.tipList}>
              {emergencyPreparednessTips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </div>
        </div>

        {/* /advice-center#review-form scrolls here, the page's invitation to leave a review. */}
        <div id="review-form" className={styles.callout}>
          <h2>Did our advice help?</h2>
          <p>Tell other homeowners about your experience with {settings.companyName}.</p>
          <a className={styles.calloutButton} href="/testimonials#review-form">
            Leave a Review
          </a>
        </div>
      </section>
    </>
  );
}
