import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../app/hooks';
import { Link, useLocation } from 'react-router-dom';
import { Button, buttonClass, Textarea } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useLoginPrompt } from '../auth/use-login-prompt';
import { useAddReviewMutation, useListReviewsQuery } from './reviews-api';
import { StarInput } from './star-rating';

/** What an anonymous visitor sees instead of the form: a link to log in that brings them back here. */
function LoginToReview() {
  const location = useLocation();
  return (
    <div className="space-y-2 rounded-xl border border-gray-200 bg-white p-4">
      <h3 className="text-base font-semibold text-gray-900">Write a review</h3>
      <p className="text-sm text-gray-600">Only shoppers with an account can review products.</p>
      <Link
        to="/auth/login"
        state={{ from: `${location.pathname}${location.search}` }}
        className={buttonClass('primary', 'md')}
      >
        Log in to review
      </Link>
    </div>
  );
}

/**
 * The rate-and-review form (anonymous visitors get a link to log in instead). A shopper has one review per product: when theirs is already there, the form starts
 * from it and says that sending replaces it (the server keeps one review per shopper and product).
 */
export function ReviewForm({ productId }: { productId: string }) {
  const requireLogin = useLoginPrompt();
  const userId = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user?.id : undefined));
  const { currentData: reviews } = useListReviewsQuery(productId);
  const mine = userId ? reviews?.find((r) => r.userId === userId) : undefined;
  const [rating, setRating] = useState(0);
  const [message, setMessage] = useState('');
  const [addReview, { isLoading: busy }] = useAddReviewMutation();
  useEffect(() => {
    setRating(mine?.reviewVal ?? 0);
    setMessage(mine?.reviewMessage ?? '');
  }, [mine?._id, mine?.reviewVal, mine?.reviewMessage]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const user = requireLogin('Please login to write a review.', false);
    if (!user) return;
    if (rating < 1 || message.trim() === '') {
      toast.warn('Please rate and review first.');
      return;
    }
    const r = await addReview({
      productId,
      userId: user.id,
      username: user.username,
      reviewMessage: message.trim(),
      reviewVal: rating,
    });
    if (!r.error) toast.success(mine ? 'Your review was updated.' : 'Review Added Successfully!');
    else toast.error(errorMessage(r.error, 'Could not add the review.'));
  };
  if (!userId) return <LoginToReview />;
  return (
    <form
      onSubmit={submit}
      aria-labelledby="review-form-title"
      className="space-y-3 rounded-xl border border-gray-200 bg-white p-4"
    >
      <h3 id="review-form-title" className="text-base font-semibold text-gray-900">
        {mine ? 'Edit your review' : 'Write a review'}
      </h3>
      {mine && (
        <p className="text-sm text-gray-600">
          You reviewed this product on {formatDate(mine.updatedAt)}. Submitting replaces that review.
        </p>
      )}
      <StarInput value={rating} onChange={setRating} />
      <Textarea
        label="Your review"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        placeholder="What did you like or dislike?"
        rows={3}
      />
      <Button type="submit" disabled={message.trim() === ''} loading={busy}>
        {mine ? 'Replace my review' : 'Submit'}
      </Button>
    </form>
  );
}
