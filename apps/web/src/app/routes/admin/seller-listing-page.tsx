/** "Seller's Listing" and the "Seller's Details" modal with the approval decision. */
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { SellerDecision } from '@mp/shared';
import {
  decideSeller,
  fetchSellerDetails,
  fetchSellers,
  selectAdminConsole,
  sellerDetailsCleared,
} from '../../../features/admin/admin-slice';
import { SellerDetailsModal } from '../../../features/admin/components/seller-details-modal';
import { SellersTable } from '../../../features/admin/components/sellers-table';
import { isLoading } from '../../../features/admin/shared/remote';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function SellerListingPage() {
  useDocumentTitle('Sellers – Admin');
  const dispatch = useAppDispatch();
  const { sellers, sellerDetails } = useAppSelector(selectAdminConsole);
  const [openId, setOpenId] = useState<string | null>(null);

  useEffect(() => {
    void dispatch(fetchSellers());
  }, [dispatch]);

  function open(id: string) {
    setOpenId(id);
    void dispatch(fetchSellerDetails(id));
  }
  function close() {
    setOpenId(null);
    dispatch(sellerDetailsCleared());
  }
  async function decide(approvalstatus: SellerDecision) {
    if (!openId) return false;
    const result = await dispatch(decideSeller({ id: openId, approvalstatus }));
    if (decideSeller.fulfilled.match(result)) {
      toast.success('Seller status updated!');
      return true;
    }
    toast.error((result.payload as string | undefined) ?? 'Seller status update failed');
    return false;
  }

  return (
    <section aria-labelledby="sellers-heading" className="flex flex-col gap-6">
      <h1 id="sellers-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Seller&apos;s Listing
      </h1>
      <SellersTable sellers={sellers.data} loading={isLoading(sellers)} onView={(s) => open(s._id)} />
      <SellerDetailsModal
        open={openId !== null}
        onClose={close}
        seller={sellerDetails.data}
        loading={isLoading(sellerDetails)}
        onDecide={decide}
      />
    </section>
  );
}
