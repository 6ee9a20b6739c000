import { Textarea, type TextareaProps } from '@mantine/core';

/**
 * „Powód korekty” of a void or an adjustment: required, at most 200 characters (contracts' CorrectionReason), on
 * the form field `reason`.
 */
export function CorrectionReasonField(
  props: Pick<TextareaProps, 'placeholder' | 'value' | 'error' | 'onChange'> & { 'data-autofocus'?: boolean },
) {
  return (
    <Textarea label="Powód korekty" required autosize minRows={2} maxLength={200} name="reason" {...props} />
  );
}
