import type login from '../zh_CN/login';

/** Sign-in form (English); typed by the Chinese file. */
const loginEn: typeof login = {
  heading: 'Sign in to your account',
  username: 'Username',
  password: 'Password',
  usernameRequired: 'Please enter the username',
  passwordRequired: 'Please enter the password',
  submit: 'Sign in',
  failed: 'Sign-in failed, please retry later',
  ended: {
    IDLE: 'Signed out after {{minutes}} minutes without activity, please sign in again',
    ABSOLUTE: 'Signed out: a sign-in lasts at most {{hours}} hours, please sign in again',
    REVOKED: 'Your sign-in was ended (password changed, account disabled or signed out by an administrator), please sign in again',
  },
};

export default loginEn;
