import { describe, expect, it } from 'vitest';
import { emptySellerForm, SELLER_STEPS, submitBlockedMessage } from './seller-wizard';

describe('seller wizard rules', () => {
  it('when the steps are listed, then every field of the request is asked once, the review last', () => {
    const asked = SELLER_STEPS.flatMap((s) => s.fields as readonly string[]);
    expect([...asked].sort()).toEqual(Object.keys(emptySellerForm()).sort());
    expect(SELLER_STEPS.at(-1)).toEqual({ title: 'Review', fields: [] });
  });

  it('when an upload runs or no document is uploaded, then submit is blocked with a message saying why', () => {
    expect(submitBlockedMessage({ uploading: true, image: '' })).toBe(
      'Please wait for image upload to complete.',
    );
    expect(submitBlockedMessage({ uploading: false, image: '' })).toBe(
      'Please upload a document/image first.',
    );
    expect(submitBlockedMessage({ uploading: false, image: '/uploads/x.png' })).toBeNull();
  });
});
