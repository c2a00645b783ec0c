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

/**
 * The first message of a failed check, in the order of the schema's fields (zod reports them so),
 * looking inside nested groups such as the social links too.
 */
function firstMessage(errors: FieldErrors): string | undefined {
  for (const [key, error] of Object.entries(errors)) {
    // `ref` is the field's DOM element, not a group of errors
    if (key === 'ref' || typeof error !== 'object' || error === null) continue;
    if (typeof error.message === 'string') return error.message;
    const nested = firstMessage(error as FieldErrors);
    if (nested) return nested;
  }
  return undefined;
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
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const once = useSingleFlight();
  const submit = (handler: SubmitHandler<Output>) => {
    const handle = form.handleSubmit(handler, (errors) => {
      toast({
        variant: 'destructive',
        title: t`Validation Error`,
        description: i18n._(validationMessage(firstMessage(errors))),
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
