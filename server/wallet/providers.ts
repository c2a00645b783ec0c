import type { WalletProviders } from '../../src/wallet.ts';
import type { WalletConfig } from '../config.ts';

/** The wallets this server makes passes for: those whose credentials the operator set. */
export function walletProviders(wallet: WalletConfig): WalletProviders {
  return { apple: wallet.apple !== null, google: wallet.google !== null };
}
