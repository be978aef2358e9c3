import { useEffect } from 'react';
import { reviewInputSchema } from '@mp/shared';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../app/hooks';
import { Link, useLocation } from 'react-router-dom';
import { Button, buttonClass, Textarea } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { fieldProps, showServerErrors, useZodForm } from '../../lib/form';
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

/** What the shopper fills in: the rest of the request (product, user) is the page's and the session's. */
const reviewFormSchema = reviewInputSchema.pick({ reviewMessage: true, reviewVal: true });

/**
 * The rate-and-review form (anonymous visitors get a link to log in instead). A shopper has one review per product: when theirs is already there, the form starts
 * from it and says that sending replaces it (the server keeps one review per shopper and product).
 */
export function ReviewForm({ productId }: { productId: string }) {
  const requireLogin = useLoginPrompt();
  const userId = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user?.id : undefined));
  const { currentData: reviews } = useListReviewsQuery(productId);
  const mine = userId ? reviews?.find((r) => r.userId === userId) : undefined;
  const form = useZodForm(reviewFormSchema, { reviewMessage: '', reviewVal: 0 });
  const [addReview, { isLoading: busy }] = useAddReviewMutation();
  const { reset } = form;
  useEffect(() => {
    reset({ reviewVal: mine?.reviewVal ?? 0, reviewMessage: mine?.reviewMessage ?? '' });
  }, [reset, mine?._id, mine?.reviewVal, mine?.reviewMessage]);
  const rating = Number(form.watch('reviewVal'));
  const message = String(form.watch('reviewMessage') ?? '');

  const submit = form.handleSubmit(async (input) => {
    const user = requireLogin('Please login to write a review.', false);
    if (!user) return;
    const r = await addReview({ productId, userId: user.id, username: user.username, ...input });
    if (!r.error) toast.success(mine ? 'Your review was updated.' : 'Review Added Successfully!');
    else if (!showServerErrors(form, r.error))
      toast.error(errorMessage(r.error, 'Could not add the review.'));
  });
  if (!userId) return <LoginToReview />;
  return (
    <form
      onSubmit={submit}
      noValidate
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
      <StarInput
        value={rating}
        onChange={(n) => form.setValue('reviewVal', n, { shouldValidate: form.formState.isSubmitted })}
        error={form.formState.errors.reviewVal?.message}
      />
      <Textarea
        label="Your review"
        {...fieldProps(form, 'reviewMessage')}
        placeholder="What did you like or dislike?"
        rows={3}
      />
      <Button type="submit" disabled={message.trim() === ''} loading={busy}>
        {mine ? 'Replace my review' : 'Submit'}
      </Button>
    </form>
  );
}
