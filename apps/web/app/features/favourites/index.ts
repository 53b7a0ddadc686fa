// The favourites feature's public entry: what the shell and other features may use of it.
export { FavouriteButton, FavouritesProvider } from './favourites.tsx';
