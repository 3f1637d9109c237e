export * from './posts.ts';
export * from './reviews.ts';
export * from './contact-submissions.ts';
export * from './media.ts';
export * from './users.ts';
export * from './sessions.ts';
export * from './settings.ts';
export * from './seo-metadata.ts';
