import type { PageContextServer } from 'vike/types';
import type { SeoInput } from '../../renderer/seo.ts';
import { townNamesInWords, townWithState } from '../../src/shared/town-lists.ts';
import type { ContactData } from './+data.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  const towns = (pageContext.data as ContactData).communityTowns;
  const homeBase = towns[0];
  const where = homeBase ? ` in ${townWithState(homeBase)}` : '';
  const serving = towns.length > 0 ? ` Serving ${townNamesInWords(towns)}.` : '';
  const townKeywords = homeBase
    ? [`contact plumber ${homeBase.town} ${homeBase.state}`, `emergency plumber ${homeBase.town}`]
    : [];
  return {
    title: 'Contact Us',
    description: `Call or message our licensed plumbers${where}.${serving} Monday to Friday 8:00 AM to 6:00 PM, weekends by appointment.`,
    keywords: [...townKeywords, 'plumbing estimate', 'plumber near me'].join(', '),
    path: '/contact',
    breadcrumb: 'Contact',
  };
}
