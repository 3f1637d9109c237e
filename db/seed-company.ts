// The company a fresh install is: its name, address, search wording, where it works and the sample
// reviews shown when the reviews cannot be read. Seed content, like the posts and page texts: another
// company's install starts from its own words here, and the owner changes all of it in Settings.

export const seedCompany = {
  companyName: 'Cumming Plumbing Pros',
  email: 'service@cummingplumbingpros.com',
  addressStreet: '100 Main Street',
  addressCity: 'Cumming',
  addressState: 'GA',
  addressZip: '30040',
  seoTitle: 'Plumber in Cumming, GA | Cumming Plumbing Pros',
  seoDescription:
    'Licensed and insured plumbers serving Cumming and Forsyth County, Georgia: emergency service, drains, water heaters, tankless installs and more, fixed today with upfront pricing.',
  seoKeywords:
    'plumber Cumming GA, Forsyth County plumber, emergency plumber, water heater repair, drain cleaning, tankless water heater',
  /** Where the company works, as the site's sentences name it. */
  serviceArea: 'Cumming and Forsyth County',
};

/** Nine reviews, all five stars: first name, second name and words. */
export const sampleReviewWords: readonly (readonly [string, string, string])[] = [
  [
    'Sarah',
    'Mitchell',
    'Our water heater quit on a Sunday morning. They were at our house in Cumming within the hour and had hot water running again by lunch. Honest price, no surprises.',
  ],
  [
    'James',
    'Carter',
    'Camera inspection found the root intrusion two other companies missed. The sewer line was cleared the same day and they showed me the footage before and after.',
  ],
  [
    'Linda',
    'Nguyen',
    'Installed a tankless unit in our Suwanee home. Clean work, explained every option, and the gas bill dropped the very first month.',
  ],
  [
    'Robert',
    'Hayes',
    'Burst pipe in the crawl space at 11 PM. The technician walked me through shutting off the main by phone and arrived twenty minutes later. Lifesavers.',
  ],
  [
    'Emily',
    'Brooks',
    'Whole-house filtration system installed in Johns Creek. They tested our water first and did not try to upsell us anything we did not need.',
  ],
  [
    'Michael',
    'Alvarez',
    'Fixed a slab leak with minimal digging. Upfront quote, on time, and they cleaned up better than they found it.',
  ],
  [
    'Patricia',
    'Owens',
    'Friendly, licensed, and fast. Replaced two toilets and a kitchen faucet in one visit. Will call them for everything from now on.',
  ],
  [
    'David',
    'Kim',
    'Drain in the basement kept backing up. They snaked it, found the cause, and set us up with a maintenance plan. No more backups since.',
  ],
  [
    'Karen',
    'Whitfield',
    'Best plumbing experience we have had in Forsyth County. Polite technician, fair price, and the work is guaranteed.',
  ],
];
