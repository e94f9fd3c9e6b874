import { createContext, useContext, type ReactNode } from 'react';

/** One navigation link: a route path, its title key (`layout` namespace) and icon. */
export interface NavLink {
  path: string;
  title: string;
  icon: ReactNode;
}

/** A group of sidebar links; `title` is a `layout` key, absent for the ungrouped top. */
export interface NavGroup {
  key: string;
  title?: string;
  links: NavLink[];
}

/** The navigation the shell shows, derived by the app from its route table. */
export interface Navigation {
  top: NavLink[];
  side: NavGroup[];
}

const NavigationContext = createContext<Navigation>({ top: [], side: [] });

/** Gives the shell (header, sidebar, drawer) the navigation of the current user and status. */
export const NavigationProvider = NavigationContext.Provider;

/** The current navigation. */
export const useNavigation = (): Navigation => useContext(NavigationContext);
