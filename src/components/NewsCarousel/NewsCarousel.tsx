import { useCallback, useId, useState } from 'react';
import { rememberPostBackSource } from '../../client/post-back-source.ts';
import { useVisitorAttention } from '../../client/use-visitor-attention.ts';
import { useAutoAdvance } from '../../client/use-auto-advance.ts';
import { usePrefersReducedMotion } from '../../client/use-media-query.ts';
import { copyAtWidth } from '../../shared/uploaded-image.ts';
import { siteImageUrl } from '../../shared/site-image-url.ts';
import type { PostCardData } from '../../shared/post-card.ts';
import * as styles from './NewsCarousel.css.ts';

/** The news carousel advances every 20000 ms and shows at most 5 posts. */
export const NEWS_ROTATION_MS = 20_000;
export const NEWS_CAROUSEL_LIMIT = 5;

/** What a slide shows of a post: the card fields, the date written out by the server. */
export type NewsSlide = Omit<PostCardData, 'video'>;

/** A CSS url() that a stored path or data URI cannot break out of. */
function cssUrl(value: string): string {
  return `url("${value.replace(/["\\\n\r]/g, (char) => encodeURIComponent(char))}")`;
}

/**
 * A slide's background: for an uploaded photo its 1200 px copy in the best format the browser takes
 * (image-set picks AVIF, then WebP, then the fallback), otherwise the image as it is.
 */
function backgroundOf(post: NewsSlide): string {
  const picture = post.picture;
  if (!picture?.sources.length) return cssUrl(siteImageUrl(post.image!));
  const options = [
    ...picture.sources,
    { type: picture.src.endsWith('.png') ? 'image/png' : 'image/jpeg', srcSet: picture.srcSet },
  ].map((source) => `${cssUrl(copyAtWidth(source.srcSet, 1200)!)} type("${source.type}")`);
  return `image-set(${options.join(', ')})`;
}

export function NewsCarousel({ posts }: { posts: readonly NewsSlide[] }) {
  const headingId = useId();
  const [index, setIndex] = useState(0);
  const attention = useVisitorAttention();
  const [autoRotateChoice, setAutoRotateChoice] = useState<boolean | null>(null);
  const prefersReducedMotion = usePrefersReducedMotion();
  const slides = posts.slice(0, NEWS_CAROUSEL_LIMIT);
  const count = slides.length;
  const current = index >= count ? 0 : index;

  const showNext = useCallback(() => setIndex((value) => (value + 1 >= count ? 0 : value + 1)), [count]);
  const showPrevious = () => setIndex((value) => (value - 1 < 0 ? count - 1 : value - 1));
  const autoRotate = autoRotateChoice ?? !prefersReducedMotion;
  useAutoAdvance(showNext, NEWS_ROTATION_MS, autoRotate && !attention.attending && count > 1, current);

  // With no posts (or a failed read) the whole section is hidden.
  if (count === 0) return null;

  return (
    <section
      className={styles.section}
      aria-labelledby={headingId}
      aria-roledescription="carousel"
      {...attention.handlers}
      data-testid="news-carousel"
    >
      <div className={styles.inner}>
        <div className={styles.headingRow}>
          <h2 id={headingId} className={styles.heading}>
            Latest News and Updates
          </h2>
          <a className={styles.viewAll} href="/news">
            View All News
          </a>
        </div>
        <div className={styles.viewport}>
          <ul className={styles.track} style={{ transform: `translateX(-${current * 100}%)` }}>
            {slides.map((post, position) => {
              const isCurrent = position === current;
              // Only the slide on screen and its two neighbours (the ones a step or a slide-out shows)
              // fetch their background: five photos at once would compete with the hero on a phone.
              const distance = Math.min(Math.abs(position - current), count - Math.abs(position - current));
              return (
                <li
                  key={post.id}
                  className={styles.slide}
                  style={post.image && distance <= 1 ? { backgroundImage: backgroundOf(post) } : undefined}
                  aria-hidden={isCurrent ? undefined : true}
                  inert={!isCurrent}
                  data-testid="news-slide"
                >
                  <div className={styles.slideBody}>
                    {post.publishedAt ? (
                      <time className={styles.date} dateTime={post.publishedAt}>
                        {post.dateLabel}
                      </time>
                    ) : (
                      <span className={styles.date}>{post.dateLabel}</span>
                    )}
                    <h3 className={styles.title}>
                      {/* A news post, so its back link leads to News even if the session last came from the Advice Center. */}
                      <a
                        className={styles.titleLink}
                        href={`/news-post?id=${post.id}`}
                        onClick={() => rememberPostBackSource('news')}
                      >
                        {post.title}
                      </a>
                    </h3>
                    {post.excerpt && <p className={styles.excerpt}>{post.excerpt}</p>}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
        {count > 1 && (
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.control}
              onClick={showPrevious}
              aria-label="Previous news post"
            >
              ‹
            </button>
            <p className={styles.position} aria-live={autoRotate && !attention.attending ? 'off' : 'polite'}>
              {current + 1} / {count}
            </p>
            <button type="button" className={styles.control} onClick={showNext} aria-label="Next news post">
              ›
            </button>
            <button type="button" className={styles.control} onClick={() => setAutoRotateChoice(!autoRotate)}>
              {autoRotate ? 'Pause rotation' : 'Play rotation'}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
