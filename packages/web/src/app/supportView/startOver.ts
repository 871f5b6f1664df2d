import { HOME_PATH } from '../router/paths';

/**
 * Opening or leaving a support view changes whose screens the portal shows: start over at home with a full
 * page load, so the menus, routes, tabs, kept-alive views and cached queries are those of the new view.
 */
export function startOverAtHome(): void {
  window.location.assign(HOME_PATH);
}
