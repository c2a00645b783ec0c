// Anchors of /dashboard/support, also linked from outside (the landing page's 'Schedule Demo'). A module
// of its own, so linking here does not load the support page's code.

export const CONTACT_SECTION_ID = 'contact';
export const FAQ_SECTION_ID = 'faq';
