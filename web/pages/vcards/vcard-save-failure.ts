import { msg } from '@lingui/core/macro';
import { cardSaveFailure, type CardSaveFailure } from '../../components/card/card-save-failure.ts';

export type VcardSaveAction = 'create' | 'update';

const NOTHING_SAVED = msg`Nothing was saved.`;

/** Spec section 8, other toasts: what a refused save says when no reason has a better text. */
const FAILED: Record<VcardSaveAction, NonNullable<CardSaveFailure['toast']>> = {
  create: { title: msg`Failed to create vCard. Please try again.`, description: NOTHING_SAVED },
  update: { title: msg`Failed to update vCard. Please try again.`, description: NOTHING_SAVED },
};

/**
 * What to tell the person when vcards.create or vcards.update is refused: 'Limit Reached', 'Validation
 * Error' with the first rejected field (and all of them to mark), or 'Failed to … vCard'.
 */
export function vcardSaveFailure(error: unknown, action: VcardSaveAction): CardSaveFailure {
  return cardSaveFailure(error, FAILED[action]);
}
