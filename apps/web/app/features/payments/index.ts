export { AdminTransactionsPage } from './admin-transactions-page';
export { PackPurchase } from './pack-purchase';
export { PaymentResultPage } from './payment-result-page';
export { PaymentSimulatorPage, type SimulatorCheckout } from './simulator-page';
export { TransactionsPage } from './transactions-page';
