import { Button } from '../../components/ui';
import type { AddressDto } from '@mp/shared';
import { AddressForm, toFormValues } from './address-form';
import type { useAddressBook } from './use-address-book';

type AddressBook = ReturnType<typeof useAddressBook>;

/** Whether the saved address is the one being edited in place. */
export const isEditing = (book: AddressBook, a: AddressDto) =>
  book.mode.kind === 'edit' && book.mode.address._id === a._id;

/** A saved address edited in place (account page and checkout): the form starts from it; Cancel closes it. */
export function EditAddressForm({ book, address }: { book: AddressBook; address: AddressDto }) {
  return (
    <AddressForm
      key={address._id}
      editing
      initial={toFormValues(address)}
      onSubmit={book.save}
      onCancel={() => book.setMode({ kind: 'closed' })}
    />
  );
}

/** 'Add a New Address': the button, or the inline form once opened (account page and checkout). */
export function AddAddressPanel({
  book,
  heading: Heading = 'h2',
}: {
  book: AddressBook;
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
