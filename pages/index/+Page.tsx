import { usePageContext } from '../../renderer/usePageContext.tsx';
import { telHref } from '../../src/shared/site-content.ts';

export default function Page() {
  const { settings } = usePageContext();
  return (
    <section>
      <h1>Plumbers in Cumming, GA</h1>
      <p>Emergency service, fixed today. Call {settings.companyName}:</p>
      <a href={telHref(settings.phoneNumber)}>{settings.phoneNumber}</a>
    </section>
  );
}
