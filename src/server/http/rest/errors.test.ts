import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

const validContact = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '470-555-0100',
  service: 'Water Heater Services',
  message: 'My heater leaks.',
};
const validReview = { name: 'Ann', secondName: '', rating: 5, review: 'Great work' };
const validPost = { title: 'A title', excerpt: 'An excerpt', content: '<p>Body</p>', isPublished: false };

describe(`REST error shape and the schema messages (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp();
    cookie = await t.signInAs('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'The request body is not valid JSON' });
  });

  it('answers a wrong content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/xml' },
      payload: '<contact/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().success).toBe(false);
  });

  it('answers an oversized body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...validContact, message: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: 'The request is too large' });
  });

  it('answers unknown /api paths with a 404 JSON body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'No such endpoint: GET /api/nope' });
  });

  it.each([
    ['firstName', { firstName: '  ' }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['email missing', { email: '' }, 'Email is required'],
    ['email malformed', { email: 'not-an-email' }, 'Enter a valid email address'],
    ['email too long', { email: `${'a'.repeat(250)}@example.com` }, 'Email must be at most 255 characters'],
    ['firstName too long', { firstName: 'a'.repeat(256) }, 'First name must be at most 255 characters'],
    ['phone too long', { phone: '1'.repeat(21) }, 'Phone must be at most 20 characters'],
    ['message', { message: '' }, 'Message is required'],
  ])('contact: %s gives 400 "%s" and stores nothing', async (_case, change, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...validContact, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
  });

  it('contact: phone and service may be null or missing', async () => {
    const { phone: _phone, ...withoutPhone } = validContact;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { ...withoutPhone, service: null },
        })
      ).statusCode,
    ).toBe(201);
  });

  it.each([
    ['name', { name: ' ' }, 'Name is required'],
    ['review', { review: '' }, 'Review text is required'],
    ['rating 0', { rating: 0 }, 'Rating must be a number from 1 to 5'],
    ['rating 6', { rating: 6 }, 'Rating must be a number from 1 to 5'],
    ['rating text', { rating: 'five' }, 'Rating must be a number from 1 to 5'],
  ])('review: %s gives 400 "%s"', async (_case, change, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { ...validReview, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
    const reviews = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(reviews.json().reviews).toEqual([]);
  });

  it('review: second name is trimmed and an empty one becomes null; rating defaults to 5', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { name: 'Bo', secondName: '   ', review: 'Fine' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().review).toMatchObject({ name: 'Bo', secondName: null, rating: 5 });
    expect(typeof response.json().review.id).toBe('string');
  });

  it.each([
    ['title', { title: '   ' }, 'Title is required'],
    ['content', { content: '' }, 'Content is required'],
    // The excerpt could be read as optional or required; the schema requires it (see src/shared/schemas/post.ts).
    ['excerpt (required, like title and content)', { excerpt: ' ' }, 'Excerpt is required'],
  ])('admin post: blank %s gives 400 "%s"', async (_case, change, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts',
      headers: { cookie },
      payload: { type: 'news', post: { ...validPost, ...change } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
  });

  it('admin post: type must be news or advice', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts',
      headers: { cookie },
      payload: { type: 'blog', post: validPost },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Type must be news or advice');
  });

  it.each([
    ['username', { username: '', password: 'x' }, 'Username is required'],
    ['password', { username: 'x', password: '' }, 'Password is required'],
  ])('login: missing %s gives 400 "%s"', async (_case, payload, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
  });

  it('a post id that is not a number is a 400, an unknown one a 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/posts/abc' })).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/api/posts/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Post not found' });
  });

  it('the REST shapes for a post that is published', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts',
      headers: { cookie },
      payload: { type: 'advice', post: { ...validPost, isPublished: true } },
    });
    expect(created.statusCode).toBe(201);
    const { postId } = created.json();
    expect(typeof postId).toBe('number');
    const list = (await t.app.inject({ method: 'GET', url: '/api/posts' })).json();
    expect(list).toMatchObject({
      success: true,
      newsPosts: [],
      advicePosts: [{ id: postId, title: 'A title', excerpt: 'An excerpt', image: null, video: null }],
    });
    expect(list.advicePosts[0].publishedAt).toEqual(expect.any(String));
    const one = (await t.app.inject({ method: 'GET', url: `/api/posts/${postId}` })).json();
    expect(one).toMatchObject({ success: true, post: { id: postId, content: '<p>Body</p>' } });
  });
});
