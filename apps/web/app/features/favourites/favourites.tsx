import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { ApiError, useApi } from '../../lib/api.ts';
import { HeartIcon } from '../../components/ui/icons.tsx';
import { useToast } from '../../components/ui/toast.tsx';

/** After signing in from a heart, the page comes back with this parameter and the listing is saved then. */
export const SAVE_AFTER_LOGIN = 'favourite';

interface Favourites {
  /** Saved listing ids; null until loaded (or when signed out). */
  ids: ReadonlySet<number> | null;
  toggle(propertyId: number): Promise<void>;
}
const FavouritesContext = createContext<Favourites>({ ids: null, toggle: async () => {} });

/** A listing already gone (404) counts as removed, or as nothing to add: its message is shown instead. */
function goneMessage(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status === 404) return error.body?.message;
  throw error;
}

/** The signed-in user's favourites for every heart on the page, saved and removed in place. */
export function FavouritesProvider({ children }: { children: ReactNode }) {
  const { user } = useRootData();
  const { t } = useI18n();
  const api = useApi();
  const toast = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  const [ids, setIds] = useState<ReadonlySet<number> | null>(null);
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return setIds(null);
    let cancelled = false;
    void api
      .favourites(userId)
      .then((list) => !cancelled && setIds(new Set(list.content.map((f) => f.propertyId))))
      .catch(() => !cancelled && setIds(new Set()));
    return () => {
      cancelled = true;
    };
  }, [userId, api]);

  const toggle = useCallback(
    async (propertyId: number) => {
      if (!userId || !ids) return;
      const saved = ids.has(propertyId);
      const flip = (on: boolean) =>
        setIds((current) => {
          const next = new Set(current);
          if (on) next.add(propertyId);
          else next.delete(propertyId);
          return next;
        });
      flip(!saved);
      try {
        if (saved) {
          const removed = await api.removeFavourite(userId, propertyId).then((r) => r.message, goneMessage);
          toast(removed ?? t('favourites.removed'));
        } else {
          await api.addFavourite(userId, propertyId).catch(goneMessage);
          toast(t('favourites.added'));
        }
      } catch {
        flip(saved);
        toast(t(saved ? 'favourites.removeFailed' : 'favourites.addFailed'), 'error');
      }
    },
    [userId, ids, api, t, toast],
  );

  // Back from signing in: save the listing the visitor hearted, then tidy the address.
  const pending = new URLSearchParams(location.search).get(SAVE_AFTER_LOGIN);
  useEffect(() => {
    if (!pending || !ids || !userId) return;
    const id = Number(pending);
    const params = new URLSearchParams(location.search);
    params.delete(SAVE_AFTER_LOGIN);
    void navigate({ pathname: location.pathname, search: params.size ? `?${params}` : '' }, { replace: true, preventScrollReset: true });
    if (Number.isInteger(id) && id > 0 && !ids.has(id)) void toggle(id);
  }, [pending, ids, userId, toggle, navigate, location.pathname, location.search]);

  const value = useMemo(() => ({ ids, toggle }), [ids, toggle]);
  return <FavouritesContext.Provider value={value}>{children}</FavouritesContext.Provider>;
}

export function useFavourites(): Favourites {
  return useContext(FavouritesContext);
}

/** The heart: a toggle for signed-in users; for visitors, a link to sign in that saves the listing on return. */
export function FavouriteButton({ propertyId, name, className = '' }: { propertyId: number; name: string; className?: string }) {
  const { t, href } = useI18n();
  const { user } = useRootData();
  const { ids, toggle } = useFavourites();
  const location = useLocation();
  const style = `relative z-10 inline-flex size-10 items-center justify-center rounded-full bg-white/95 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`;
  if (!user) {
    const params = new URLSearchParams(location.search);
    params.set(SAVE_AFTER_LOGIN, String(propertyId));
    const origin = `${location.pathname}?${params}`;
    return (
      <Link to={href('login', undefined, { origin })} className={style} aria-label={t('favourites.save', { name })}>
        <HeartIcon width={22} height={22} />
      </Link>
    );
  }
  const saved = ids?.has(propertyId) ?? false;
  return (
    <button
      type="button"
      className={style}
      aria-pressed={saved}
      aria-label={t('favourites.save', { name })}
      disabled={!ids}
      onClick={() => void toggle(propertyId)}
    >
      <HeartIcon width={22} height={22} className={saved ? 'fill-red-600 text-red-600' : 'text-gray-700'} />
    </button>
  );
}
