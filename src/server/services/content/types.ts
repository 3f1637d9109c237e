// The kinds of content this site has, plugged into history and the Trash. A new kind is one more
// `registerContentType` call here: how to read its editable document and write one back, how to mark
// its row deleted, purge it, and which page-cache tables show it.
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../../../db/client.ts';
import {
  contactSubmissions,
  faqs,
  media,
  offers,
  posts,
  reviews,
  serviceAreas,
  services,
} from '../../../../db/schema/index.ts';
import { offerInputSchema } from '../../../shared/schemas/offer.ts';
import {
  pageTextSchemas,
  savePageTextSchema,
  textPageSchema,
  type TextPage,
} from '../../../shared/schemas/page-texts.ts';
import { postFieldsSchema, postTypeSchema } from '../../../shared/schemas/post.ts';
import { serviceAreaFieldsSchema, townPagePath } from '../../../shared/schemas/service-area.ts';
import { faqInputSchema, serviceInputSchema } from '../../../shared/schemas/service.ts';
import { siteSettingsInputSchema } from '../../../shared/schemas/settings.ts';
import { InvalidInputError } from '../../errors.ts';
import { updatePost } from '../posts.ts';
import { getSettings, saveSettings } from '../settings.ts';
import { mediaInUse, purgeMedia } from '../media-library.ts';
import { updateOffer } from '../offers.ts';
import { getStoredPageText, savePageText } from '../page-texts.ts';
import { townAt, updateServiceArea } from '../service-areas.ts';
import { addressTakenBy, updateFaq, updateService } from '../service-catalog.ts';
import { isRowIdKey, registerContentType, type ContentDocument } from './registry.ts';

function parsed<T>(
  schema: {
    safeParse(
      value: unknown,
    ):
      { success: true; data: T } | { success: false; error: Parameters<typeof InvalidInputError.fromZod>[0] };
  },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw InvalidInputError.fromZod(result.error);
  return result.data;
}

/** The post fields the editor saves, as history keeps them (dates as ISO text). */
function postDocument(row: typeof posts.$inferSelect): ContentDocument {
  return {
    type: row.type,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    image: row.image,
    video: row.video,
    slug: row.slug,
    isPublished: row.isPublished,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

function parsePostDocument(document: ContentDocument) {
  return { type: parsed(postTypeSchema, document.type), ...parsed(postFieldsSchema, document) };
}

const livePost = (id: number) => and(eq(posts.id, id), isNull(posts.deletedAt));

registerContentType({
  type: 'post',
  label: 'Post',
  tables: ['posts'],
  isKey: isRowIdKey,
  history: {
    async read(db, key) {
      const [row] = await db
        .select()
        .from(posts)
        .where(livePost(Number(key)));
      return row ? { title: row.title, document: postDocument(row) } : null;
    },
    parse: parsePostDocument,
    async write(db, key, document) {
      const { type, ...fields } = parsePostDocument(document);
      await updatePost(db, Number(key), type, fields);
    },
    textFields: ['title', 'excerpt', 'content'],
    fieldLabels: {
      type: 'Type',
      title: 'Title',
      excerpt: 'Excerpt',
      content: 'Content',
      image: 'Image',
      video: 'Video',
      slug: 'Slug',
      isPublished: 'Published',
      publishedAt: 'Publish date',
    },
  },
  trash: {
    async titleOf(db, key) {
      const [row] = await db
        .select({ title: posts.title })
        .from(posts)
        .where(livePost(Number(key)));
      return row?.title ?? null;
    },
    async setDeleted(db, key, deletedAt) {
      const rows = await db
        .update(posts)
        .set({ deletedAt })
        .where(eq(posts.id, Number(key)))
        .returning({ id: posts.id });
      return rows.length > 0;
    },
    async restoreConflict(db, key) {
      const [row] = await db
        .select({ slug: posts.slug })
        .from(posts)
        .where(eq(posts.id, Number(key)));
      if (!row) return null;
      const [taken] = await db
        .select({ title: posts.title })
        .from(posts)
        .where(and(eq(posts.slug, row.slug), isNull(posts.deletedAt), ne(posts.id, Number(key))));
      return taken
        ? `The address “${row.slug}” is now used by the post “${taken.title}”. Change that post’s slug, then restore this one.`
        : null;
    },
    async purge(db, key) {
      await db.delete(posts).where(and(eq(posts.id, Number(key)), isNotNull(posts.deletedAt)));
      return 'purged';
    },
  },
});

/** The settings are one item, the whole settings object. */
export const SETTINGS_KEY = 'site';

registerContentType({
  type: 'settings',
  label: 'Settings',
  tables: ['settings'],
  isKey: (key) => key === SETTINGS_KEY,
  history: {
    async read(db) {
      return { title: 'Site settings', document: { ...(await getSettings(db)) } };
    },
    parse: (document) => parsed(siteSettingsInputSchema, document),
    async write(db, _key, document) {
      await saveSettings(db, parsed(siteSettingsInputSchema, document));
    },
    textFields: ['seoDescription'],
  },
});

registerContentType({
  type: 'review',
  label: 'Review',
  tables: ['reviews'],
  isKey: isRowIdKey,
  trash: {
    async titleOf(db, key) {
      const [row] = await db
        .select({ name: reviews.name, rating: reviews.rating })
        .from(reviews)
        .where(and(eq(reviews.id, Number(key)), isNull(reviews.deletedAt)));
      return row ? `Review by ${row.name} (${row.rating} stars)` : null;
    },
    async setDeleted(db, key, deletedAt) {
      const rows = await db
        .update(reviews)
        .set({ deletedAt })
        .where(eq(reviews.id, Number(key)))
        .returning({ id: reviews.id });
      return rows.length > 0;
    },
    async purge(db, key) {
      await db.delete(reviews).where(and(eq(reviews.id, Number(key)), isNotNull(reviews.deletedAt)));
      return 'purged';
    },
  },
});

registerContentType({
  type: 'lead',
  label: 'Lead',
  tables: [],
  isKey: isRowIdKey,
  trash: {
    async titleOf(db, key) {
      const [row] = await db
        .select({
          firstName: contactSubmissions.firstName,
          lastName: contactSubmissions.lastName,
          email: contactSubmissions.email,
        })
        .from(contactSubmissions)
        .where(and(eq(contactSubmissions.id, Number(key)), isNull(contactSubmissions.deletedAt)));
      return row ? `Lead from ${row.firstName} ${row.lastName} <${row.email}>` : null;
    },
    async setDeleted(db, key, deletedAt) {
      const rows = await db
        .update(contactSubmissions)
        .set({ deletedAt })
        .where(eq(contactSubmissions.id, Number(key)))
        .returning({ id: contactSubmissions.id });
      return rows.length > 0;
    },
    async purge(db, key) {
      await db
        .delete(contactSubmissions)
        .where(and(eq(contactSubmissions.id, Number(key)), isNotNull(contactSubmissions.deletedAt)));
      return 'purged';
    },
  },
});

registerContentType({
  type: 'upload',
  label: 'Upload',
  tables: ['media'],
  isKey: isRowIdKey,
  trash: {
    async titleOf(db, key) {
      const [row] = await db
        .select({ name: media.originalName })
        .from(media)
        .where(and(eq(media.id, Number(key)), isNull(media.deletedAt)));
      return row?.name ?? null;
    },
    async refusal(db, key) {
      return mediaInUse(db, Number(key));
    },
    async setDeleted(db, key, deletedAt) {
      const rows = await db
        .update(media)
        .set({ deletedAt })
        .where(eq(media.id, Number(key)))
        .returning({ id: media.id });
      return rows.length > 0;
    },
    purge: (db, key, context) => purgeMedia(db, context.fileStore, Number(key)),
  },
});

/** Marks a row of `table` deleted or live again by its id; answers whether there was such a row. */
function deletionMark(table: typeof services | typeof faqs | typeof offers | typeof serviceAreas) {
  return async (db: Database, key: string, deletedAt: Date | null): Promise<boolean> => {
    const rows = await db
      .update(table)
      .set({ deletedAt })
      .where(eq(table.id, Number(key)))
      .returning({ id: table.id });
    return rows.length > 0;
  };
}

/** Deletes a row of `table` for good, only while it is in the Trash. */
function purgeRow(table: typeof services | typeof faqs | typeof offers | typeof serviceAreas) {
  return async (db: Database, key: string): Promise<'purged'> => {
    await db.delete(table).where(and(eq(table.id, Number(key)), isNotNull(table.deletedAt)));
    return 'purged';
  };
}

async function liveServiceRow(db: Database, key: string) {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, Number(key)), isNull(services.deletedAt)));
  return row;
}

registerContentType({
  type: 'service',
  label: 'Service',
  // Its questions leave the pages with it (`faqs`).
  tables: ['services', 'faqs'],
  isKey: isRowIdKey,
  history: {
    async read(db, key) {
      const row = await liveServiceRow(db, key);
      if (!row) return null;
      return {
        title: row.title,
        document: {
          title: row.title,
          slug: row.slug,
          anchor: row.anchor,
          summary: row.summary,
          description: row.description,
          offerings: row.offerings,
          photos: row.photos,
          homeHighlight: row.homeHighlight,
          priceFrom: row.priceFrom,
          isShown: row.isShown,
        },
      };
    },
    parse: (document) => parsed(serviceInputSchema, document),
    async write(db, key, document, acting) {
      await updateService(db, Number(key), parsed(serviceInputSchema, document), acting.at);
    },
    textFields: ['title', 'summary', 'description', 'homeHighlight'],
    isPublic: (document) => document.isShown === true,
    fieldLabels: {
      title: 'Title',
      slug: 'Address (slug)',
      anchor: 'Anchor',
      summary: 'Summary',
      description: 'Description',
      offerings: 'Offerings',
      photos: 'Photos',
      homeHighlight: 'Home page card text',
      priceFrom: 'Price from',
      isShown: 'Shown',
    },
  },
  trash: {
    titleOf: async (db, key) => (await liveServiceRow(db, key))?.title ?? null,
    setDeleted: deletionMark(services),
    async restoreConflict(db, key) {
      const [row] = await db
        .select({ slug: services.slug, anchor: services.anchor })
        .from(services)
        .where(eq(services.id, Number(key)));
      const taken = row ? await addressTakenBy(db, row.slug, row.anchor, Number(key)) : null;
      return taken ? `${taken}. Change that service’s address, then restore this one.` : null;
    },
    // Its questions go with it (the foreign key cascades): answers about a service that is gone mislead.
    purge: purgeRow(services),
  },
});

async function liveFaqRow(db: Database, key: string) {
  const [row] = await db
    .select()
    .from(faqs)
    .where(and(eq(faqs.id, Number(key)), isNull(faqs.deletedAt)));
  return row;
}

registerContentType({
  type: 'faq',
  label: 'Question',
  tables: ['faqs'],
  isKey: isRowIdKey,
  history: {
    async read(db, key) {
      const row = await liveFaqRow(db, key);
      if (!row) return null;
      return {
        title: row.question,
        document: {
          question: row.question,
          answer: row.answer,
          serviceId: row.serviceId,
          isShown: row.isShown,
        },
      };
    },
    parse: (document) => parsed(faqInputSchema, document),
    async write(db, key, document, acting) {
      await updateFaq(db, Number(key), parsed(faqInputSchema, document), acting.at);
    },
    textFields: ['question', 'answer'],
    fieldLabels: { question: 'Question', answer: 'Answer', serviceId: 'Service', isShown: 'Shown' },
    isPublic: (document) => document.isShown === true,
  },
  trash: {
    titleOf: async (db, key) => (await liveFaqRow(db, key))?.question ?? null,
    setDeleted: deletionMark(faqs),
    async restoreConflict(db, key) {
      const [row] = await db
        .select({ service: services.title })
        .from(faqs)
        .innerJoin(services, eq(services.id, faqs.serviceId))
        .where(and(eq(faqs.id, Number(key)), isNotNull(services.deletedAt)));
      return row
        ? `This question is about the service “${row.service}”, which is in the Trash. Restore that service first.`
        : null;
    },
    purge: purgeRow(faqs),
  },
});

async function liveOfferRow(db: Database, key: string) {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, Number(key)), isNull(offers.deletedAt)));
  return row;
}

registerContentType({
  type: 'offer',
  label: 'Offer',
  tables: ['offers'],
  isKey: isRowIdKey,
  history: {
    async read(db, key) {
      const row = await liveOfferRow(db, key);
      if (!row) return null;
      return {
        title: `${row.amount} ${row.title}`,
        document: {
          title: row.title,
          amount: row.amount,
          description: row.description,
          finePrint: row.finePrint,
          audience: row.audience,
          showCallLink: row.showCallLink,
          showEstimateLink: row.showEstimateLink,
          picture: row.picture,
          pictureUrl: row.pictureUrl,
          pictureAlt: row.pictureAlt,
          startsAt: row.startsAt?.toISOString() ?? null,
          endsAt: row.endsAt?.toISOString() ?? null,
          sortOrder: row.sortOrder,
        },
      };
    },
    parse: (document) => parsed(offerInputSchema, document),
    async write(db, key, document, acting) {
      await updateOffer(db, Number(key), parsed(offerInputSchema, document), acting.at);
    },
    textFields: ['title', 'description', 'finePrint'],
    fieldLabels: {
      title: 'Title',
      amount: 'Amount',
      description: 'Description',
      finePrint: 'Fine print',
      audience: 'Audience',
      showCallLink: 'Call link',
      showEstimateLink: 'Estimate link',
      picture: 'Picture',
      pictureUrl: 'Uploaded picture',
      pictureAlt: 'Picture description',
      startsAt: 'Start',
      endsAt: 'End',
      sortOrder: 'Order',
    },
  },
  trash: {
    async titleOf(db, key) {
      const row = await liveOfferRow(db, key);
      return row ? `${row.amount} ${row.title}` : null;
    },
    setDeleted: deletionMark(offers),
    purge: purgeRow(offers),
  },
});

async function liveAreaRow(db: Database, key: string) {
  const [row] = await db
    .select()
    .from(serviceAreas)
    .where(and(eq(serviceAreas.id, Number(key)), isNull(serviceAreas.deletedAt)));
  return row;
}

registerContentType({
  type: 'service-area',
  label: 'Service area',
  tables: ['service_areas'],
  isKey: isRowIdKey,
  history: {
    async read(db, key) {
      const row = await liveAreaRow(db, key);
      if (!row) return null;
      return {
        title: `${row.town}, ${row.state}`,
        document: {
          town: row.town,
          state: row.state,
          zips: row.zips,
          shown: row.shown,
          inBanner: row.inBanner,
          inCommunityList: row.inCommunityList,
          slug: row.slug,
          pageHeading: row.pageHeading,
          pageIntro: row.pageIntro,
          pageBody: row.pageBody,
          pagePublished: row.pagePublished,
        },
      };
    },
    parse: (document) => parsed(serviceAreaFieldsSchema, document),
    async write(db, key, document, acting) {
      await updateServiceArea(db, Number(key), parsed(serviceAreaFieldsSchema, document), acting.at);
    },
    isPublic: (document) => document.shown === true,
    textFields: ['pageHeading', 'pageIntro', 'pageBody'],
    fieldLabels: {
      town: 'Town',
      state: 'State',
      zips: 'ZIP codes',
      shown: 'Shown',
      inBanner: 'In banner',
      inCommunityList: 'In community list',
      slug: 'Slug',
      pageHeading: 'Page heading',
      pageIntro: 'Page intro',
      pageBody: 'Page text',
      pagePublished: 'Page published',
    },
  },
  trash: {
    async titleOf(db, key) {
      const row = await liveAreaRow(db, key);
      return row ? `${row.town}, ${row.state}` : null;
    },
    setDeleted: deletionMark(serviceAreas),
    async restoreConflict(db, key) {
      const [row] = await db
        .select({ slug: serviceAreas.slug })
        .from(serviceAreas)
        .where(eq(serviceAreas.id, Number(key)));
      const taken = row ? await townAt(db, row.slug, Number(key)) : undefined;
      return row && taken
        ? `The address ${townPagePath(row.slug)} is now used by ${taken.town}. Change that town’s slug, then restore this one.`
        : null;
    },
    purge: purgeRow(serviceAreas),
  },
});

const pageTitles: Record<TextPage, string> = {
  home: 'Home page text',
  about: 'About page text',
  contact: 'Contact page text',
  footer: 'Footer text',
};

// Page text has no Trash: a page's words are never deleted, only rewritten.
registerContentType({
  type: 'page-text',
  label: 'Page text',
  // Every page's part of page_texts: a restore of one page's words reaches the pages showing them.
  tables: ['page_texts'],
  isKey: (key) => textPageSchema.safeParse(key).success,
  history: {
    async read(db, key) {
      const page = parsed(textPageSchema, key);
      return { title: pageTitles[page], document: { ...(await getStoredPageText(db, page)) } };
    },
    // Checked by the page's own schema, so a refusal names the field as the editor labels it.
    parse: (document, key) => parsed<ContentDocument>(pageTextSchemas[parsed(textPageSchema, key)], document),
    async write(db, key, document, acting) {
      const input = parsed(savePageTextSchema, { page: key, text: document });
      await savePageText(db, input.page, input.text, acting.at);
    },
    // The paragraphs of every page's schema; short lines and lists compare whole.
    textFields: [
      'heroLead',
      'localText',
      'story',
      'reasons',
      'communityText',
      'intro',
      'localExpertise',
      'communityFocus',
      'line',
    ],
  },
});
