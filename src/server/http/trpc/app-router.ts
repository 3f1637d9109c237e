import { createCallerFactory, router } from './init.ts';
import { accountRouter } from './routers/account.ts';
import { activityRouter } from './routers/activity.ts';
import { adminBackupsRouter } from './routers/admin-backups.ts';
import { adminPostsRouter } from './routers/admin-posts.ts';
import { adminUsersRouter } from './routers/admin-users.ts';
import { adminSeoRouter } from './routers/admin-seo.ts';
import { authRouter } from './routers/auth.ts';
import { contactRouter } from './routers/contact.ts';
import { contentRouter } from './routers/content.ts';
import { mediaRouter } from './routers/media.ts';
import { postsRouter } from './routers/posts.ts';
import { adminReviewsRouter, reviewsRouter } from './routers/reviews.ts';
import { adminStatsRouter } from './routers/admin-stats.ts';
import { leadsRouter } from './routers/leads.ts';
import { adminFaqsRouter, adminServicesRouter, servicesRouter } from './routers/services.ts';
import { adminReviewRequestsRouter, reviewRequestsRouter } from './routers/review-requests.ts';
import { adminBookingsRouter, bookingRouter } from './routers/bookings.ts';
import { adminSettingsRouter, settingsRouter } from './routers/settings.ts';
import { adminServiceAreasRouter, serviceAreasRouter } from './routers/service-areas.ts';
import { adminOffersRouter, offersRouter } from './routers/offers.ts';
import { adminPagesRouter } from './routers/page-texts.ts';

export const appRouter = router({
  posts: postsRouter,
  reviews: reviewsRouter,
  contact: contactRouter,
  settings: settingsRouter,
  auth: authRouter,
  adminPosts: adminPostsRouter,
  adminSettings: adminSettingsRouter,
  media: mediaRouter,
  leads: leadsRouter,
  adminReviews: adminReviewsRouter,
  adminReviewRequests: adminReviewRequestsRouter,
  reviewRequests: reviewRequestsRouter,
  adminSeo: adminSeoRouter,
  account: accountRouter,
  activity: activityRouter,
  adminUsers: adminUsersRouter,
  adminBackups: adminBackupsRouter,
  adminStats: adminStatsRouter,
  serviceAreas: serviceAreasRouter,
  adminServiceAreas: adminServiceAreasRouter,
  services: servicesRouter,
  adminServices: adminServicesRouter,
  adminFaqs: adminFaqsRouter,
  booking: bookingRouter,
  adminBookings: adminBookingsRouter,
  offers: offersRouter,
  adminOffers: adminOffersRouter,
  adminPages: adminPagesRouter,
  content: contentRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
