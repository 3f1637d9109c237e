import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import { media, services } from '../../../db/schema/index.ts';
import { seedBuiltInServices } from '../../../db/seed.ts';
import { faqInputSchema, serviceInputSchema, type ServiceFormInput } from '../../shared/schemas/service.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.ts';
import { createTestDatabase, testDatabaseKind } from '../testing/test-database.ts';
import {
  createFaq,
  createService,
  findShownService,
  listFaqsForAdmin,
  listServiceLinks,
  listServicesForAdmin,
  listShownFaqs,
  listShownServices,
  reorderServices,
  shownPhotos,
  updateService,
} from './service-catalog.ts';
import { actingWithoutRequest } from './activity-log.ts';
import { trashItem } from './content/trash.ts';

const server = actingWithoutRequest({ userId: null, username: null });

const gasLine: ServiceFormInput = {
  title: 'Gas Line Repair',
  summary: 'Leaking or new gas lines, fixed safely.',
  description: '<p>We find the leak <script>alert(1)</script>and fix it.</p>',
  offerings: ['Leak detection', 'Line replacement', 'Appliance hookups'],
  photos: [{ src: '/uploads/meter.jpg', alt: 'Gas meter', caption: 'A new meter' }],
  priceFrom: 149,
};

const parse = (input: ServiceFormInput) => serviceInputSchema.parse(input);

describe(`service catalog (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await createTestDatabase();
    await seedBuiltInServices(handle.db);
    await handle.db.insert(media).values({
      filename: 'meter.jpg',
      originalName: 'meter.jpg',
      mimeType: 'image/jpeg',
      size: 1,
      path: '/uploads/meter.jpg',
      url: '/uploads/meter.jpg',
      type: 'image',
      width: 4000,
      height: 3000,
    });
  });
  afterEach(async () => {
    await handle.close();
  });

  it('starts with the six built-in services in order, with the anchors the Services page always had', async () => {
    const shown = await listShownServices(handle.db);
    expect(shown.map((service) => [service.title, service.anchor])).toEqual([
      ['Residential Plumbing', 'residential-plumbing'],
      ['Sewer + Drain Solutions', 'sewer-drain-solutions'],
      ['Filtration System', 'filtration-system-service'],
      ['Underground Plumbing', 'underground-plumbing-service'],
      ['Water Heater Services', 'water-heater-service'],
      ['Tankless Water Installation', 'leak-detection-services'],
    ]);
    expect(shown[0]!.offerings).toContain('Backflow prevention');
    expect(shown[0]!.photos).toHaveLength(3);
    const questions = await listShownFaqs(handle.db);
    expect(questions.filter((faq) => faq.serviceId === null).length).toBeGreaterThan(0);
    expect(questions.some((faq) => faq.serviceId === shown[1]!.id)).toBe(true);
  });

  it('seeds once: a second run adds nothing, and deleted services do not come back', async () => {
    await seedBuiltInServices(handle.db);
    expect(await listServicesForAdmin(handle.db)).toHaveLength(6);
    await handle.db.delete(services);
    await seedBuiltInServices(handle.db);
    expect(await listServicesForAdmin(handle.db)).toHaveLength(0);
  });

  it('adds a service last, with sanitized text and the upload’s size from the media library', async () => {
    const created = await createService(handle.db, parse(gasLine));
    expect(created).toMatchObject({
      slug: 'gas-line-repair',
      anchor: 'gas-line-repair',
      sortOrder: 6,
      isShown: true,
      priceFrom: 149,
      offerings: ['Leak detection', 'Line replacement', 'Appliance hookups'],
      photos: [
        { src: '/uploads/meter.jpg', alt: 'Gas meter', caption: 'A new meter', width: 4000, height: 3000 },
      ],
    });
    expect(created.description).toBe('<p>We find the leak and fix it.</p>');
    expect((await listShownServices(handle.db)).at(-1)!.title).toBe('Gas Line Repair');
    expect((await listServiceLinks(handle.db)).at(-1)).toEqual({
      title: 'Gas Line Repair',
      slug: 'gas-line-repair',
      anchor: 'gas-line-repair',
    });
    const [shownPhoto] = await shownPhotos(handle.db, created.photos);
    expect(shownPhoto!.image.src).toBe('/uploads/meter.jpg');
  });

  it('refuses a photo that is not an image in the media library, storing nothing', async () => {
    const notThere = parse({ ...gasLine, photos: [{ src: '/uploads/missing.jpg', alt: 'Nothing' }] });
    await expect(createService(handle.db, notThere)).rejects.toThrow(InvalidInputError);
    const outside = parse({ ...gasLine, photos: [{ src: '/images/anything.png', alt: 'Elsewhere' }] });
    await expect(createService(handle.db, outside)).rejects.toThrow('must be chosen from the media library');
    expect(await listServicesForAdmin(handle.db)).toHaveLength(6);
  });

  it('refuses an address or anchor another service uses, naming it', async () => {
    await expect(
      createService(handle.db, parse({ ...gasLine, slug: 'residential-plumbing' })),
    ).rejects.toThrow(
      new ConflictError(
        'The address /services/residential-plumbing is already used by “Residential Plumbing”',
      ),
    );
    await expect(
      createService(handle.db, parse({ ...gasLine, anchor: 'leak-detection-services' })),
    ).rejects.toThrow(ConflictError);
  });

  it('keeps an old address answering where the service moved, until another service takes it', async () => {
    const created = await createService(handle.db, parse(gasLine));
    await updateService(handle.db, created.id, parse({ ...gasLine, slug: 'gas-lines' }));
    await expect(findShownService(handle.db, 'gas-line-repair')).resolves.toEqual({ movedTo: 'gas-lines' });
    await expect(findShownService(handle.db, 'gas-lines')).resolves.toMatchObject({
      service: { title: 'Gas Line Repair' },
    });
    // Renamed again: both earlier addresses lead to the newest.
    const renamed = await updateService(handle.db, created.id, parse({ ...gasLine, slug: 'gas-piping' }));
    expect(renamed.formerSlugs).toEqual(['gas-line-repair', 'gas-lines']);
    await expect(findShownService(handle.db, 'gas-line-repair')).resolves.toEqual({ movedTo: 'gas-piping' });

    // A new service may take an old address: its page wins over the redirect.
    const other = await createService(
      handle.db,
      parse({ ...gasLine, title: 'Gas Lines', slug: 'gas-lines' }),
    );
    await expect(findShownService(handle.db, 'gas-lines')).resolves.toMatchObject({
      service: { id: other.id },
    });
    const [first] = await handle.db.select().from(services).where(eq(services.id, created.id));
    expect(first!.formerSlugs).toEqual(['gas-line-repair']);
  });

  it('hides a hidden service and its questions everywhere visitors look', async () => {
    const [, sewer] = await listServicesForAdmin(handle.db);
    const hidden = parse({
      title: sewer!.title,
      summary: sewer!.summary,
      description: sewer!.description,
      offerings: sewer!.offerings,
      photos: sewer!.photos,
      isShown: false,
    });
    await updateService(handle.db, sewer!.id, hidden);
    expect((await listShownServices(handle.db)).map((service) => service.id)).not.toContain(sewer!.id);
    expect((await listServiceLinks(handle.db)).map((link) => link.slug)).not.toContain(sewer!.slug);
    expect((await listShownFaqs(handle.db)).some((faq) => faq.serviceId === sewer!.id)).toBe(false);
    await expect(findShownService(handle.db, sewer!.slug)).rejects.toThrow(NotFoundError);
    // Staff still see it, and its questions.
    expect((await listFaqsForAdmin(handle.db)).some((faq) => faq.serviceId === sewer!.id)).toBe(true);
  });

  it('reorders every service at once, and refuses an order that leaves one out', async () => {
    const ids = (await listServicesForAdmin(handle.db)).map((service) => service.id);
    const reversed = [...ids].reverse();
    await reorderServices(handle.db, reversed);
    expect((await listShownServices(handle.db)).map((service) => service.id)).toEqual(reversed);
    await expect(reorderServices(handle.db, ids.slice(1))).rejects.toThrow(InvalidInputError);
  });

  it('moves a service to the Trash with its questions', async () => {
    const [, sewer] = await listServicesForAdmin(handle.db);
    const key = String(sewer!.id);
    await trashItem(handle.db, server, 'service', key);
    expect((await listShownServices(handle.db)).map((service) => service.id)).not.toContain(sewer!.id);
    expect((await listFaqsForAdmin(handle.db)).some((faq) => faq.serviceId === sewer!.id)).toBe(false);
    expect((await listShownFaqs(handle.db)).some((faq) => faq.serviceId === sewer!.id)).toBe(false);
    await expect(trashItem(handle.db, server, 'service', key)).rejects.toThrow(NotFoundError);
  });

  it('adds questions, general or about one service, and refuses an unknown service', async () => {
    const [first] = await listServicesForAdmin(handle.db);
    const faq = await createFaq(
      handle.db,
      faqInputSchema.parse({ question: 'Do you fix gas leaks?', answer: 'Yes.', serviceId: first!.id }),
    );
    expect(faq).toMatchObject({ serviceId: first!.id, isShown: true });
    expect((await listShownFaqs(handle.db)).at(-1)!.question).toBe('Do you fix gas leaks?');
    await expect(
      createFaq(handle.db, faqInputSchema.parse({ question: 'Q', answer: 'A', serviceId: 999_999 })),
    ).rejects.toThrow(InvalidInputError);
  });
});

describe('service input schema', () => {
  it('names the field of each mistake', () => {
    const result = serviceInputSchema.safeParse({
      title: ' ',
      summary: 'x',
      description: '<p> </p>',
      slug: 'Not A Slug!',
      offerings: ['ok', ''],
      photos: [{ src: 'javascript:alert(1)', alt: '' }],
      priceFrom: -1,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toMatchObject({
      title: 'Title is required',
      description: 'Description is required',
      slug: 'Address (slug) may hold only lowercase letters, digits and single dashes between them',
      'offerings.1': 'Each offering is required',
      'photos.0.src': 'Photo must be chosen from the media library',
      'photos.0.alt': 'Photo alt text is required',
      priceFrom: 'Price from must not be negative',
    });
  });
});
