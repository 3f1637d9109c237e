import { usePageContext } from '../../renderer/usePageContext.tsx';
import { Article } from '../../src/components/Article/Article.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { data } = usePageContext();
  return <Article post={(data as Data).post} variant="post" />;
}
