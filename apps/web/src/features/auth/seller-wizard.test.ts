import { describe, expect, it } from 'vitest';
import { emptySellerForm, submitBlockedMessage, validateStep, type SellerForm } from './seller-wizard';

const valid: SellerForm = {
  username: 'Asha',
  email: 'asha@example.com',
  phone: '9876543210',
  password: 'secret12',
  storename: 'Asha Stores',
  gstno: '',
  address: '1 Market Street, Pune',
  businesstype: 'Individual',
  bankaccount: '12345678',
  ifsccode: 'SBIN0001234',
  image: '/uploads/documents/a.pdf',
};

describe('seller wizard step validation', () => {
  it('when step 1 is empty, then only its four fields report errors', () => {
    const errs = validateStep(emptySellerForm(), 0);
    expect(Object.keys(errs).sort()).toEqual(['email', 'password', 'phone', 'username']);
  });

  it('when step 2 lacks a business type, then it says so; gstno is optional', () => {
    const errs = validateStep({ ...valid, businesstype: '' }, 1);
    expect(errs).toEqual({ businesstype: 'Business type must be Individual or Company' });
    expect(validateStep({ ...valid, gstno: '' }, 1)).toEqual({});
  });

  it('when step 3 has a bad IFSC, then it is reported; a valid form has no errors on any step', () => {
    expect(validateStep({ ...valid, ifsccode: 'XX' }, 2).ifsccode).toMatch(/IFSC/);
    for (const s of [0, 1, 2]) expect(validateStep(valid, s)).toEqual({});
  });

  it('when an upload runs or no document is uploaded, then submit is blocked with the spec messages', () => {
    expect(submitBlockedMessage({ uploading: true, image: '' })).toBe(
      'Please wait for image upload to complete.',
    );
    expect(submitBlockedMessage({ uploading: false, image: '' })).toBe(
      'Please upload a document/image first.',
    );
    expect(submitBlockedMessage({ uploading: false, image: '/uploads/x.png' })).toBeNull();
  });
});
