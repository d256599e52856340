import type { PublicVocabularyTopicDetail } from '@prepwise/contract';

/** A word as the topic page, its flashcards and its learn round show it. */
export type TopicWord = PublicVocabularyTopicDetail['words'][number];
