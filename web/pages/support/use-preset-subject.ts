import { useSearchParams } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CONTACT_TOPIC_PARAM, type ContactTopic } from './topics.ts';

const PRESET_SUBJECTS: Record<ContactTopic, MessageDescriptor> = { demo: msg`Demo request` };

function isContactTopic(value: string | null): value is ContactTopic {
  return value !== null && Object.hasOwn(PRESET_SUBJECTS, value);
}

/** The subject a contact form starts with: the one of the topic in the address, or none. */
export function usePresetSubject(): string {
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const topic = searchParams.get(CONTACT_TOPIC_PARAM);
  return isContactTopic(topic) ? i18n._(PRESET_SUBJECTS[topic]) : '';
}
