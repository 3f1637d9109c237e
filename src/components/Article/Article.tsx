import { useEffect, useState } from 'react';
import { usePageContext } from '../../../renderer/usePageContext.tsx';
import type { PublicPost } from '../../server/services/posts.ts';
import { ARTICLE_IMAGE_SIZES, type UploadedImage } from '../../shared/uploaded-image.ts';
import { readPostBackSource, type PostBackSource } from '../../client/post-back-source.ts';
import { PostMedia } from '../PostMedia/PostMedia.tsx';
import * as styles from './Article.css.ts';

const backLinks: Record<PostBackSource, { href: string; label: string }> = {
  news: { href: '/news', label: 'Back to News' },
  'advice-center': { href: '/advice-center', label: 'Back to Advice Center' },
};

/**
 * The back button follows the session's postBackSource (default news). The server cannot see
 * sessionStorage, so it renders the default and the browser corrects it after hydration.
 */
function useBackLink() {
  const [source, setSource] = useState<PostBackSource>('news');
  useEffect(() => {
    setSource(readPostBackSource());
  }, []);
  return backLinks[source];
}

function BackLink() {
  const back = useBackLink();
  return (
    <a className={styles.back} href={back.href}>
      <span aria-hidden="true">← </span>
      {back.label}
    </a>
  );
}

async function sharePost(post: PublicPost) {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: post.title, text: post.excerpt, url });
    } catch {
      // The visitor closed the share sheet: nothing to do.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    alert('Link copied to clipboard!');
  } catch {
    // No clipboard access (e.g. an insecure origin): show the link so it can be copied by hand.
    window.prompt('Copy this link:', url);
  }
}

/**
 * `dateLabel` comes written out by the server (formatPostDate, or formatPostDateTime for the
 * news-post variant, which also shows the time): see PostCardData for why.
 */
export function Article({
  post,
  dateLabel,
  variant,
  preview = false,
}: {
  post: PublicPost & { picture?: UploadedImage | null };
  dateLabel: string;
  variant: 'post' | 'news-post';
  preview?: boolean;
}) {
  const { settings } = usePageContext();

  return (
    <article className={styles.article}>
      {preview && (
        <p role="note" className={styles.preview}>
          Preview: visitors cannot see this post until it is published. Only signed-in staff see this page.
        </p>
      )}
      <BackLink />
      <header className={styles.header}>
        <p className={styles.date}>
          {post.publishedAt ? <time dateTime={post.publishedAt}>{dateLabel}</time> : dateLabel}
        </p>
        <h1 className={styles.title}>{post.title}</h1>
        {post.excerpt && <p className={styles.excerpt}>{post.excerpt}</p>}
        <div className={styles.meta}>
          <p className={styles.byline}>By {settings.companyName}</p>
          <button type="button" className={styles.share} onClick={() => void sharePost(post)}>
            Share
          </button>
        </div>
      </header>
      {(post.image || post.video) && (
        <div className={styles.media}>
          <PostMedia
            image={post.image}
            video={post.video}
            alt={post.picture?.alt || post.title}
            className={styles.mediaItem}
            picture={post.picture}
            sizes={ARTICLE_IMAGE_SIZES}
            priority
          />
        </div>
      )}
      {/* Sanitized twice on the server (when saved, and when this page's data was read), then its images
          given their copies (post-content-images.ts). */}
      <div className={styles.content} dangerouslySetInnerHTML={{ __html: post.content }} />
      {variant === 'news-post' && (
        <footer className={styles.footer}>
          <p>Need help with your plumbing? Get an upfront quote from {settings.companyName}.</p>
          <a className={styles.quote} href="/contact">
            Get Quote
          </a>
        </footer>
      )}
    </article>
  );
}

/** The news-post variant when its post could not be read. */
export function PostNotFound() {
  return (
    <section className={styles.article}>
      <h1 className={styles.title}>Post not found</h1>
      <p>This post could not be loaded right now. Please try again in a moment.</p>
      <BackLink />
    </section>
  );
}
