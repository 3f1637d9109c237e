import { usePageContext } from '../../renderer/usePageContext.tsx';
import { Article } from '../../src/components/Article/Article.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { data } = usePageContext();
  const { post, preview } = data as Data;
  return <Article post={post} variant="post" preview={preview} />;
}
