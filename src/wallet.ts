import { serverPaths } from './routes.ts';

// A card in Apple Wallet and Google Wallet (docs/integrations.md "Wallet passes"): its signed .pkpass, and the address that
// sends a visitor to Google's save page with a signed pass. Each is offered only where the operator has set
// its credentials up (WalletProviders).

/** Which wallets this server makes passes for. */
export interface WalletProviders {
  apple: boolean;
  google: boolean;
}

export const applePassPath = (vcardId: string) => `${serverPaths.vcardPage}/${vcardId}/card.pkpass`;
export const googleWalletPath = (vcardId: string) => `${serverPaths.vcardPage}/${vcardId}/google-wallet`;

/** The wallets this server makes passes for: those whose credentials the operator set (config's wallet). */
export function walletProviders(wallet: { apple: object | null; google: object | null }): WalletProviders {
  return { apple: wallet.apple !== null, google: wallet.google !== null };
}
