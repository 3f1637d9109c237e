import { usePageContext } from '../../renderer/usePageContext.tsx';
import { Article } from '../../src/components/Article/Article.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { data } = usePageContext();
  const { post, dateLabel, preview } = data as Data;
  return <Article post={post} dateLabel={dateLabel} variant="post" preview={preview} />;
}
