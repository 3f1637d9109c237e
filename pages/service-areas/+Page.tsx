import { usePageContext } from '../../renderer/usePageContext.tsx';
import { linkButton } from '../../src/components/LinkButton/link-button.css.ts';
import { PageHero } from '../../src/components/PageHero/PageHero.tsx';
import { telHref } from '../../src/shared/site-content.ts';
import { townWithState } from '../../src/shared/town-lists.ts';
import type { Data } from './+data.ts';
import { content } from '../../src/components/Article/Article.css.ts';
import * as styles from './town-page.css.ts';

export default function Page() {
  const { settings, data } = usePageContext();
  const { page } = data as Data;
  const place = townWithState(page);
  return (
    <>
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          <li aria-current="page">{place}</li>
        </ol>
      </nav>
      <PageHero
        eyebrow={`Serving ${place}`}
        title={page.heading}
        lead={page.intro || `Licensed plumbers for homes in ${place}.`}
      >
        <a className={linkButton.orange} href={telHref(settings.phoneNumber)}>
          Call {settings.phoneNumber}
        </a>
        <a className={linkButton.outlineLight} href="/contact">
          Get Free Estimate
        </a>
      </PageHero>
      <section className={styles.section} aria-label={`Plumbing in ${place}`}>
        {/* Sanitized by the post allow-list when saved and again when this page's data was read. */}
        <div className={content} dangerouslySetInnerHTML={{ __html: page.body }} />
        {page.zips.length > 0 && (
          <p className={styles.zips}>{`ZIP codes we serve in ${page.town}: ${page.zips.join(', ')}`}</p>
        )}
        <div className={styles.actions}>
          <a className={linkButton.orange} href={telHref(settings.phoneNumber)}>
            Call {settings.phoneNumber}
          </a>
          <a className={linkButton.outlineNavy} href="/contact">
            Get Free Estimate
          </a>
        </div>
      </section>
    </>
  );
}
