import { useRootData } from '../../lib/root-data.ts';
import { Field } from '../ui/field.tsx';

/** How a form may ask to reach someone. */
export type ContactField = 'name' | 'phoneNo' | 'email';

const INPUTS: Record<ContactField, { type?: string; autoComplete: string }> = {
  name: { autoComplete: 'name' },
  phoneNo: { type: 'tel', autoComplete: 'tel' },
  email: { type: 'email', autoComplete: 'email' },
};

/**
 * The name, phone and e-mail fields of a form that asks how to reach someone (a lead, a contact message), filled in
 * for a signed-in visitor. `labels` names the fields the form asks for, in its order; `required`, those it needs.
 */
export function ContactFields({
  labels,
  required = [],
  errors,
}: {
  labels: Partial<Record<ContactField, string>>;
  required?: ContactField[];
  errors: Record<string, string>;
}) {
  const { user } = useRootData();
  const known: Record<ContactField, string> = {
    name: user && user.name !== 'guest' ? user.name : '',
    phoneNo: user?.phoneNumber ?? '',
    email: user?.email ?? '',
  };
  return (Object.entries(labels) as [ContactField, string][]).map(([name, label]) => (
    <Field
      key={name}
      id={name}
      name={name}
      label={label}
      {...INPUTS[name]}
      defaultValue={known[name]}
      error={errors[name]}
      required={required.includes(name)}
    />
  ));
}
