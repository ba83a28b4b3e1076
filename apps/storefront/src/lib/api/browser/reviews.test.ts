import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CATALOG_MESSAGES, GENERIC_MESSAGES, REVIEW_MESSAGES } from '@vastra/contracts';
import { postReview, readReviews } from './reviews';
import { fakeUpload, stubFetch, json } from '@/test-support/fetch-stub';

/**
 * The review calls of the browser (behaviour.md §5, §8: the API's message, else 'Failed to fetch
 * reviews' / 'Failed to post review') through the real browser client; only the HTTP boundary is
 * replaced: `fetch`, and XMLHttpRequest for a review with photos.
 */
const http = stubFetch();

const API = 'http://api.test';
const body = { productId: 'p1', rating: 4, title: 'Soft', body: 'Cotton that breathes.' };
const review = { id: 'r1', rating: 4, title: 'Soft' };

describe('review calls', () => {
  it('reads a page of a product’s reviews, 10 a page', async () => {
    http.network = async () => json(200, { success: true, data: { reviews: [], meta: { page: 2 } } });
    const page = await readReviews(API, 'p 1', 2);
    assert.deepEqual(page, { reviews: [], meta: { page: 2 } });
    assert.equal(http.sent[0]!.url, `${API}/reviews/product/p%201?page=2&limit=10`);
    http.network = async () => Promise.reject(new TypeError('fetch failed'));
    await assert.rejects(readReviews(API, 'p1', 1), { name: 'MutationError', message: CATALOG_MESSAGES.reviews });
  });

  it('posts a review without photos as JSON and answers the toast', async () => {
    http.network = async () => json(201, { success: true, message: REVIEW_MESSAGES.posted, data: { review } });
    const posted = await postReview(API, body, []);
    assert.deepEqual(posted, { review, message: REVIEW_MESSAGES.posted });
    assert.equal(http.sent[0]!.url, `${API}/reviews`);
    assert.equal(http.sent[0]!.init.method, 'POST');
    assert.equal(http.sent[0]!.init.body, JSON.stringify(body));
  });

  it('posts a review with photos as multipart', async () => {
    const forms = fakeUpload(201, { success: true, data: { review } });
    const photo = new File(['x'], 'avatar.png', { type: 'image/png' });
    const posted = await postReview(API, { ...body, fit: 'true_to_size' }, [photo]);
    assert.equal(posted.message, REVIEW_MESSAGES.posted);
    assert.equal(forms[0]!.url, `${API}/reviews`);
    assert.equal(forms[0]!.form.get('rating'), '4');
    assert.equal(forms[0]!.form.get('fit'), 'true_to_size');
    assert.equal((forms[0]!.form.get('photos') as File).name, 'avatar.png');
  });

  it("gives the API's refusal, else 'Failed to post review'", async () => {
    http.network = async () => json(409, { success: false, message: REVIEW_MESSAGES.alreadyReviewed });
    await assert.rejects(postReview(API, body, []), { message: REVIEW_MESSAGES.alreadyReviewed });
    http.network = async () => json(500, { success: false, message: GENERIC_MESSAGES.fallback });
    await assert.rejects(postReview(API, body, []), { message: CATALOG_MESSAGES.postReview });
    fakeUpload(500, { success: false, message: GENERIC_MESSAGES.fallback });
    await assert.rejects(postReview(API, body, [new File(['x'], 'a.png', { type: 'image/png' })]), {
      message: CATALOG_MESSAGES.postReview,
    });
  });
});
