import { Button } from '../../components/ui';
import { AddressForm } from './address-form';
import type { useAddressBook } from './use-address-book';

/** 'Add a New Address': the button, or the inline form once opened (account page and checkout). */
export function AddAddressPanel({
  book,
  heading: Heading = 'h2',
}: {
  book: ReturnType<typeof useAddressBook>;
  heading?: 'h2' | 'h3';
}) {
  if (book.mode.kind !== 'add') {
    return (
      <Button variant="outline" onClick={book.openAdd}>
        + Add a New Address
      </Button>
    );
  }
  return (
    <div className="rounded-lg border border-brand-100 bg-brand-50/40 p-4">
      <Heading className="mb-3 text-sm font-bold uppercase text-brand-700">Add a New Address</Heading>
      <AddressForm editing={false} onSubmit={book.save} onCancel={() => book.setMode({ kind: 'closed' })} />
    </div>
  );
}
