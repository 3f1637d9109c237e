import type { PageTexts } from '../src/shared/schemas/page-texts.ts';

// The words the pages showed before the owner could rewrite them: what a field left empty in the Pages
// tab shows. {company} stands for the company's name in Settings. Content of this company's install,
// like the seeded posts: another company's install starts from its own words here.
export const builtInPageTexts: PageTexts = {
  home: {
    bannerTitle: 'Proudly serving:',
    heroBadge: '24/7 Emergency Service',
    heroHeadline: 'Plumbing Problems Fixed Today in Cumming, GA',
    heroLead:
      '{company} brings licensed and insured plumbers to homes and businesses across Forsyth County, with upfront pricing and a 100% satisfaction guarantee.',
    callButtonLabel: 'Call Now',
    scheduleButtonLabel: 'Schedule Service',
    servicesHeading: 'Our Plumbing Services',
    servicesLead: "Everything your home's water, drain and sewer lines need, from one local team.",
    featuredHeading: 'Services Homeowners Call Us For Most',
    localHeading: 'Your Local Plumbing Experts',
    localText:
      'We live and work in Forsyth County. We know the older galvanized lines in downtown Cumming, the hard red clay that shifts sewer pipes, and the freezes that split hose bibs every winter, so we arrive with the right parts and a plan.\n\nNeighbours in Cumming, Sugar Hill, Suwanee, Johns Creek and Alpharetta trust us with their homes.',
  },
  about: {
    heroLead:
      'A local, family-minded plumbing company in Cumming, Georgia, serving homeowners and businesses across Forsyth County.',
    storyHeading: 'Who We Are',
    story:
      '{company} started with one truck and one promise: show up on time, tell people the price before the work starts, and fix the problem properly the first time. More than fifteen years later, that promise still runs the company.\n\nOur licensed and insured plumbers handle everything from dripping faucets and clogged drains to water heaters, tankless installs, filtration systems and underground sewer lines, for homes and businesses alike.',
    valuesHeading: 'Our Core Values',
    values: [
      {
        title: 'Integrity',
        text: 'Upfront prices before any work starts, and honest advice, even when the answer is a cheap fix.',
      },
      {
        title: 'Excellence',
        text: 'Licensed plumbers, quality parts and work done to code, backed by our 100% satisfaction guarantee.',
      },
      {
        title: 'Respect',
        text: 'We treat your home like our own: shoe covers on, drop cloths down and the work area left clean.',
      },
      {
        title: 'Reliability',
        text: 'We arrive when we say we will and answer emergency calls around the clock.',
      },
    ],
    reasonsHeading: 'Why Choose Us',
    reasons: [
      '15+ years of experience in North Georgia homes',
      'Licensed and insured plumbers',
      'Upfront, flat-rate pricing with no surprises',
      '24/7 emergency service, most problems fixed today',
      '100% satisfaction guaranteed on every job',
      'More than 500 happy customers in Forsyth County',
    ].join('\n'),
    team: [],
    communityHeading: 'Proudly Serving Our Community',
    communityText:
      'Cumming is our home base, and our trucks cover the neighbouring communities every day. Forsyth County is home to over 250,000 residents with a 96% graduation rate, and we are proud to keep its homes and businesses running.',
    communityFacts: [
      { label: 'Forsyth County residents', value: '250,000+' },
      { label: 'Graduation rate', value: '96%' },
    ],
    communityLinkLabel: 'Forsyth County Government website',
    communityLinkUrl: 'https://www.forsythco.com/',
  },
  contact: {
    intro:
      'Need a plumber in Cumming or anywhere in Forsyth County? Call us, or send a message and we will get back to you with a time and an upfront price.',
    localExpertise:
      'We work in Forsyth County homes every day, so we know the local water, the red clay that shifts buried lines, and the building codes our inspectors expect. That means faster diagnoses and fixes that last.',
    communityFocus:
      'We are your neighbours. We answer our own phone, show up when we say we will, and treat every home as if it were our own, because our business grows one recommendation at a time.',
  },
  footer: {
    line: 'Licensed and insured plumbers serving Cumming and Forsyth County, Georgia.',
  },
};
