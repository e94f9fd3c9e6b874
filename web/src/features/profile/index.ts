/** What other features may use of this one; everything else is internal. */
export { DisplayNameForm } from './components/DisplayNameForm';
export { PasswordForm } from './components/PasswordForm';
export { useSelf } from './hooks/use-self';
