import { createStore } from '../state/createStore';

/** Whether the change-password dialog is open; opened from the user menu or after sign-in. */
export const passwordDialogStore = createStore({ open: false });

export const openPasswordDialog = (): void => passwordDialogStore.setState({ open: true });
export const closePasswordDialog = (): void => passwordDialogStore.setState({ open: false });
