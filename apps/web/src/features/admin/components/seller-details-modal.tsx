/** "Seller's Details": Personal, Business and Bank Details, Approval Status, the document, and the decision form. */
import type { SellerDecision, SellerDto } from '@mp/shared';
import {
  DetailRows,
  DetailSection,
  LoadingRegion,
  Modal,
  Skeleton,
  StatusBadge,
} from '../../../components/ui';
import { formatDate, orNA } from '../../../lib/format';
import { SellerStatusForm } from './seller-status-form';

export interface SellerDetailsModalProps {
  open: boolean;
  onClose: () => void;
  seller: SellerDto | null;
  loading: boolean;
  onDecide: (decision: SellerDecision) => Promise<boolean>;
}

const isPdf = (url: string) => /\.pdf($|\?)/i.test(url);

function DocumentPreview({ url }: { url: string }) {
  if (!url) return <p className="text-sm text-gray-600">NA</p>;
  return (
    <div className="flex flex-col gap-2">
      {!isPdf(url) && (
        <img
          src={url}
          alt="Seller document"
          width={320}
          height={200}
          loading="lazy"
          className="max-h-52 w-auto max-w-full rounded-md border border-gray-200 bg-gray-50 object-contain"
        />
      )}
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        Open document{isPdf(url) ? ' (PDF)' : ''}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

export function SellerDetailsModal({ open, onClose, seller, loading, onDecide }: SellerDetailsModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Seller's Details" size="xl">
      {!seller ? (
        loading ? (
          <LoadingRegion label="Loading seller…" className="grid gap-4 md:grid-cols-2" repeat={4}>
            <Skeleton className="h-32 w-full" />
          </LoadingRegion>
        ) : (
          <p className="text-sm text-gray-700">This seller could not be loaded.</p>
        )
      ) : (
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 md:grid-cols-2">
            <DetailSection title="Personal Details">
              <DetailRows
                rows={[
                  ['Username', seller.username],
                  ['Email', seller.email],
                  ['Phone', orNA(seller.phone)],
                  ['Registered', formatDate(seller.createdAt, true)],
                ]}
              />
            </DetailSection>
            <DetailSection title="Business Details">
              <DetailRows
                rows={[
                  ['Store Name', seller.storename],
                  ['Business Type', seller.businesstype],
                  ['GST No', orNA(seller.gstno)],
                  ['Address', seller.address],
                ]}
              />
            </DetailSection>
            <DetailSection title="Bank Details">
              <DetailRows
                rows={[
                  ['Bank Account', seller.bankaccount],
                  ['IFSC Code', seller.ifsccode],
                ]}
              />
              <div className="mt-4">
                <p className="mb-2 text-sm text-gray-600">Document</p>
                <DocumentPreview url={seller.document} />
              </div>
            </DetailSection>
            <DetailSection title="Approval Status">
              <div className="mb-4 flex items-center gap-2 text-sm">
                <span className="text-gray-600">Current status:</span>
                <StatusBadge status={seller.approvalstatus} />
              </div>
              <SellerStatusForm onSubmit={onDecide} />
            </DetailSection>
          </div>
        </div>
      )}
    </Modal>
  );
}
