import { usePageContext } from '../../renderer/usePageContext.tsx';
import { PostList } from '../../src/components/PostList/PostList.tsx';
import * as styles from '../../src/components/PostList/post-pages.css.ts';
import type { Data } from './+data.ts';

export default function Page() {
  const { data, settings } = usePageContext();
  const list = data as Data;
  return (
    <>
      <section className={styles.hero} aria-labelledby="news-title">
        <div className={styles.heroInner}>
          <h1 id="news-title" className={styles.heroTitle}>
            News &amp; Updates
          </h1>
          <p className={styles.heroIntro}>
            Company news, seasonal reminders and what is happening with plumbing in {settings.serviceArea}.
          </p>
        </div>
      </section>
      <section className={styles.container} aria-labelledby="news-list-title">
        <h2 id="news-list-title" className="visually-hidden">
          Latest news
        </h2>
        {list.total === 0 ? (
          <div className={styles.emptyState}>
            <h3 className={styles.emptyTitle}>No News Yet</h3>
            <p>Check back soon for the latest updates and expert plumbing advice!</p>
          </div>
        ) : (
          <PostList
            list={list}
            basePath="/news"
            backSource="news"
            companyName={settings.companyName}
            label="News pages"
          />
        )}
      </section>
    </>
  );
}
