// Everything this instance does besides answering requests, started and stopped in one place: alerts,
// review requests and image copies waiting in the database, scheduled posts going live, other instances' changes,
// sweeps of old spam, nightly backups and the visit counter's writes. Each is started once the app is
// ready (a moment later on a server, so its first visitors come first) and finishes what it is doing
// before the database closes; the rest waits in the database for the next start.
import {
  defaultSecurityMailerOptions,
  SecurityMailer,
  type SecurityMailerOptions,
} from '../services/security-mailer.ts';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../../db/client.ts';
import type { AppConfig } from '../env.ts';
import type { PageCache } from '../caching/page-cache.ts';
import type { FileStore } from '../storage/file-store.ts';
import { followRemovedFiles, importUploadsFolder } from '../storage/file-store-for.ts';
import { DatabaseStore } from '../storage/database-store.ts';
import {
  defaultImageVariantMakerOptions,
  ImageVariantMaker,
  type ImageVariantMakerOptions,
} from '../services/image-variants.ts';
import {
  defaultLeadNotifierOptions,
  LeadNotifier,
  type LeadNotifierOptions,
} from '../services/lead-notifier.ts';
import {
  defaultReviewRequestMailerOptions,
  ReviewRequestMailer,
  type ReviewRequestMailerOptions,
} from '../services/review-request-mailer.ts';
import {
  BookingMailer,
  defaultBookingMailerOptions,
  type BookingMailerOptions,
} from '../services/booking-mailer.ts';
import { AnalyticsRecorder, type AnalyticsRecorderOptions } from '../services/analytics.ts';
import { sweepExpired } from '../services/sweep.ts';
import { NightlyBackups, type Clock } from '../services/backup/nightly.ts';
import { followSiteChanges } from '../caching/site-changes.ts';
import { PublishTimer } from './publish-timer.ts';
import { OfferTimer } from './offer-timer.ts';
import type { TimerClock } from './due-timer.ts';
import { followCompanyTimeZone } from '../services/company-zone.ts';
import { applyDueScheduledChanges } from '../services/content/scheduled.ts';

export interface BackgroundWorkOptions {
  leadNotifier?: Partial<LeadNotifierOptions>;
  /** Emails about account security; tests point it at their own SMTP server. */
  securityMailer?: Partial<SecurityMailerOptions>;
  /** Review requests' emails; tests give it a clock of their own. */
  reviewRequestMailer?: Partial<ReviewRequestMailerOptions>;
  /** Booking emails; by default on the app's clock, so a test moving it makes reminders come due. */
  bookingMailer?: Partial<BookingMailerOptions>;
  /** Time between sweeps of expired spam and limit counters (the first runs at start). */
  sweepIntervalMs?: number;
  /**
   * How long after the app is ready its background work begins: alerts and image copies left pending
   * before a restart, the first sweep, the nightly backup's first check. None by default; the server
   * waits a moment (server.ts).
   */
  backgroundStartDelayMs?: number;
  /** Write a backup every night (the server); omitted in tests that do not exercise it. */
  nightlyBackups?: { clock?: Clock; recheckMs?: number };
  analytics?: Partial<AnalyticsRecorderOptions>;
  imageVariants?: Partial<ImageVariantMakerOptions>;
  /**
   * The clock of the timers that empty pages when a scheduled post goes live or an offer starts or
   * ends; tests move it by hand. Reads of offers go by its time too (app.clock).
   */
  timerClock?: TimerClock;
}

interface Dependencies {
  config: AppConfig;
  database: DatabaseHandle;
  fileStore: FileStore;
  pageCache: PageCache;
}

/** The workers requests also talk to: they queue work for them. */
export interface BackgroundWorkers {
  imageVariants: ImageVariantMaker;
  leadNotifier: LeadNotifier;
  securityMailer: SecurityMailer;
  reviewRequestMailer: ReviewRequestMailer;
  bookingMailer: BookingMailer;
  analytics: AnalyticsRecorder;
}

export async function startBackgroundWork(
  fastify: FastifyInstance,
  { config, database, fileStore, pageCache }: Dependencies,
  options: BackgroundWorkOptions,
): Promise<BackgroundWorkers> {
  if (fileStore instanceof DatabaseStore) {
    const stopFollowingFiles = await followRemovedFiles(database, fileStore, fastify.log);
    fastify.addHook('onClose', stopFollowingFiles);
    let importing: Promise<unknown> = Promise.resolve();
    fastify.addHook('onReady', (done) => {
      importing = importUploadsFolder(database.db, config.uploadsDir).then(
        (count) =>
          count && fastify.log.info(`copied ${count} uploaded files from UPLOADS_DIR into the database`),
        (error: unknown) => fastify.log.error({ err: error }, 'copying UPLOADS_DIR into the database failed'),
      );
      done();
    });
    fastify.addHook('onClose', () => importing);
  }

  const startInBackground = backgroundStarter(fastify, options.backgroundStartDelayMs ?? 0);
  const imageVariants = new ImageVariantMaker(
    database.db,
    fileStore,
    join(config.uploadsDir, '.incoming'),
    fastify.log,
    { ...defaultImageVariantMakerOptions, ...options.imageVariants },
  );
  startInBackground(() => imageVariants.start());
  // An image being worked on is finished before the database closes; the rest wait in the database.
  fastify.addHook('onClose', () => imageVariants.stop());

  const leadNotifier = new LeadNotifier(
    database.db,
    {
      smtpUrl: config.smtpUrl,
      publicUrl: config.publicUrl,
      ...defaultLeadNotifierOptions,
      ...options.leadNotifier,
    },
    fastify.log,
  );

  // What visitors see can change through another instance sharing the database, or when a scheduled
  // post's time comes: both empty this instance's rendered pages. The timer is armed again when posts
  // change, and everything starts over when the listening connection comes back.
  // When the time comes, the changes due are saved (once, by whichever instance claims each) and the
  // pages dropped; the save's own notification tells the other instances.
  const publishTimer = new PublishTimer(
    database.db,
    async () => {
      await applyDueScheduledChanges(database.db, fastify.clock());
      pageCache.clear();
    },
    fastify.log,
    options.timerClock,
  );
  // Only what shows offers: the home page and GET /api/offers (and the coupon they link to).
  const offerTimer = new OfferTimer(
    database.db,
    () => pageCache.clear(['offers']),
    fastify.log,
    options.timerClock,
  );
  await followCompanyTimeZone(database.db, fastify.log);
  const stopFollowing = await followSiteChanges(database, {
    // Only the pages read from the table that changed, as each declares in its +config.ts.
    changed: (table) => {
      pageCache.clear([table]);
      if (table === 'posts' || table === 'scheduled_changes') void publishTimer.rearm();
      if (table === 'offers') void offerTimer.rearm();
      if (table === 'settings') void followCompanyTimeZone(database.db, fastify.log);
    },
    resync: () => {
      pageCache.clear();
      void publishTimer.rearm();
      void offerTimer.rearm();
      void followCompanyTimeZone(database.db, fastify.log);
    },
  });
  void offerTimer.rearm();
  fastify.addHook('onClose', async () => {
    publishTimer.stop();
    offerTimer.stop();
    await stopFollowing();
  });
  startInBackground(() => leadNotifier.start());
  const securityMailer = new SecurityMailer(
    database.db,
    {
      smtpUrl: config.smtpUrl,
      publicUrl: config.publicUrl,
      ...defaultSecurityMailerOptions,
      ...options.securityMailer,
    },
    fastify.log,
  );
  startInBackground(() => securityMailer.start());
  fastify.addHook('onClose', () => securityMailer.stop());
  // An alert being sent is finished before the database closes; the rest wait in the database.
  fastify.addHook('onClose', () => leadNotifier.stop());

  const reviewRequestMailer = new ReviewRequestMailer(
    database.db,
    {
      smtpUrl: config.smtpUrl,
      publicUrl: config.publicUrl,
      ...defaultReviewRequestMailerOptions,
      ...options.reviewRequestMailer,
    },
    fastify.log,
  );
  startInBackground(() => reviewRequestMailer.start());
  // An email being sent is finished before the database closes; the rest wait in the database.
  fastify.addHook('onClose', () => reviewRequestMailer.stop());

  const bookingMailer = new BookingMailer(
    database.db,
    {
      smtpUrl: config.smtpUrl,
      publicUrl: config.publicUrl,
      ...defaultBookingMailerOptions,
      clock: () => fastify.clock(),
      ...options.bookingMailer,
    },
    fastify.log,
  );
  startInBackground(() => bookingMailer.start());
  // An email being sent is finished before the database closes; the rest wait in the database.
  fastify.addHook('onClose', () => bookingMailer.stop());

  scheduleSweeps(
    fastify,
    database.db,
    fileStore,
    options.sweepIntervalMs ?? 60 * 60 * 1000,
    startInBackground,
  );

  if (options.nightlyBackups) {
    const nightly = new NightlyBackups({
      db: database.db,
      databaseKind: database.kind,
      files: fileStore,
      backupDir: config.backupDir,
      log: fastify.log,
      ...options.nightlyBackups,
    });
    startInBackground(() => nightly.start());
    // A backup under way is finished, not cut off, before the database closes.
    fastify.addHook('onClose', () => nightly.stop());
  }

  const analytics = new AnalyticsRecorder(database.db, config.trustProxy, options.analytics, fastify.log);
  analytics.start();
  // The last few seconds of counting are written before the database closes.
  fastify.addHook('onClose', () => analytics.stop());

  return { imageVariants, leadNotifier, reviewRequestMailer, bookingMailer, analytics, securityMailer };
}

/**
 * What starts background work once the app is ready, `delayMs` later: after a restart, the first
 * visitors and health checks are answered before that work queues its queries on the database (the
 * embedded one has a single connection). Work whose time has not come when the app closes never starts.
 */
function backgroundStarter(fastify: FastifyInstance, delayMs: number) {
  const starts: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  fastify.addHook('onReady', (done) => {
    const startAll = () => starts.forEach((start) => start());
    if (delayMs === 0) startAll();
    else timer = setTimeout(startAll, delayMs);
    done();
  });
  fastify.addHook('preClose', (done) => {
    clearTimeout(timer);
    done();
  });
  return (start: () => void) => void starts.push(start);
}

/** A sweep at start and then at each interval; a sweep under way finishes before the database closes. */
function scheduleSweeps(
  fastify: FastifyInstance,
  db: DatabaseHandle['db'],
  fileStore: FileStore,
  intervalMs: number,
  startInBackground: (start: () => void) => void,
): void {
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return;
    running = sweepExpired(db, { fileStore }, fastify.clock())
      .then((result) => {
        if (result.spamLeads || result.spamReviews || result.rateLimits || result.trash)
          fastify.log.info(result, 'deleted old spam, expired limit counters and items due out of the Trash');
      })
      .catch((error: unknown) => fastify.log.warn({ err: error }, 'sweep of old spam failed'))
      .finally(() => (running = undefined));
  };
  let timer: NodeJS.Timeout | undefined;
  startInBackground(() => {
    sweep();
    timer = setInterval(sweep, intervalMs).unref();
  });
  fastify.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
