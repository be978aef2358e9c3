import { LIMITS } from '@mp/shared/constants';
import { useAppSelector } from '../../../hooks';
import { Button, EmptyState, LoadingRegion, Skeleton } from '../../../../components/ui';
import { AddressText } from '../../../../features/addresses/address-text';
import { useAddressBook } from '../../../../features/addresses/use-address-book';
import {
  AddAddressPanel,
  EditAddressForm,
  isEditing,
} from '../../../../features/addresses/add-address-panel';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export default function AddressesPage() {
  useDocumentTitle('My addresses');
  const user = useAppSelector((s) => s.auth.user)!;
  const book = useAddressBook(user.id);
  return (
    <div className="space-y-4 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold text-gray-900">Manage Addresses</h1>
        <p className="text-sm text-gray-600">
          {book.list.length} of {LIMITS.maxAddresses} saved
        </p>
      </div>
      <AddAddressPanel book={book} heading="h2" />
      {book.isLoading && !book.loaded ? (
        <LoadingRegion label="Loading addresses" className="space-y-2">
          <Skeleton className="h-20 w-full" />
        </LoadingRegion>
      ) : book.list.length === 0 ? (
        <EmptyState title="No addresses saved yet" description="Add an address to speed up checkout." />
      ) : (
        <ul
          className="divide-y divide-gray-200 rounded-lg border border-gray-200"
          aria-label="Saved addresses"
        >
          {book.list.map((a) => (
            <li key={a._id} className="p-4" data-testid="address-item">
              {isEditing(book, a) ? (
                <EditAddressForm book={book} address={a} />
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <AddressText a={a} />
                  <div className="flex gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => book.setMode({ kind: 'edit', address: a })}
                    >
                      Edit
                    </Button>
                    <Button variant="danger" size="sm" onClick={() => void book.remove(a)}>
                      Delete
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
