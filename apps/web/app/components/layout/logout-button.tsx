import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Form } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';

const FORM_ID = 'logout-form';

/**
 * Signing out is a POST to /logout. The form sits outside any menu, because a menu unmounts its items
 * on click, before a form inside one could submit.
 */
export function LogoutForm() {
  const { href } = useI18n();
  return <Form id={FORM_ID} method="post" action={href('logout')} reloadDocument className="hidden" />;
}

/** The "Log Out" item: submits the page's logout form. Extra props (menu roles) go on the button. */
export const LogoutButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(function LogoutButton(props, ref) {
  const { t } = useI18n();
  return (
    <button
      ref={ref}
      type="submit"
      form={FORM_ID}
      {...props}
      onClick={(event) => {
        props.onClick?.(event);
        event.preventDefault();
        (document.getElementById(FORM_ID) as HTMLFormElement | null)?.requestSubmit();
      }}
    >
      {t('nav.logout')}
    </button>
  );
});
