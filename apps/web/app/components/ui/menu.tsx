import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** Spread on each element of a DropdownMenu's items (links or buttons). */
export const MENU_ITEM = { role: 'menuitem', tabIndex: -1 } as const;

/** How an item looks: keyboard focus and hover share the highlight. */
export const MENU_ITEM_CLASS = 'block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-brand-50 focus:bg-brand-50 focus:outline-none';

/**
 * A menu button (WAI-ARIA APG "menu button"): Enter, Space or the arrows open it on the first (or last) item;
 * the arrows, Home, End and a typed letter move between items; Escape closes it and returns to the button;
 * Tab, a click outside or choosing an item closes it.
 */
export function DropdownMenu({
  label,
  button,
  buttonClassName,
  menuClassName = 'w-48',
  before,
  children,
}: {
  label: string;
  button: ReactNode;
  buttonClassName: string;
  menuClassName?: string;
  /** Rendered inside the wrapper but outside the menu (e.g. a form its items submit). */
  before?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen.current === 'first' ? list[0] : list.at(-1))?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function show(focus: 'first' | 'last') {
    focusOnOpen.current = focus;
    setOpen(true);
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(current + 1);
    else if (event.key === 'ArrowUp') move(current - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'Tab') setOpen(false);
    else if (event.key.length === 1 && /\S/u.test(event.key)) {
      const letter = event.key.toLocaleLowerCase();
      const order = [...list.slice(current + 1), ...list.slice(0, current + 1)];
      order.find((item) => item.textContent?.trim().toLocaleLowerCase().startsWith(letter))?.focus();
    }
  }

  return (
    <div ref={rootRef} className="relative">
      {before}
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className={buttonClassName}
        onClick={() => (open ? setOpen(false) : show('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {button}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className={`absolute right-0 z-40 mt-2 rounded-lg bg-white p-1 shadow-lg ring-1 ring-black/5 ${menuClassName}`}
          onKeyDown={onMenuKeyDown}
          onClick={(event) => {
            if ((event.target as Element).closest('[role="menuitem"]')) setOpen(false);
          }}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
