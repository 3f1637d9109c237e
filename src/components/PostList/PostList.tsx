import type { PostListData } from '../../server/rendering/post-pages.ts';
import type { PostBackSource } from '../../client/post-back-source.ts';
import { Pagination } from '../Pagination/Pagination.tsx';
import { PostCard } from '../PostCard/PostCard.tsx';
import * as cardStyles from '../PostCard/PostCard.css.ts';
import * as styles from './PostList.css.ts';

/** A page of post cards with the caption 'Showing X-Y of N posts' and the page links. */
export function PostList({
  list,
  basePath,
  backSource,
  companyName,
  label,
}: {
  list: PostListData;
  basePath: string;
  backSource: PostBackSource;
  companyName: string;
  /** Names the pagination landmark, e.g. "News pages". */
  label: string;
}) {
  return (
    <>
      <p className={styles.caption}>{`Showing ${list.first}-${list.last} of ${list.total} posts`}</p>
      <ul className={cardStyles.grid}>
        {list.items.map((post, position) => (
          <li key={post.id}>
            {/* The first card's image is the largest thing above the fold on a phone. */}
            <PostCard
              post={post}
              companyName={companyName}
              backSource={backSource}
              priority={position === 0}
            />
          </li>
        ))}
      </ul>
      <Pagination basePath={basePath} page={list.page} pageCount={list.pageCount} label={label} />
    </>
  );
}
