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
};

export default loginEn;
