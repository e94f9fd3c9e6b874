/** What other features may use of this one; everything else is internal. */
export { PaymentGatewaysCard } from './components/PaymentGatewaysCard';
