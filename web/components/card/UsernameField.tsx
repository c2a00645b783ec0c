/**
 * The username of a public address (spec section 5, "Username at card creation";
 * docs/decisions/004-usernames.md), used by /onboarding step 3 and /dashboard/profile. What is typed is
 * lowercased and stripped to a-z, 0-9 and hyphens; a broken rule of the plan shows at once; the availability
 * check's state (useUsernameCheck, run by the form so it can hold its submit) shows under the field, with the
 * public address the name gives. Once the person has a username, typing another one says beforehand what a
 * rename does (docs/decisions/011-addresses-that-never-break.md).
 *
 *   const username = useWatch({ control: form.control, name: 'username' });
 *   const check = useUsernameCheck(username, plan, savedUsername);
 *   <Controller control={form.control} name="username" render={({ field }) => (
 *     <UsernameField {...field} plan={plan} savedUsername={savedUsername} check={check}
 *       error={errors.username?.message} suggestionName={name} />)} />
 */
import { useId, type Ref } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, Loader2, RefreshCw } from 'lucide-react';
import { VALIDATION_MESSAGES as M } from '#src/messages.ts';
import type { PlanId } from '#src/plans.ts';
import {
  FREE_USERNAME_DIGITS,
  HELD_USERNAMES_MAX,
  normalizeUsernameInput,
  suggestUsername,
  USERNAME_CHANGES_PER_DAY,
  USERNAME_MAX_LENGTH,
  usernameChangeProblem,
} from '#src/username.ts';
import { FieldShell } from '../form/FieldShell.tsx';
import { Notice } from '../Notice.tsx';
import { Button } from '../ui/Button.tsx';
import { Input } from '../ui/Input.tsx';
import { UrlText } from '../UrlText.tsx';
import { publicProfileUrl } from './public-url.ts';
import { randomInt } from './random-int.ts';
import type { UsernameCheck } from './use-username-check.ts';

export interface UsernameFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  plan: PlanId;
  /** The person's username now: it stays valid on any plan (docs/decisions/013-pause-never-delete.md). */
  savedUsername: string | null;
  check: UsernameCheck;
  /** The form's error for the field (a validation id), e.g. the server's answer to a save. */
  error?: string | undefined;
  /** The name a paid plan's suggestion is made from; without it there is no 'Suggest another' button. */
  suggestionName?: string | undefined;
}

/** The message under the field: the form's, else a broken rule, else a name someone else has. */
function problemOf(
  value: string,
  plan: PlanId,
  savedUsername: string | null,
  check: UsernameCheck,
  error: string | undefined,
) {
  if (error) return error;
  const rule = usernameChangeProblem(value, plan, savedUsername);
  if (rule) return rule;
  if (check.state === 'taken') return M.usernameTaken;
  if (check.state === 'invalid') return check.problem ?? M.invalid;
  return undefined;
}

function CheckStatus({ check, id }: { check: UsernameCheck; id: string }) {
  return (
    <p id={id} role="status" className="text-sm">
      {check.state === 'checking' && (
        <span className="inline-flex items-center gap-1.5 text-slate-600">
          <Loader2 aria-hidden className="size-4 motion-safe:animate-spin" />
          <Trans>Checking...</Trans>
        </span>
      )}
      {check.state === 'available' && (
        <span className="inline-flex items-center gap-1.5 font-medium text-emerald-700">
          <CheckCircle2 aria-hidden className="size-4" />
          <Trans>Available</Trans>
        </span>
      )}
    </p>
  );
}

/** The bounds on renames (src/username.ts), said where a person renames and on the account page. */
export function UsernameLimits({ className }: { className?: string }) {
  return (
    <p className={className}>
      <Trans>
        You can change to a new username {USERNAME_CHANGES_PER_DAY} times in 24 hours, and your account keeps
        up to {HELD_USERNAMES_MAX} usernames. Switching back to an earlier one is always possible.
      </Trans>
    </p>
  );
}

/** What a rename does, said before it is saved: the old address keeps working and stays the person's. */
function RenameNotice({ savedUsername }: { savedUsername: string }) {
  const oldUrl = publicProfileUrl(savedUsername);
  return (
    <Notice tone="info" title={<Trans>Your current address keeps working</Trans>}>
      <p>
        <Trans>
          After you save, <UrlText url={oldUrl} className="font-medium" /> redirects to your new address, so
          cards and QR codes you have shared still lead to you. Nobody else can take{' '}
          <span className="font-medium break-all">{savedUsername}</span>: it stays reserved for you, and you
          can switch back to it at any time.
        </Trans>
      </p>
      <UsernameLimits className="mt-2" />
    </Notice>
  );
}

export function UsernameField({
  value,
  onChange,
  onBlur,
  name,
  ref,
  plan,
  savedUsername,
  check,
  error,
  suggestionName,
}: UsernameFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const statusId = `${id}-status`;
  const problem = problemOf(value, plan, savedUsername, check, error);
  const url = value && !problem ? publicProfileUrl(value) : null;

  return (
    <div className="space-y-1.5">
      <FieldShell
        id={id}
        label={<Trans>Username</Trans>}
        error={problem}
        limit={{ max: plan === 'free' ? FREE_USERNAME_DIGITS : USERNAME_MAX_LENGTH, length: value.length }}
        hint={
          url ? (
            <Trans>
              Your public page: <UrlText url={url} className="font-medium text-ink" />
            </Trans>
          ) : plan === 'free' ? (
            <Trans>On the free plan your username is a number of {FREE_USERNAME_DIGITS} digits.</Trans>
          ) : undefined
        }
      >
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              aria-describedby={[control['aria-describedby'], statusId].filter(Boolean).join(' ')}
              ref={ref}
              name={name}
              value={value}
              onBlur={onBlur}
              onChange={(event) => onChange(normalizeUsernameInput(event.target.value))}
              // spec section 5: free usernames are digits only, so phones open the number pad
              inputMode={plan === 'free' ? 'numeric' : 'text'}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              required
              className="font-mono"
            />
            {suggestionName !== undefined && (
              <Button
                variant="secondary"
                size="icon"
                aria-label={t`Suggest another`}
                title={t`Suggest another`}
                onClick={() => onChange(suggestUsername(plan, suggestionName, randomInt))}
              >
                <RefreshCw aria-hidden />
              </Button>
            )}
          </div>
        )}
      </FieldShell>
      {/* a problem under the field says more than the check's state */}
      <CheckStatus check={problem ? { state: 'idle' } : check} id={statusId} />
      {savedUsername !== null && value !== savedUsername && <RenameNotice savedUsername={savedUsername} />}
    </div>
  );
}
