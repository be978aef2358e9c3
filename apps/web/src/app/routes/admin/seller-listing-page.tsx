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
import { ConsolePage } from '../../../features/console/console-page';

export default function SellerListingPage() {
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
    <ConsolePage title="Sellers – Admin" heading="Seller's Listing">
      <SellersTable sellers={sellers.data} loading={isLoading(sellers)} onView={(s) => open(s._id)} />
      <SellerDetailsModal
        open={openId !== null}
        onClose={close}
        seller={sellerDetails.data}
        loading={isLoading(sellerDetails)}
        onDecide={decide}
      />
    </ConsolePage>
  );
}
