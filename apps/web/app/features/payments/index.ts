export { BackOfficeTransactionsPage } from './back-office-transactions-page';
export { OrganizationPackagePage } from './organization-package-page';
export { PackPurchase } from './pack-purchase';
export { PackageCreatePage, PackageEditPage, PackageListPage } from './package-pages';
export { PaymentResultPage } from './payment-result-page';
export { PaymentSimulatorPage, type SimulatorCheckout } from './simulator-page';
export { TransactionsPage } from './transactions-page';
