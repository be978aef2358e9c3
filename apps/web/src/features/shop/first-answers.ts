/**
 * The answers the server put in the page for its first view (`<script id="first-answers">`, written by the
 * server's page renderer): they go into the data layer's cache before the app first renders, so home and product
 * pages draw once, with their data, instead of a skeleton and then the page (docs/performance.md).
 */
import type { Dispatch } from '@reduxjs/toolkit';
import { FIRST_ANSWERS_ID, type FirstAnswer } from '@mp/shared/seo';
import { storeApi } from '../store/store-api';
import { productsApi } from './products-api';

function readFirstAnswers(doc: Document): FirstAnswer[] {
  const el = doc.getElementById(FIRST_ANSWERS_ID);
  if (!el?.textContent) return [];
  try {
    const value: unknown = JSON.parse(el.textContent);
    return Array.isArray(value) ? (value as FirstAnswer[]) : [];
  } catch {
    return []; // the app then asks the API as usual
  }
}

type Entry = Parameters<typeof productsApi.util.upsertQueryEntries>[0][number];

function toEntry(a: FirstAnswer): Entry[] {
  switch (a.endpoint) {
    case 'home':
      return [{ endpointName: 'home', arg: undefined, value: a.data }];
    case 'banners':
      return [{ endpointName: 'banners', arg: undefined, value: a.data }];
    case 'getProduct':
      return [{ endpointName: 'getProduct', arg: a.arg, value: a.data }];
    default:
      return [];
  }
}

export function seedFirstAnswers(dispatch: Dispatch, doc: Document = document): void {
  const answers = readFirstAnswers(doc);
  const entries = answers.flatMap(toEntry);
  if (entries.length) dispatch(productsApi.util.upsertQueryEntries(entries));
  // a store page's header (its products are the listing, asked as usual)
  const stores = answers.flatMap((a) =>
    a.endpoint === 'getStore' ? [{ endpointName: 'getStore' as const, arg: a.arg, value: a.data }] : [],
  );
  if (stores.length) dispatch(storeApi.util.upsertQueryEntries(stores));
}
