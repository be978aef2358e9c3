/** "Seller's Listing" and the "Seller's Details" modal with the approval decision. */
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { SellerDecision } from '@mp/shared';
import {
  useDecideSellerMutation,
  useSellerDetailsQuery,
  useSellersQuery,
} from '../../../features/admin/admin-api';
import { SellerDetailsModal } from '../../../features/admin/components/seller-details-modal';
import { SellersTable } from '../../../features/admin/components/sellers-table';
import { isLoading, remoteOf } from '../../../features/console/remote';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function SellerListingPage() {
  useDocumentTitle('Sellers – Admin');
  const sellers = remoteOf(useSellersQuery(undefined, { refetchOnMountOrArgChange: true }), []);
  const [openId, setOpenId] = useState<string | null>(null);
  // the open seller only; kept on screen while it is asked again after a decision
  const details = useSellerDetailsQuery(openId ?? '', { skip: !openId, refetchOnMountOrArgChange: true });
  const sellerDetails = remoteOf({ ...details, data: details.currentData }, null);
  const [decideSeller] = useDecideSellerMutation();

  const open = (id: string) => setOpenId(id);
  const close = () => setOpenId(null);
  async function decide(approvalstatus: SellerDecision) {
    if (!openId) return false;
    const result = await decideSeller({ id: openId, approvalstatus });
    if (!result.error) {
      toast.success('Seller status updated!');
      return true;
    }
    toast.error(errorMessage(result.error, 'Seller status update failed'));
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
