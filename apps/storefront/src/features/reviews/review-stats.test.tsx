import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReviewStats as Stats } from '@vastra/contracts';
import { withIntl } from '@/test-support/intl';
import { ReviewStats } from './review-stats';

// tsx compiles this JSX with the classic runtime, which looks React up globally.
Object.assign(globalThis, { React });

const stats = (counts: [number, number, number, number, number]): Stats => {
  const total = counts.reduce((a, b) => a + b, 0);
  return {
    total,
    average: total === 0 ? 0 : counts.reduce((acc, n, i) => acc + n * (5 - i), 0) / total,
    distribution: counts.map((count, i) => ({
      rating: 5 - i,
      count,
      percentage: total ? Math.round((count / total) * 100) : 0,
    })),
    fit: { answered: 0, shares: [] },
  };
};
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the reviews section tells the catalogue ratings', () => {
  it('990 imported ratings, none written: their average and count, "No written reviews yet", no empty bars', () => {
    const html = renderToStaticMarkup(
      withIntl(<ReviewStats stats={stats([0, 0, 0, 0, 0])} rating={{ average: 4, count: 990 }} />),
    );
    assert.match(text(html), /Based on 990 ratings/);
    assert.match(text(html), /Average rating 4\.0 out of 5/);
    assert.match(text(html), /No written reviews yet\./);
    assert.doesNotMatch(text(html), /No reviews yet/);
    assert.doesNotMatch(html, /by stars/);
  });
  it('some written: the bars say they are the written reviews', () => {
    const html = renderToStaticMarkup(
      withIntl(<ReviewStats stats={stats([1, 1, 0, 0, 0])} rating={{ average: 4, count: 992 }} />),
    );
    assert.match(text(html), /Based on 992 ratings/);
    assert.match(text(html), /2 written reviews/);
    assert.match(html, /aria-label="Written reviews by stars"/);
  });
  it('every rating written: the bars are every rating', () => {
    const html = renderToStaticMarkup(
      withIntl(<ReviewStats stats={stats([1, 0, 0, 0, 0])} rating={{ average: 5, count: 1 }} />),
    );
    assert.match(html, /aria-label="Ratings by stars"/);
    assert.match(text(html), /5 stars: 100%/);
  });
  it('no rating at all: the invitation to review', () => {
    const html = renderToStaticMarkup(
      withIntl(<ReviewStats stats={stats([0, 0, 0, 0, 0])} rating={{ average: 0, count: 0 }} />),
    );
    assert.match(text(html), /No reviews yet\. Be the first to review this product\./);
  });
  it('in Hindi: the counts keep Indian grouping and Western digits', () => {
    const html = renderToStaticMarkup(
      withIntl(<ReviewStats stats={stats([1, 1, 0, 0, 0])} rating={{ average: 4, count: 123456 }} />, 'hi'),
    );
    assert.match(text(html), /1,23,456 रेटिंग के आधार पर/);
    assert.match(text(html), /2 लिखे हुए रिव्यू/);
    assert.match(html, /aria-label="स्टार के हिसाब से लिखे हुए रिव्यू"/);
    assert.doesNotMatch(text(html), /Based on|written reviews/);
  });
});
