import { createStore } from './createStore';

/** Layout settings (spec 3.3). */
export interface SettingsState {
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export const DEFAULT_SETTINGS: SettingsState = {
  showSettings: false,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: false,
};

export const settingsStore = createStore<SettingsState>({ ...DEFAULT_SETTINGS });

/** Sets a key only if the settings already have it, so a typo cannot add a stray setting. */
export function changeSetting(key: string, value: unknown): boolean {
  const state = settingsStore.getState();
  if (!Object.prototype.hasOwnProperty.call(state, key)) return false;
  settingsStore.setState({ [key]: value } as Partial<SettingsState>);
  return true;
}
