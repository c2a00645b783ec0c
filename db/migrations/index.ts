import type { Migration } from 'kysely';
import * as createDataModel from './2026-11-21T2330_create_data_model.ts';
import * as addRateLimitsAndTwoFactor from './2026-11-22T0050_add_rate_limits_and_two_factor.ts';
import * as addProfileNameParts from './2026-11-22T0100_add_profile_name_parts.ts';
import * as addTotpReplayGuard from './2026-11-22T0120_add_totp_replay_guard.ts';
import * as addCardsAndMedia from './2026-11-22T0300_add_cards_and_media.ts';
import * as countProfileViews from './2026-11-22T0400_count_profile_views.ts';
import * as linkKindsAndEventHits from './2026-11-22T0500_link_kinds_and_event_hits.ts';
import * as countActivityByQuarterHour from './2026-11-22T0510_count_activity_by_quarter_hour.ts';
import * as addTrialRemindersAndExpiryIndexes from './2026-11-22T0520_add_trial_reminders_and_expiry_indexes.ts';
import * as addBilling from './2026-11-22T0600_add_billing.ts';
import * as keepUsernamesWithTheirAccount from './2026-11-23T0100_keep_usernames_with_their_account.ts';
import * as addLiveChoices from './2026-11-23T0200_add_live_choices.ts';
import * as storeOnboardingProgress from './2026-11-23T0400_store_onboarding_progress.ts';
import * as openSupportMessagesToVisitors from './2026-11-23T0500_open_support_messages_to_visitors.ts';
import * as prorateDemoInvoices from './2026-11-23T0510_prorate_demo_invoices.ts';
import * as addPasskeys from './2026-11-23T0700_add_passkeys.ts';
import * as addCardDesigns from './2026-11-24T0100_add_card_designs.ts';
import * as addQrDesigns from './2026-11-24T0200_add_qr_designs.ts';
import * as holdChosenLinkCodes from './2026-11-24T0300_hold_chosen_link_codes.ts';
import * as recordVisitDimensions from './2026-11-24T0400_record_visit_dimensions.ts';
import * as recordSupportSenderPlan from './2026-11-24T0500_record_support_sender_plan.ts';
import * as recordCountBatches from './2026-11-25T0100_record_count_batches.ts';
import * as addMailOutbox from './2026-11-26T0100_add_mail_outbox.ts';
import * as recordScheduledRuns from './2026-11-27T0100_record_scheduled_runs.ts';
import * as holdDeletedLinksCodes from './2026-11-28T0100_hold_deleted_links_codes.ts';
import * as recordEndedPlans from './2026-11-28T0300_record_ended_plans.ts';
import * as hashSupportClientAddresses from './2026-11-28T0400_hash_support_client_addresses.ts';
import * as addCardNameParts from './2026-11-29T0100_add_card_name_parts.ts';
import * as addEditVersions from './2026-11-29T0300_add_edit_versions.ts';
import * as addCompanyCardFields from './2026-11-30T0100_add_company_card_fields.ts';
import * as addTeams from './2026-12-01T0100_add_teams.ts';
import * as addTeamCards from './2026-12-01T0200_add_team_cards.ts';
import * as recordVisitCampaigns from './2026-12-01T0300_record_visit_campaigns.ts';
import * as addTeamTemplates from './2026-12-01T0400_add_team_templates.ts';
import * as addTeamCardPauses from './2026-12-01T0700_add_team_card_pauses.ts';
import * as addApiKeys from './2026-12-02T0100_add_api_keys.ts';
import * as addWebhooks from './2026-12-02T0200_add_webhooks.ts';
import * as addApiIdempotency from './2026-12-02T0300_add_api_idempotency.ts';
import * as countApiKeyWindows from './2026-12-02T0400_count_api_key_windows.ts';
import * as markMemberJoinedEvents from './2026-12-02T0600_mark_member_joined_events.ts';
import * as addCustomDomains from './2026-12-03T0100_add_custom_domains.ts';
import * as addTeamWhiteLabel from './2026-12-03T0400_add_team_white_label.ts';
import * as addLinkDomains from './2026-12-03T0500_add_link_domains.ts';
import * as addLeads from './2026-12-04T0100_add_leads.ts';
import * as countLeads from './2026-12-04T0200_count_leads.ts';
import * as addLinkLifecycle from './2026-12-05T0100_add_link_lifecycle.ts';
import * as addWalletRegistrations from './2026-12-06T0100_add_wallet_registrations.ts';
import * as keepReleasedDomains from './2026-12-07T0100_keep_released_domains.ts';
import * as letDomainClaimsWaitForProof from './2026-12-07T0200_let_domain_claims_wait_for_proof.ts';
import * as addCardDrafts from './2026-12-08T0100_add_card_drafts.ts';
import * as addTeamPrintedDomain from './2026-12-08T0200_add_team_printed_domain.ts';
import * as indexInvitationMails from './2026-12-08T0300_index_invitation_mails.ts';
import * as addTeamEventFields from './2026-12-08T0400_add_team_event_fields.ts';
import * as indexTeamImportLookups from './2026-12-08T0500_index_team_import_lookups.ts';
import * as breakDownItems from './2026-12-09T0200_break_down_items.ts';
import * as keepMailInTheOutbox from './2026-12-09T0300_keep_mail_in_the_outbox.ts';
import * as countLeadPosts from './2026-12-10T0100_count_lead_posts.ts';
import * as boundWalletRegistrations from './2026-12-10T0200_bound_wallet_registrations.ts';
import * as claimAccountImports from './2026-12-10T0300_claim_account_imports.ts';
import * as tieLeadDeliveriesToLeads from './2026-12-11T0100_tie_lead_deliveries_to_leads.ts';
import * as keepWebhookTries from './2026-12-12T0100_keep_webhook_tries.ts';
import * as addCrmConnections from './2026-12-12T0200_add_crm_connections.ts';
import * as addCrmApiBase from './2026-12-12T0300_add_crm_api_base.ts';
import * as addCompanySignIn from './2026-12-12T0400_add_company_sign_in.ts';

// Every migration, listed by hand in order (explicit registration, STYLE.md 3.2 #5). Static imports keep
// the list working under tsx, Vitest and the bundled production server alike.
export const migrations: Record<string, Migration> = {
  '2026-11-21T2330_create_data_model': createDataModel,
  '2026-11-22T0050_add_rate_limits_and_two_factor': addRateLimitsAndTwoFactor,
  '2026-11-22T0100_add_profile_name_parts': addProfileNameParts,
  '2026-11-22T0120_add_totp_replay_guard': addTotpReplayGuard,
  '2026-11-22T0300_add_cards_and_media': addCardsAndMedia,
  '2026-11-22T0400_count_profile_views': countProfileViews,
  '2026-11-22T0500_link_kinds_and_event_hits': linkKindsAndEventHits,
  '2026-11-22T0510_count_activity_by_quarter_hour': countActivityByQuarterHour,
  '2026-11-22T0520_add_trial_reminders_and_expiry_indexes': addTrialRemindersAndExpiryIndexes,
  '2026-11-22T0600_add_billing': addBilling,
  '2026-11-23T0100_keep_usernames_with_their_account': keepUsernamesWithTheirAccount,
  '2026-11-23T0200_add_live_choices': addLiveChoices,
  '2026-11-23T0400_store_onboarding_progress': storeOnboardingProgress,
  '2026-11-23T0500_open_support_messages_to_visitors': openSupportMessagesToVisitors,
  '2026-11-23T0510_prorate_demo_invoices': prorateDemoInvoices,
  '2026-11-23T0700_add_passkeys': addPasskeys,
  '2026-11-24T0100_add_card_designs': addCardDesigns,
  '2026-11-24T0200_add_qr_designs': addQrDesigns,
  '2026-11-24T0300_hold_chosen_link_codes': holdChosenLinkCodes,
  '2026-11-24T0400_record_visit_dimensions': recordVisitDimensions,
  '2026-11-24T0500_record_support_sender_plan': recordSupportSenderPlan,
  '2026-11-25T0100_record_count_batches': recordCountBatches,
  '2026-11-26T0100_add_mail_outbox': addMailOutbox,
  '2026-11-27T0100_record_scheduled_runs': recordScheduledRuns,
  '2026-11-28T0100_hold_deleted_links_codes': holdDeletedLinksCodes,
  '2026-11-28T0300_record_ended_plans': recordEndedPlans,
  '2026-11-28T0400_hash_support_client_addresses': hashSupportClientAddresses,
  '2026-11-29T0100_add_card_name_parts': addCardNameParts,
  '2026-11-29T0300_add_edit_versions': addEditVersions,
  '2026-11-30T0100_add_company_card_fields': addCompanyCardFields,
  '2026-12-01T0100_add_teams': addTeams,
  '2026-12-01T0200_add_team_cards': addTeamCards,
  '2026-12-01T0300_record_visit_campaigns': recordVisitCampaigns,
  '2026-12-01T0400_add_team_templates': addTeamTemplates,
  '2026-12-01T0700_add_team_card_pauses': addTeamCardPauses,
  '2026-12-02T0100_add_api_keys': addApiKeys,
  '2026-12-02T0200_add_webhooks': addWebhooks,
  '2026-12-02T0300_add_api_idempotency': addApiIdempotency,
  '2026-12-02T0400_count_api_key_windows': countApiKeyWindows,
  '2026-12-02T0600_mark_member_joined_events': markMemberJoinedEvents,
  '2026-12-03T0100_add_custom_domains': addCustomDomains,
  '2026-12-03T0400_add_team_white_label': addTeamWhiteLabel,
  '2026-12-03T0500_add_link_domains': addLinkDomains,
  '2026-12-04T0100_add_leads': addLeads,
  '2026-12-04T0200_count_leads': countLeads,
  '2026-12-05T0100_add_link_lifecycle': addLinkLifecycle,
  '2026-12-06T0100_add_wallet_registrations': addWalletRegistrations,
  '2026-12-07T0100_keep_released_domains': keepReleasedDomains,
  '2026-12-07T0200_let_domain_claims_wait_for_proof': letDomainClaimsWaitForProof,
  '2026-12-08T0100_add_card_drafts': addCardDrafts,
  '2026-12-08T0200_add_team_printed_domain': addTeamPrintedDomain,
  '2026-12-08T0300_index_invitation_mails': indexInvitationMails,
  '2026-12-08T0400_add_team_event_fields': addTeamEventFields,
  '2026-12-08T0500_index_team_import_lookups': indexTeamImportLookups,
  '2026-12-09T0200_break_down_items': breakDownItems,
  '2026-12-09T0300_keep_mail_in_the_outbox': keepMailInTheOutbox,
  '2026-12-10T0100_count_lead_posts': countLeadPosts,
  '2026-12-10T0200_bound_wallet_registrations': boundWalletRegistrations,
  '2026-12-10T0300_claim_account_imports': claimAccountImports,
  '2026-12-11T0100_tie_lead_deliveries_to_leads': tieLeadDeliveriesToLeads,
  '2026-12-12T0100_keep_webhook_tries': keepWebhookTries,
  '2026-12-12T0200_add_crm_connections': addCrmConnections,
  '2026-12-12T0300_add_crm_api_base': addCrmApiBase,
  '2026-12-12T0400_add_company_sign_in': addCompanySignIn,
};
