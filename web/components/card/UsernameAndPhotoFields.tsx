/**
 * The photo and the username of a public profile, shared by /onboarding step 3 and /dashboard/profile.
 * useUsernameAndPhoto runs the username's availability check and follows a running upload, so the form
 * can hold its submit; UsernameAndPhotoFields renders the two fields from what it returns:
 *
 *   const usernameAndPhoto = useUsernameAndPhoto(form.control, plan, profile.username);
 *   <UsernameAndPhotoFields {...usernameAndPhoto.fields} photoLabel={<Trans>Photo</Trans>} />
 *   <SubmitButton disabled={usernameAndPhoto.blocksSubmit}>…</SubmitButton>
 *
 * Use it inside a react-hook-form form whose values include `UsernameAndPhotoValues`.
 */
import { useState, type ReactNode } from 'react';
import { Controller, useWatch, type Control, type FieldValues } from 'react-hook-form';
import type { PlanId } from '#src/plans.ts';
import { PhotoInput } from '../photo/PhotoInput.tsx';
import { UsernameField } from './UsernameField.tsx';
import { usernameCheckBlocksSubmit, useUsernameCheck, type UsernameCheck } from './use-username-check.ts';

/** The values the two fields need: the photo, the username, and the name its suggestions are made from. */
export interface UsernameAndPhotoValues {
  name: string;
  username: string;
  photo: string | null;
}

type FormControl<Values extends UsernameAndPhotoValues, Output extends FieldValues> = Control<
  Values,
  unknown,
  Output
>;

// react-hook-form cannot name the paths of a generic form; the constraint on Values guarantees these exist
function ownControl<Values extends UsernameAndPhotoValues, Output extends FieldValues>(
  control: FormControl<Values, Output>,
): Control<UsernameAndPhotoValues> {
  return control as unknown as Control<UsernameAndPhotoValues>;
}

interface UsernameAndPhotoFieldsProps<Values extends UsernameAndPhotoValues, Output extends FieldValues> {
  control: FormControl<Values, Output>;
  plan: PlanId;
  /** The person's username now (null before their first card). */
  savedUsername: string | null;
  check: UsernameCheck;
  suggestionName: string;
  onUploadingChange: (uploading: boolean) => void;
  photoLabel: ReactNode;
  /** What the photo is used for, under its label. */
  photoHint?: ReactNode;
  /** Fields of the form that sit between the photo and the username (the profile's name). */
  children?: ReactNode;
}

/**
 * The username's check and whether a photo is uploading. `blocksSubmit` holds the form's submit while
 * the username is empty, checked or taken (spec section 5) and while an upload runs.
 */
export function useUsernameAndPhoto<Values extends UsernameAndPhotoValues, Output extends FieldValues>(
  control: FormControl<Values, Output>,
  plan: PlanId,
  savedUsername: string | null,
) {
  const [uploading, setUploading] = useState(false);
  const [username, name] = useWatch({ control: ownControl(control), name: ['username', 'name'] });
  const check = useUsernameCheck(username, plan, savedUsername);
  return {
    blocksSubmit: username === '' || usernameCheckBlocksSubmit(check) || uploading,
    fields: { control, plan, savedUsername, check, suggestionName: name, onUploadingChange: setUploading },
  };
}

export function UsernameAndPhotoFields<Values extends UsernameAndPhotoValues, Output extends FieldValues>({
  control: formControl,
  plan,
  savedUsername,
  check,
  suggestionName,
  onUploadingChange,
  photoLabel,
  photoHint,
  children,
}: UsernameAndPhotoFieldsProps<Values, Output>) {
  const control = ownControl(formControl);
  return (
    <>
      <Controller
        control={control}
        name="photo"
        render={({ field }) => (
          <PhotoInput
            label={photoLabel}
            hint={photoHint}
            value={field.value}
            onChange={field.onChange}
            onUploadingChange={onUploadingChange}
          />
        )}
      />
      {children}
      <Controller
        control={control}
        name="username"
        render={({ field, fieldState }) => (
          <UsernameField
            {...field}
            plan={plan}
            savedUsername={savedUsername}
            check={check}
            error={fieldState.error?.message}
            suggestionName={suggestionName}
          />
        )}
      />
    </>
  );
}
