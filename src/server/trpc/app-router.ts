import { createCallerFactory, router } from './init.ts';
import { adminPostsRouter } from './routers/admin-posts.ts';
import { authRouter } from './routers/auth.ts';
import { contactRouter } from './routers/contact.ts';
import { mediaRouter } from './routers/media.ts';
import { postsRouter } from './routers/posts.ts';
import { reviewsRouter } from './routers/reviews.ts';
import { adminSettingsRouter, settingsRouter } from './routers/settings.ts';

export const appRouter = router({
  posts: postsRouter,
  reviews: reviewsRouter,
  contact: contactRouter,
  settings: settingsRouter,
  auth: authRouter,
  adminPosts: adminPostsRouter,
  adminSettings: adminSettingsRouter,
  media: mediaRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
