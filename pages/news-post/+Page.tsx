import { usePageContext } from '../../renderer/usePageContext.tsx';
import { Article, PostNotFound } from '../../src/components/Article/Article.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { post, dateLabel } = usePageContext().data as Data;
  return post ? <Article post={post} dateLabel={dateLabel} variant="news-post" /> : <PostNotFound />;
}
