import { PASSWORD_MIN_LENGTH } from '../../shared/auth';
import { TextField } from './ui/field';
import type { formFields } from './ui/form-fields';

/** A password field's props without the value last sent: a password is never written back into the page. */
export function withoutValue({ defaultValue: _never, ...props }: ReturnType<ReturnType<typeof formFields>>) {
  return props;
}

/**
 * A parent's or carer's new login: their name, a username, (on registration) their e-mail and a
 * password. The password is never sent back, so it has no value. `field` is the form's `formFields(…)`.
 */
export function NewLoginFields({
  field,
  withEmail = false,
  withPhone = false,
  confirmPassword = false,
}: {
  field: ReturnType<typeof formFields>;
  withEmail?: boolean;
  /** The parent's own phone number (issue 31). */
  withPhone?: boolean;
  /** A second password field, checked against the first ("Passwords do not match" beside it). */
  confirmPassword?: boolean;
}) {
  return (
    <>
      <TextField label="Your full name" required autoComplete="name" {...field('full_name')} />
      {withPhone && <TextField label="Your phone number" type="tel" required autoComplete="tel" {...field('phone_number')} />}
      <TextField label="Username" required autoComplete="username" {...field('username')} />
      {withEmail && <TextField label="Email" type="email" required autoComplete="email" {...field('email')} />}
      <TextField
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        {...withoutValue(field('password'))}
      />
      {confirmPassword && <TextField label="Confirm password" type="password" required autoComplete="new-password" {...withoutValue(field('confirm_password'))} />}
    </>
  );
}
