import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import type { BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type SubmitHandler,
} from 'react-hook-form';
import type { z } from 'zod';
import { validationMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { useSingleFlight } from '../../lib/use-single-flight.ts';

/** A failed check of one field: its message, and the field's element when it can take focus. */
interface FieldFailure {
  message: string;
  ref?: { focus?: () => void };
}

/**
 * The failed checks in the order of the schema's fields (zod reports them so), looking inside nested
 * groups such as the social links too.
 */
function* failuresInOrder(errors: FieldErrors): Generator<FieldFailure> {
  for (const [key, error] of Object.entries(errors)) {
    // `ref` is the field's DOM element, not a group of errors
    if (key === 'ref' || typeof error !== 'object' || error === null) continue;
    if (typeof error.message === 'string') yield error as FieldFailure;
    else yield* failuresInOrder(error as FieldErrors);
  }
}

/**
 * Moves focus to the first invalid field that can take it, at once and only then: react-hook-form's own
 * focus runs a second time a moment later, and would pull away a person (or a test) already typing in
 * another field.
 */
function focusFirstInvalid(failures: readonly FieldFailure[]) {
  failures.find((failure) => typeof failure.ref?.focus === 'function')?.ref?.focus?.();
}

/**
 * A react-hook-form form checked by a shared schema of src/schemas (the same rules as the server).
 * `submit(handler)` runs the handler with the parsed values; when the check fails it focuses the first
 * invalid field and shows the spec's destructive 'Validation Error' toast with the first message
 * (spec section 5). Field messages are validation ids: render them with FieldError. A submit while the
 * last one still runs is dropped, so no burst of clicks or Enter presses saves or creates twice.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  const { t, i18n } = useLingui();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    shouldFocusError: false,
  });
  const once = useSingleFlight();
  const submit = (handler: SubmitHandler<Output>) => {
    const handle = form.handleSubmit(handler, (errors) => {
      const failures = [...failuresInOrder(errors)];
      focusFirstInvalid(failures);
      toast({
        variant: 'destructive',
        title: t`Validation Error`,
        description: i18n._(validationMessage(failures[0]?.message)),
      });
    });
    return (event?: BaseSyntheticEvent) => {
      // also for a dropped submit: the browser must not send the form itself
      event?.preventDefault();
      return once(() => handle(event));
    };
  };
  return { ...form, submit };
}
