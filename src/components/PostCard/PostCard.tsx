import type { PostCardData } from '../../shared/post-card.ts';
import { rememberPostBackSource, type PostBackSource } from '../../client/post-back-source.ts';
import { PostMedia } from '../PostMedia/PostMedia.tsx';
import * as styles from './PostCard.css.ts';

export function PostCard({
  post,
  companyName,
  backSource,
  priority = false,
}: {
  post: PostCardData;
  companyName: string;
  backSource: PostBackSource;
  priority?: boolean;
}) {
  return (
    <article className={styles.card}>
      {(post.image || post.video) && (
        <div className={styles.media}>
          <PostMedia
            image={post.image}
            video={post.video}
            alt=""
            className={styles.mediaItem}
            priority={priority}
            picture={post.picture}
            // One card a row on a phone, two from 640 px, three from 1024 px in a 1200 px column.
            sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw"
          />
        </div>
      )}
      <div className={styles.body}>
        <p className={styles.date}>
          {post.publishedAt ? <time dateTime={post.publishedAt}>{post.dateLabel}</time> : post.dateLabel}
        </p>
        <h3 className={styles.title}>{post.title}</h3>
        {post.excerpt && <p className={styles.excerpt}>{post.excerpt}</p>}
        <p className={styles.byline}>By {companyName}</p>
        <a
          className={styles.readMore}
          href={`/post/${post.id}`}
          onClick={() => rememberPostBackSource(backSource)}
        >
          Read more<span className="visually-hidden"> about {post.title}</span>
        </a>
      </div>
    </article>
  );
}
